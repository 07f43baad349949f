import { ORDER_STATE, PAYMENT_HOLD_MINUTES, PAYMENT_MESSAGES } from '@contract/payment';
import { ORDER_LIMITS } from '@contract/rate-limits';
import { RESERVATION_HOLD_DAYS } from '@contract/reservation-hold';
import { STATUE_MESSAGES } from '@contract/statue';
import { templeDateTime, templeToday } from '@contract/temple-day';
import type { OrderEvent } from '@machines/order.machine';
import { addDays, addMinutes } from 'date-fns';
import { sql } from 'kysely';
import * as v from 'valibot';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError, badRequest, conflict, tooManyRequests } from '../errors';
import { parseWith } from '../http';
import type { SessionUser } from './auth';
import { holdHasEnded, holdHasEndedSql, isLiveHold, isLiveHoldSql } from './holds-place';
import { queueOrderMessages } from './notifications';
import type { OrderKind, StoredOrder } from './order-kinds';
import { orderStep, type StoredState } from './order-lifecycle';
import { hitRateLimits } from './rate-limit';
import { markStatueOffered } from './statue-order-kind';

export interface OrdersDeps {
  db: Db;
  clock: Clock;
  kinds: OrderKind[];
  /**
   * Told once a change of an order's state is committed (paid, cancelled by staff), so answers
   * held in memory (the payment poll's) drop it at once. Expiry needs no call: it is judged
   * from the hold on every answer.
   */
  onStateChanged?: (outTradeNo: string) => void;
}

/**
 * WF, the second it was made on the temple's clock (China time, as 我的订单 shows the order time),
 * and the order's own id (mod 10^6): two orders never share a number unless a million are made
 * in one second.
 */
export const tradeNo = (now: Date, id: number) =>
  `WF${templeDateTime(now).replace(/\D/g, '')}${String(id % 1_000_000).padStart(6, '0')}`;

const orderType = v.object(
  { type: v.pipe(v.number(PAYMENT_MESSAGES.unknownType), v.integer(PAYMENT_MESSAGES.unknownType)) },
  PAYMENT_MESSAGES.unknownType,
);

const created = ['id', 'out_trade_no', 'hold_until', 'amount_fen', 'description', 'reservation'] as const;

export type OrderRow = StoredOrder & StoredState & { hold_until: Date };

export interface OrderState {
  out_trade_no: string;
  user_id: number;
  state: number;
  hold_until: Date;
}

/** The 1-second poll's reading of an order: owner, state and hold. */
export const readOrderState = (db: Db, outTradeNo: string): Promise<OrderState | undefined> =>
  db
    .selectFrom('orders')
    .select(['out_trade_no', 'user_id', 'state', 'hold_until'])
    .where('out_trade_no', '=', outTradeNo)
    .executeTakeFirst();

/**
 * Of these orders as last read (trade number and state), the ones whose state is no longer
 * that, as they are now (a hold never moves and an order never changes hands, so the state is
 * all that can change): the answer is usually empty, so checking every polled order costs one
 * small read.
 */
export const changedOrderStates = async (
  db: Db,
  known: readonly { out_trade_no: string; state: number }[],
): Promise<OrderState[]> => {
  const { rows } = await sql<OrderState>`
    select o.out_trade_no, o.user_id, o.state, o.hold_until
    from unnest(${known.map((o) => o.out_trade_no)}::text[], ${known.map((o) => o.state)}::int[])
      as p(out_trade_no, state)
    join orders o on o.out_trade_no = p.out_trade_no
    where o.state <> p.state`.execute(db);
  return rows;
};

/** The poll's answer: '1' paid, otherwise the orderState; a hold that ran out reads as closed ('5') before the sweeper gets to it. */
export const pollAnswer = (order: { state: number; hold_until: Date }, now: Date): string =>
  String(holdHasEnded(order, now) ? ORDER_STATE.closed : order.state);

