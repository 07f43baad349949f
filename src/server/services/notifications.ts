import { orderedOf } from '@contract/believer';
import { ORDER_STATE } from '@contract/payment';
import { maskPhone } from '@contract/phone';
import { type SmsParams, type SmsRequest, type SmsTemplateName, smsParam } from '@contract/sms';
import { templeDateTime } from '@contract/temple-day';
import { addMinutes, addSeconds } from 'date-fns';
import { sql } from 'kysely';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { type SmsProvider, SmsRefused } from '../gateways/sms';
import type { Logger } from '../logger';

/**
 * The SMS the temple promises (000 section 1, 002 section 1), as rows of `notifications`: queued by
 * `queueNotification` in the transaction that causes them (a payment, a reservation, a paid
 * membership, a volunteer review), sent once by the sweeper (`createNotificationSender`).
 */

/** A message's subject: the order, the membership period or the application it is about. */
export type NotificationSubject =
  | { kind: 'order'; orderId: number }
  | { kind: 'membership'; membershipId: number; endDate: string }
  | { kind: 'volunteer'; applicationId: number };

const subjectKey = (subject: NotificationSubject): string =>
  subject.kind === 'order'
    ? `order:${subject.orderId}`
    : subject.kind === 'membership'
      ? `membership:${subject.membershipId}:${subject.endDate}`
      : `volunteer:${subject.applicationId}`;

/** Reminders wait for the day: none between 21:00 and 08:00 at the temple (China time, UTC+8, no DST). */
const QUIET_FROM_HOUR = 21;
const QUIET_UNTIL_HOUR = 8;
const templeHour = (at: Date) => (at.getUTCHours() + 8) % 24;

/** `at`, or the next 08:00 at the temple when `at` falls in the night. */
export const daytime = (at: Date): Date => {
  const hour = templeHour(at);
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return at;
  const waitHours = hour >= QUIET_FROM_HOUR ? 24 - hour + QUIET_UNTIL_HOUR : QUIET_UNTIL_HOUR - hour;
  const next = new Date(at.getTime() + waitHours * 3_600_000);
  next.setUTCMinutes(0, 0, 0);
  return next;
};

/** An order's time as the message says it: 2026-12-03 10:00 (the temple's clock). */
export const messageTime = (at: Date): string => templeDateTime(at).slice(0, 16);

/** Yuan as the message says it: 1000, 12.5. */
export const messageYuan = (fen: number): string => String(fen / 100);

/** What an order is, short enough for a template parameter. */
export const messageWhat = (description: string): string => smsParam(description);

/**
 * Queues a message in the caller's transaction: sent at `dueAt` (or at once), once per template and
 * subject (a second queueing of the same is ignored).
 */
export const queueNotification = async <N extends SmsTemplateName>(
  trx: Db,
  message: { template: N; params: SmsParams<N>; phone: string; subject: NotificationSubject },
  now: Date,
  dueAt: Date = now,
): Promise<void> => {
  await trx
    .insertInto('notifications')
    .values({
      kind: message.template,
      subject: subjectKey(message.subject),
      phone: message.phone,
      params: JSON.stringify(message.params),
      created_at: now,
      due_at: dueAt,
    })
    .onConflict((oc) => oc.columns(['kind', 'subject']).doNothing())
    .execute();
};

type NotificationRow = Pick<Database['notifications'], 'kind' | 'subject' | 'phone'> & {
  id: number;
  params: Record<string, string>;
  due_at: Date;
};

/**
 * Whether a claimed message is still right to send, read in the claiming transaction: the order is
 * still paid (confirmation, balance paid), still reserved and unpaid (reservation, reminder); the membership still
 * ends on that day (not renewed); the application is still so decided.
 */
const stillDue = async (trx: Db, row: NotificationRow, now: Date): Promise<boolean> => {
  const [kind, id, endDate] = row.subject.split(':');
  const subjectId = Number(id);
  if (kind === 'order') {
    const order = await trx
      .selectFrom('orders')
      .select(['state', 'reservation', 'hold_until'])
      .where('id', '=', subjectId)
      .executeTakeFirst();
    if (!order) return false;
    if (row.kind === 'payment_confirmed' || row.kind === 'balance_paid')
      return order.state === ORDER_STATE.paid;
    return order.state === ORDER_STATE.reserved && order.reservation && now < order.hold_until;
  }
  if (kind === 'membership') {
    const member = await trx
      .selectFrom('memberships')
      .select('end_date')
      .where('id', '=', subjectId)
      .executeTakeFirst();
    return member?.end_date === endDate;
  }
  const application = await trx
    .selectFrom('volunteer_applications')
    .select('status')
    .where('id', '=', subjectId)
    .executeTakeFirst();
  return application?.status === (row.kind === 'volunteer_approved' ? 'approved' : 'rejected');
};

/** A message claimed by one instance is its own this long; a failed one is tried again after it. */
const CLAIM_SECONDS = 60;
/** Tries before a message is left for the temple to see (the console lists it as not sent). */
export const MAX_SEND_ATTEMPTS = 5;

/**
 * How the sender keeps up with a backlog (issue 38): it sends `perSecond` at a time, all at once,
 * each second at most (the carrier's rate, with room to spare), batch after batch until nothing is
 * due or a sweep has sent for `budgetMs` (the next sweep then goes on). At 30 a second a backlog
 * of 100 000 messages is sent in 56 minutes; one message waits on none of it (fresh ones first).
 */
export interface SendPace {
  perSecond: number;
  budgetMs: number;
}
export const SEND_PACE: SendPace = { perSecond: 30, budgetMs: 20_000 };

export interface NotificationSenderDeps {
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  logger: Logger;
  pace?: SendPace;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends the messages that are due. Each is claimed in a short transaction (`FOR UPDATE SKIP
 * LOCKED`, then `claimed_until`), its subject checked again there, and sent after the commit: two
 * instances never send one message, and the carrier is never waited for inside a transaction (PGlite
 * has one connection). A carrier that refuses or does not answer leaves the message for the next
 * sweep after the claim ends, up to MAX_SEND_ATTEMPTS; a number that cannot receive SMS is not tried
 * again.
 */
export const createNotificationSender = ({
  db,
  clock,
  sms,
  logger,
  pace = SEND_PACE,
}: NotificationSenderDeps) => {
  const claim = (now: Date) =>
    db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('notifications')
        .select(['id', 'kind', 'subject', 'phone', 'params', 'due_at'])
        .where('sent_at', 'is', null)
        .where('dropped_at', 'is', null)
        .where('due_at', '<=', now)
        .where('attempts', '<', MAX_SEND_ATTEMPTS)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        // Fresh first: a confirmation just queued never waits behind an old backlog (the
        // backlog is sent as the carrier's rate allows, newest of it first).
        .orderBy('due_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pace.perSecond)
        .forUpdate()
        .skipLocked()
        .execute();
      const claimed: NotificationRow[] = [];
      for (const row of due) {
        if (await stillDue(trx, row, now)) claimed.push(row);
        else
          await trx.updateTable('notifications').set({ dropped_at: now }).where('id', '=', row.id).execute();
      }
      if (claimed.length) {
        await trx
          .updateTable('notifications')
          .set({ claimed_until: addSeconds(now, CLAIM_SECONDS), attempts: sql`attempts + 1` })
          .where(
            'id',
            'in',
            claimed.map((row) => row.id),
          )
          .execute();
      }
      return claimed;
    });

  const sendOne = async (row: NotificationRow, now: Date): Promise<boolean> => {
    const request = {
      phone: row.phone,
      template: row.kind,
      params: row.params,
      ref: `n${row.id}`,
    } as SmsRequest;
    try {
      await sms.send(request, now);
      await db.updateTable('notifications').set({ sent_at: now }).where('id', '=', row.id).execute();
      return true;
    } catch (error) {
      const code = error instanceof SmsRefused ? `${error.kind}:${error.carrierCode}` : String(error);
      logger.warn('notification.failed', { id: row.id, kind: row.kind, phone: maskPhone(row.phone), code });
      await db
        .updateTable('notifications')
        .set({
          last_error: code.slice(0, 200),
          // A number that cannot receive SMS will not receive it later either.
          ...(error instanceof SmsRefused && error.kind === 'badNumber' ? { dropped_at: now } : {}),
        })
        .where('id', '=', row.id)
        .execute();
      return false;
    }
  };