/** JSON with every object's keys in order: two requests that mean the same read the same. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/** Whether a stored order's request (as stored, through JSON) is the one sent again. */
const sameRequest = (kind: OrderKind, stored: unknown, request: unknown): boolean => {
  const comparable = (r: unknown) => canonical(kind.comparable ? kind.comparable(r) : r);
  return comparable(stored) === comparable(JSON.parse(JSON.stringify(request)));
};

export const createOrdersService = ({ db, clock, kinds, onStateChanged = () => {} }: OrdersDeps) => {
  const kindOf = (type: number) => kinds.find((k) => k.type === type);

  /**
   * Moves a locked order by one event of the order machine and carries out its actions: the
   * kind's place taken or released, paid or closed written. Answers the new wire state, or null
   * when the machine does not accept the event in the order's state.
   */
  const apply = async (trx: Db, order: OrderRow, event: OrderEvent, now: Date) => {
    const step = orderStep(order, event);
    if (!step) return null;
    const kind = kindOf(order.type);
    for (const action of step.actions) {
      if (action === 'releasePlace') await kind?.places?.release(trx, order, now);
      if (action === 'markPaid') await kind?.onPaid?.(trx, order, now);
    }
    // The temple confirms by SMS (000 section 1), sent after this transaction commits.
    if (step.actions.includes('markPaid')) await queueOrderMessages(trx, order.id, 'paid', now);
    await trx
      .updateTable('orders')
      .set({
        state: step.state,
        ...(step.actions.includes('markPaid') ? { paid_at: now } : {}),
        ...(step.state === ORDER_STATE.closed ? { closed_at: now } : {}),
      })
      .where('id', '=', order.id)
      .execute();
    return step;
  };

  const lockOrder = (trx: Db, where: { outTradeNo: string }) =>
    trx
      .selectFrom('orders')
      .select(['id', 'type', 'user_id', 'out_trade_no', 'state', 'reservation', 'hold_until', 'amount_fen'])
      .where('out_trade_no', '=', where.outTradeNo)
      .forUpdate()
      .executeTakeFirst();

  /**
   * The believer's unpaid order of this kind for this subject, still within its hold, locked: the
   * one a new submission resumes or replaces. The caller holds the subject's advisory lock.
   */
  const openOrderFor = (trx: Db, userId: number, type: number, subject: string, now: Date) =>
    trx
      .selectFrom('orders')
      .select([...created, 'type', 'user_id', 'state', 'payload'])
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .where('subject', '=', subject)
      .where(isLiveHoldSql(now))
      .orderBy('id', 'desc')
      .forUpdate()
      .executeTakeFirst();

  const findByKey = (trx: Db, userId: number, key: string) =>
    trx
      .selectFrom('orders')
      .select([...created, 'type', 'payload', 'state'])
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key)
      // A replacement closing it meanwhile is seen once it commits: never a closed order's QR.
      .forUpdate()
      .executeTakeFirst();

  return {
    kindOf,
    apply,
    lockOrder,

    /**
     * Validates with the kind's schema, prices on the server, takes the kind's place and stores
     * the order with its hold, all in one transaction. The same idempotency key from the same
     * believer with the same request answers the order it made the first time while that order
     * can be paid (or is paid); with a changed request (the believer edited the dialog after
     * closing its QR), or once that order closed or ran out, it is a new submission, made without
     * the key. An unpaid order is resumed, never
     * duplicated: while the believer has one of this kind for the same subject within its hold,
     * the same request answers that order (its QR, amount and hold unchanged), and a changed one
     * closes it, releasing its place, in the transaction that makes the new one. A valid order counts against
     * ORDER_LIMITS per believer and, given the caller's `address`, per address (in the database,
     * committed whatever the answer), before anything is priced or held.
     */
    async create(input: unknown, user: SessionUser, idempotencyKey?: string, address?: string) {
      const kind = kindOf(parseWith(orderType, input).type);
      if (!kind) throw badRequest(PAYMENT_MESSAGES.unknownType);
      const now = clock.now();
      // A kind's date rules are judged on the clock's day, never the machine's.
      const schema = typeof kind.schema === 'function' ? kind.schema(templeToday(now)) : kind.schema;
      const request = parseWith(schema, input);
      const waits = [
        await hitRateLimits(db, `orders:user:${user.id}`, [ORDER_LIMITS.perBeliever], now),
        address === undefined
          ? null
          : await hitRateLimits(db, `orders:addr:${address}`, [ORDER_LIMITS.perAddress], now),
      ].filter((wait): wait is number => wait !== null);
      if (waits.length) {
        const wait = Math.max(...waits);
        throw tooManyRequests(PAYMENT_MESSAGES.tooManyOrders(wait), wait);
      }
      const replaced: string[] = [];
      const order = await db.transaction().execute(async (trx) => {
        let key = idempotencyKey ?? null;
        if (idempotencyKey) {
          // Two tries with one key queue here; the second finds the first's order.
          await sql`select pg_advisory_xact_lock(hashtext(${`order:${user.id}:${idempotencyKey}`}))`.execute(
            trx,
          );
          const earlier = await findByKey(trx, user.id, idempotencyKey);
          if (earlier) {
            if (earlier.type !== kind.type) throw conflict(PAYMENT_MESSAGES.keyReused);
            // The same confirmation again answers its order while it can still be paid (or once it
            // is); an order since closed or run out, or an edited request, is a new submission.
            const open = isLiveHold(earlier, now) || earlier.state === ORDER_STATE.paid;
            if (open && sameRequest(kind, earlier.payload, request)) return earlier;
            key = null;
          }
        }
        // Its parts as JSON: free text (a name, a wish) can never make two subjects one.
        const subject = JSON.stringify(kind.subjectOf(request));
        // One believer's submissions for one subject queue here, across processes.
        await sql`select pg_advisory_xact_lock(hashtext(${`order-subject:${user.id}:${kind.type}:${subject}`}))`.execute(
          trx,
        );
        const open = await openOrderFor(trx, user.id, kind.type, subject, now);
        if (open) {
          if (sameRequest(kind, open.payload, request)) return open;
          await apply(trx, open, { type: 'order.cancelled' }, now);
          replaced.push(open.out_trade_no);
        }
        const priced = await kind.price(trx, request, user, now);
        const step = orderStep('creating', {
          type: 'order.created',
          reservation: priced.mode === 'reservation',
        });
        if (!step) throw new Error('the order machine refused order.created');
        const { id } = await sql<{ id: number }>`select nextval('orders_id_seq')::int as id`
          .execute(trx)
          .then((r) => r.rows[0] ?? { id: 0 });
        const order = await trx
          .insertInto('orders')
          .values({
            id,
            out_trade_no: tradeNo(now, id),
            user_id: user.id,
            type: kind.type,
            state: step.state,
            reservation: priced.mode === 'reservation',
            amount_fen: priced.amountFen,
            price_fen: Math.max(priced.priceFen ?? priced.amountFen, priced.amountFen),
            description: priced.description,
            payload: JSON.stringify(request),
            created_at: now,
            hold_until:
              priced.mode === 'reservation'
                ? addDays(now, RESERVATION_HOLD_DAYS)
                : addMinutes(now, PAYMENT_HOLD_MINUTES),
            idempotency_key: key,
            subject,
          })
          .returning(created)
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('order_items')
          .values(
            priced.items.map((item) => ({
              order_id: order.id,
              name: item.name,
              item_code: item.itemCode,
              quantity: item.quantity,
              unit_price_fen: item.unitPriceFen,
              amount_fen: item.amountFen,
              wish: item.wish,
              donor_name: item.donorName,
            })),
          )
          .execute();
        if (priced.places?.length) {
          await trx
            .insertInto('order_places')
            .values(priced.places.map((p) => ({ order_id: id, place: p.place, quantity: p.quantity })))
            .execute();
        }
        const stored = { id, type: kind.type, user_id: user.id, out_trade_no: order.out_trade_no };
        await priced.store?.(trx, stored);
        if (
          step.actions.includes('takePlace') &&
          kind.places &&
          !(await kind.places.take(trx, stored, now))
        ) {
          throw conflict(kind.places.soldOut);
        }
        if (order.reservation) await queueOrderMessages(trx, id, 'reserved', now);
        return order;
      });
      // The replaced order's poll answers closed at once.
      for (const no of replaced) onStateChanged(no);
      return order;
    },

    /** Called by whoever committed a change of the order's state outside this service (settlement). */
    stateChanged: onStateChanged,

    /**
     * Closes every unpaid order whose hold ran out and releases its place, but those in `keep`
     * (online orders whose QR the gateway could not be asked to close: the next sweep tries again);
     * safe to run from several processes at once (locked rows are skipped, and a row closes only once).
     */
    async closeExpired(keep: readonly number[] = []): Promise<number> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('orders')
          .select(['id', 'type', 'user_id', 'out_trade_no', 'state', 'reservation', 'hold_until'])
          .where(holdHasEndedSql(now))
          .$if(keep.length > 0, (q) => q.where('id', 'not in', keep))
          .orderBy('id')
          .forUpdate()
          .skipLocked()
          .limit(500)
          .execute();
        let closed = 0;
        for (const order of due) {
          if (await apply(trx, order, { type: 'hold.expired' }, now)) closed += 1;
        }
        return closed;
      });
    },

    /**
     * The believer cancels an unpaid order of theirs (我的订单): closed, its place released, in
     * one transaction. Another believer's order is not found; a paid or closed one is not open.
     */
    async cancelOwn(outTradeNo: string, user: SessionUser) {
      const now = clock.now();
      const step = await db.transaction().execute(async (trx) => {
        const order = await lockOrder(trx, { outTradeNo });
        if (!order || order.user_id !== user.id) throw new AppError(404, PAYMENT_MESSAGES.notFound);
        if (holdHasEnded(order, now)) {
          await apply(trx, order, { type: 'hold.expired' }, now);
          return null;
        }
        return apply(trx, order, { type: 'order.cancelled' }, now);
      });
      onStateChanged(outTradeNo);
      if (!step) throw conflict(PAYMENT_MESSAGES.notOpen);
      return step.state;
    },

    /** Temple staff (a server command until there is an admin console): paid at the temple, or cancelled. */
    async staff(
      outTradeNo: string,
      event: Extract<OrderEvent, { type: 'staff.markedPaid' | 'order.cancelled' }>,
    ) {
      const now = clock.now();
      const step = await db.transaction().execute(async (trx) => {
        const order = await lockOrder(trx, { outTradeNo });
        if (!order) throw new AppError(404, PAYMENT_MESSAGES.notFound);
        // A hold that ran out is closed first, whether or not the sweeper ran.
        if (holdHasEnded(order, now)) {
          await apply(trx, order, { type: 'hold.expired' }, now);
          return null;
        }
        return apply(trx, order, event, now);
      });
      onStateChanged(outTradeNo);
      if (!step) throw conflict(PAYMENT_MESSAGES.notOpen);
      return step.state;
    },

    /** Temple staff put a paid statue in its niche (已售已供): its seat then shows 4. */
    async markStatueOffered(outTradeNo: string): Promise<void> {
      const now = clock.now();
      const done = await db.transaction().execute((trx) => markStatueOffered(trx, outTradeNo, now));
      if (!done) throw conflict(STATUE_MESSAGES.notOfferable);
    },
  };
};

export type OrdersService = ReturnType<typeof createOrdersService>;