  return {
    /**
     * Sends what is due, a second's worth at a time at the carrier's rate, until nothing is due
     * or the sweep's budget is spent; answers how many went out.
     */
    async sendDue(): Promise<number> {
      const started = performance.now();
      let sent = 0;
      for (;;) {
        const batchStarted = performance.now();
        const now = clock.now();
        const batch = await claim(now);
        const results = await Promise.all(batch.map((row) => sendOne(row, now)));
        sent += results.filter(Boolean).length;
        // Nothing more due, or a carrier that took none of a batch: the next sweep goes on (a
        // carrier that is down does not burn the attempts of the whole backlog in one sweep).
        if (batch.length < pace.perSecond || !results.some(Boolean)) return sent;
        const second = 1000 - (performance.now() - batchStarted);
        if (performance.now() - started + Math.max(second, 0) >= pace.budgetMs) return sent;
        if (second > 0) await pause(second);
      }
    },
  };
};

export type NotificationSender = ReturnType<typeof createNotificationSender>;

/** The reminder of a reservation: a day before its hold ends, in the daytime. */
export const reminderDue = (holdUntil: Date, now: Date): Date => {
  const dayBefore = daytime(addMinutes(holdUntil, -24 * 60));
  return dayBefore < now ? now : dayBefore;
};

/**
 * Queues an order's message in the caller's transaction, to the believer's phone: its payment
 * confirmed (at once), or its reservation made (at once) with the reminder a day before the hold ends.
 */
export const queueOrderMessages = async (
  trx: Db,
  orderId: number,
  cause: 'paid' | 'reserved',
  now: Date,
): Promise<void> => {
  const order = await trx
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.out_trade_no',
      'orders.description',
      'orders.amount_fen',
      'orders.hold_until',
      'users.phone',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow();
  const subject = { kind: 'order', orderId } as const;
  const what = messageWhat(order.description);
  const orderNo = order.out_trade_no;
  if (cause === 'paid') {
    const params = { orderNo, what, amount: messageYuan(order.amount_fen) };
    await queueNotification(trx, { template: 'payment_confirmed', params, phone: order.phone, subject }, now);
    return;
  }
  const params = { orderNo, what, deadline: messageTime(order.hold_until) };
  await queueNotification(trx, { template: 'reservation_made', params, phone: order.phone, subject }, now);
  await queueNotification(
    trx,
    { template: 'reservation_reminder', params, phone: order.phone, subject },
    now,
    reminderDue(order.hold_until, now),
  );
};

/**
 * Queues, in the caller's transaction, the message that a balance was paid at the temple (after the
 * deposit): `amountFen` now, the order's whole price in all. Once per order (its balance is one).
 */
export const queueBalanceMessage = async (trx: Db, orderId: number, amountFen: number, now: Date) => {
  const order = await trx
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.out_trade_no', 'orders.description', 'orders.price_fen', 'users.phone'])
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow();
  const params = {
    orderNo: order.out_trade_no,
    // What was ordered without its kind's word: 定金 no longer says what is paid.
    what: messageWhat(orderedOf(order.description)),
    amount: messageYuan(amountFen),
    total: messageYuan(order.price_fen),
  };
  const subject = { kind: 'order', orderId } as const;
  await queueNotification(trx, { template: 'balance_paid', params, phone: order.phone, subject }, now);
};

/** A membership's reminder: 30 days before its end date, at 10:00 at the temple (at once when nearer). */
export const MEMBERSHIP_REMINDER_DAYS = 30;
export const membershipReminderDue = (endDate: string, now: Date): Date => {
  const due = new Date(`${endDate}T10:00:00+08:00`);
  due.setUTCDate(due.getUTCDate() - MEMBERSHIP_REMINDER_DAYS);
  return due < now ? daytime(now) : due;
};
