import { ORDER_STATE, PAYMENT_MESSAGES } from '@contract/payment';
import { PHONE_PAYMENT_LIMITS } from '@contract/rate-limits';
import { addSeconds } from 'date-fns';
import { type Selectable, type SqlBool, sql } from 'kysely';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { AppError, conflict, tooManyRequests } from '../errors';
import {
  GatewayUnavailable,
  type OpenedTrade,
  type Payer,
  type PaymentGateway,
  type RefundStatus,
} from '../gateways/payment';
import type { Logger } from '../logger';
import { holdHasEndedSql, isLiveHoldSql } from './holds-place';
import type { PaymentsService } from './payments';
import { hitRateLimits } from './rate-limit';

export interface ReconciliationDeps {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  logger: Logger;
  payments: PaymentsService;
  /** Where phones reach this server (the sandbox's QR is a page of ours). */
  publicOrigin: () => string;
}

/** An unpaid order's open attempt is asked about at the gateway once it is this old, and then this often. */
export const QUERY_AFTER_SECONDS = 60;
/** A refund asked for and not yet answered is asked again (same out_refund_no) only after this. */
const REFUND_RETRY_SECONDS = 60;
const BATCH = 50;

/** Our refund number of a payment: one per payment, so asking again is the same refund at the gateway. */
export const refundNo = (paymentId: number) => `RF${String(paymentId).padStart(10, '0')}`;

/** An order's QR as the gateway is asked for it: the order's number, amount, words and hold. */
interface QrOrder {
  id: number;
  out_trade_no: string;
  amount_fen: number;
  description: string;
  hold_until: Date;
}

/**
 * WeChat's H5 cashier address lives 5 minutes; one older than this is asked again with the same
 * parameters, so the page is never handed one about to lapse.
 */
export const H5_URL_SECONDS = 4 * 60;

type Attempt = Selectable<Database['payment_attempts']>;

/** An offer of an order on a channel: the trade as the gateway opened it, or the money had come. */
export type Offer = { paid: true } | { paid: false; trade: OpenedTrade };

/**
 * The trade number of an order's attempt after `earlier` others: the first is the order's own
 * number (so the QR made with the order keeps it), each later one the order's number and T2, T3…
 */
export const attemptTradeNo = (orderNo: string, earlier: number) =>
  earlier === 0 ? orderNo : `${orderNo}T${earlier + 1}`;

/** An open attempt serves a payer on its channel with the same openid or address (WeChat refuses a trade re-ordered with a changed field). */
const serves = (attempt: Attempt, payer: Payer) =>
  attempt.channel === payer.channel &&
  (payer.channel !== 'jsapi' || attempt.openid === payer.openid) &&
  (payer.channel !== 'h5' || attempt.client_ip === payer.clientIp);

/** What an attempt's stored answer still gives: its QR, its prepay id, or an H5 address younger than 5 minutes. */
const storedAnswer = (attempt: Attempt, now: Date): OpenedTrade | null => {
  if (attempt.channel === 'native' && attempt.code_url)
    return { channel: 'native', codeUrl: attempt.code_url };
  if (attempt.channel === 'jsapi' && attempt.prepay_id)
    return { channel: 'jsapi', prepayId: attempt.prepay_id };
  const fresh = attempt.answered_at !== null && attempt.answered_at > addSeconds(now, -H5_URL_SECONDS);
  if (attempt.channel === 'h5' && attempt.h5_url && fresh) return { channel: 'h5', h5Url: attempt.h5_url };
  return null;
};

/** An attempt the gateway has made (it holds what the gateway returned), so one it can be asked about. */
const madeAtGateway = sql<SqlBool>`(payment_attempts.code_url is not null or payment_attempts.prepay_id is not null or payment_attempts.h5_url is not null)`;

/**
 * What the gateway is asked besides notifications (DESIGN section 4), over the orders' payment
 * attempts (each with its own trade number, payment_attempts): the QR made with the order (its
 * Native attempt); every minute, the open attempts of unpaid orders that no notification settled
 * (a lost notification is found by the query); before an online order's ended hold is released,
 * its attempts closed at the gateway (a payment that beat the close is settled instead); and a
 * refund of money owed back, once, on the trade the money came through.
 */
export const createReconciliationService = ({
  db,
  clock,
  gateway,
  logger,
  payments,
  publicOrigin,
}: ReconciliationDeps) => {
  const failed = (what: string, outTradeNo: string, error: unknown) => {
    const code = error instanceof GatewayUnavailable ? error.gatewayCode : String(error);
    logger.warn(`gateway.${what}_failed`, { outTradeNo, code });
  };

  /** Settles a trade the gateway says was paid (the same idempotent path as a notification). */
  const settleIfPaid = async (outTradeNo: string): Promise<boolean> => {
    const trade = await gateway.query(outTradeNo);
    if (trade.state !== 'paid') return false;
    await payments.settle(trade.payment);
    return true;
  };

  /** Closes an attempt at the gateway, settling a payment that beat the close; marks it closed. */
  const closeAttempt = async (outTradeNo: string): Promise<'closed' | 'paid'> => {
    const closed = await gateway.close(outTradeNo);
    if (closed === 'paid') await settleIfPaid(outTradeNo);
    await db
      .updateTable('payment_attempts')
      .set({ closed_at: clock.now() })
      .where('out_trade_no', '=', outTradeNo)
      .where('closed_at', 'is', null)
      .execute();
    return closed;
  };

  /** An order's attempts still open at the gateway (made there and not closed). */
  const openAttempts = (orderId: number) =>
    db
      .selectFrom('payment_attempts')
      .select(['out_trade_no', 'channel', 'code_url'])
      .where('order_id', '=', orderId)
      .where('closed_at', 'is', null)
      .where(madeAtGateway)
      .orderBy('id')
      .execute();

  /**
   * The attempt that serves `payer`, chosen in one transaction holding the order's row (so two
   * requests, on one instance or two, choose the same), while the order is still open: the open
   * attempt on the payer's channel, or a new one, the order's first under the order's own number
   * and each later under a number of its own. The order's other open attempts are marked closed
   * in the same transaction (so a rival offer does not serve them, nor close this one), to be
   * closed at the gateway before this one is opened.
   */
  const attemptFor = (order: QrOrder, payer: Payer) =>
    db.transaction().execute(async (trx) => {
      const now = clock.now();
      const open = await trx
        .selectFrom('orders')
        .select('id')
        .where('id', '=', order.id)
        .where('reservation', '=', false)
        .where(isLiveHoldSql(now))
        .forUpdate()
        .executeTakeFirst();
      if (!open) throw conflict(PAYMENT_MESSAGES.notOpen);
      const attempts = await trx
        .selectFrom('payment_attempts')
        .selectAll()
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute();
      const serving = attempts.findLast((attempt) => attempt.closed_at === null && serves(attempt, payer));
      const others = attempts
        .filter((attempt) => attempt.closed_at === null && attempt !== serving)
        .map((attempt) => attempt.out_trade_no);
      if (others.length > 0)
        await trx
          .updateTable('payment_attempts')
          .set({ closed_at: now })
          .where('out_trade_no', 'in', others)
          .execute();
      if (serving) return { attempt: serving, others };
      const attempt = await trx
        .insertInto('payment_attempts')
        .values({
          order_id: order.id,
          out_trade_no: attemptTradeNo(order.out_trade_no, attempts.length),
          channel: payer.channel,
          openid: payer.channel === 'jsapi' ? payer.openid : null,
          client_ip: payer.channel === 'h5' ? payer.clientIp : null,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { attempt, others };
    });

  /**
   * Stores what the gateway returned (at `asked`, the time before the call), while the attempt is
   * open: the first stored QR or prepay id is the attempt's; an H5 address is replaced by a fresh
   * one. An attempt closed meanwhile (a cancel, a rival offer, the hold's end) has its new trade
   * closed at the gateway too, and the order is not open (409).
   */
  const storeAnswer = async (attempt: Attempt, opened: OpenedTrade, asked: Date): Promise<OpenedTrade> => {
    const update = db
      .updateTable('payment_attempts')
      .where('id', '=', attempt.id)
      .where('closed_at', 'is', null);
    const stored =
      opened.channel === 'h5'
        ? await update.set({ h5_url: opened.h5Url, answered_at: asked }).returning('id').executeTakeFirst()
        : opened.channel === 'native'
          ? await update
              .set({ code_url: opened.codeUrl, answered_at: asked })
              .where('code_url', 'is', null)
              .returning('id')
              .executeTakeFirst()
          : await update
              .set({ prepay_id: opened.prepayId, answered_at: asked })
              .where('prepay_id', 'is', null)
              .returning('id')
              .executeTakeFirst();
    if (stored) return opened;
    const row = await db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('id', '=', attempt.id)
      .executeTakeFirstOrThrow();
    if (row.closed_at !== null) {
      await closeAttempt(row.out_trade_no).catch((error: unknown) =>
        failed('close', row.out_trade_no, error),
      );
      throw conflict(PAYMENT_MESSAGES.notOpen);
    }
    // Another request stored its answer first: that one is the attempt's.
    return storedAnswer(row, clock.now()) ?? opened;
  };

  /** Opens the order on the payer's channel: the others closed first, then the gateway asked (or its stored answer given). */
  const makeOffer = async (order: QrOrder, payer: Payer): Promise<Offer> => {
    const { attempt, others } = await attemptFor(order, payer);
    for (const [i, other] of others.entries()) {
      try {
        if ((await closeAttempt(other)) === 'paid') return { paid: true };
      } catch (error) {
        failed('close', other, error);
        // Not closed at the gateway: those not yet closed stay open, to be closed (or asked about) later.
        await db
          .updateTable('payment_attempts')
          .set({ closed_at: null })
          .where('out_trade_no', 'in', others.slice(i))
          .execute();
        throw new AppError(503, PAYMENT_MESSAGES.gatewayUnavailable, 5);
      }
    }
    const stored = storedAnswer(attempt, clock.now());
    if (stored) return { paid: false, trade: stored };
    const asked = clock.now();
    let opened: OpenedTrade;
    try {
      opened = await gateway.open(
        {
          outTradeNo: attempt.out_trade_no,
          amountFen: order.amount_fen,
          description: order.description,
          expiresAt: order.hold_until,
        },
        payer,
        publicOrigin(),
      );
    } catch (error) {
      failed('open', attempt.out_trade_no, error);
      throw new AppError(503, PAYMENT_MESSAGES.gatewayUnavailable, 5);
    }
    return { paid: false, trade: await storeAnswer(attempt, opened, asked) };
  };

  /** Requests of one instance for one order on one payer share one offer: one gateway call, not one per request. */
  const offering = new Map<string, Promise<Offer>>();
  const offer = (order: QrOrder, payer: Payer): Promise<Offer> => {
    const whose = payer.channel === 'jsapi' ? payer.openid : payer.channel === 'h5' ? payer.clientIp : '';
    const key = `${order.id} ${payer.channel} ${whose}`;
    const pending = offering.get(key);
    if (pending) return pending;
    const made = makeOffer(order, payer).finally(() => offering.delete(key));
    offering.set(key, made);
    return made;
  };

  return {
    /**
     * Offers an unpaid order to `payer` (issue 37): the open attempt on the payer's channel (its
     * stored answer, or an H5 address asked again once 5 minutes old), or a new attempt once the
     * order's other open attempts are closed at the gateway. `paid` when a close found the money
     * had come (the payment is settled). A gateway that cannot be asked answers 503.
     */
    offer,

    /** JSAPI's invoke parameters for an opened trade's prepay id, signed by the gateway. */
    invoke: (prepayId: string) => gateway.invoke(prepayId),

    /**
     * Offers the believer's own unpaid online order to `payer` (我的订单 · 继续支付): another
     * believer's order, a reservation, a paid, closed or ended one is not open (409). Each call
     * counts against PHONE_PAYMENT_LIMITS.payOnPerBeliever first (429 over it).
     */
    async offerOwn(outTradeNo: string, userId: number, payer: Payer): Promise<Offer> {
      const wait = await hitRateLimits(
        db,
        `payon:user:${userId}`,
        [PHONE_PAYMENT_LIMITS.payOnPerBeliever],
        clock.now(),
      );
      if (wait !== null) throw tooManyRequests(PAYMENT_MESSAGES.tooManyPayOns(wait), wait);
      const order = await db
        .selectFrom('orders')
        .select(['id', 'out_trade_no', 'amount_fen', 'description', 'hold_until'])
        .where('out_trade_no', '=', outTradeNo)
        .where('user_id', '=', userId)
        .where('reservation', '=', false)
        .where(isLiveHoldSql(clock.now()))
        .executeTakeFirst();
      if (!order) throw conflict(PAYMENT_MESSAGES.notOpen);
      return offer(order, payer);
    },

    /** The QR of a new online order: its first attempt, Native. */
    async qrOf(order: QrOrder): Promise<string> {
      const offered = await offer(order, { channel: 'native' });
      if (offered.paid || offered.trade.channel !== 'native') throw conflict(PAYMENT_MESSAGES.notOpen);
      return offered.trade.codeUrl;
    },

    /**
     * Asks the gateway about every open attempt of an unpaid order made more than a minute ago,
     * each at most once a minute (the mark is taken before asking, so two instances do not ask
     * twice); a paid one is settled. Answers how many were found paid.
     */
    async queryOpen(): Promise<number> {
      const now = clock.now();
      const since = addSeconds(now, -QUERY_AFTER_SECONDS);
      const due = await db
        .updateTable('payment_attempts')
        .set({ gateway_checked_at: now })
        .where(
          'id',
          'in',
          db
            .selectFrom('payment_attempts')
            .innerJoin('orders', 'orders.id', 'payment_attempts.order_id')
            .select('payment_attempts.id')
            .where(isLiveHoldSql(now))
            .where('payment_attempts.closed_at', 'is', null)
            .where(madeAtGateway)
            .where('payment_attempts.created_at', '<=', since)
            .where((eb) =>
              eb.or([
                eb('payment_attempts.gateway_checked_at', 'is', null),
                eb('payment_attempts.gateway_checked_at', '<=', since),
              ]),
            )
            .orderBy('payment_attempts.id')
            .limit(BATCH)
            .forUpdate('payment_attempts')
            .skipLocked(),
        )
        .returning('out_trade_no')
        .execute();
      let paid = 0;
      for (const { out_trade_no } of due) {
        try {
          if (await settleIfPaid(out_trade_no)) paid += 1;
        } catch (error) {
          failed('query', out_trade_no, error);
        }
      }
      return paid;
    },

    /**
     * Before a believer cancels an unpaid online order of theirs, its QR is closed at the gateway:
     * otherwise the code stays payable after the place was released (and perhaps taken), and the
     * money would have to be given back. Answers 'paid' when the gateway says it was paid meanwhile
     * (the payment is settled here), 'closed' otherwise; a gateway that cannot be asked refuses the
     * cancellation for now (503). Another believer's order, a reservation or one without a QR is
     * left to the cancellation itself.
     */
    async closeBeforeCancel(outTradeNo: string, userId: number): Promise<'closed' | 'paid'> {
      const order = await db
        .selectFrom('orders')
        .select(['id', 'state', 'user_id'])
        .where('out_trade_no', '=', outTradeNo)
        .executeTakeFirst();
      if (!order || order.user_id !== userId || order.state !== ORDER_STATE.reserved) return 'closed';
      let closed: 'closed' | 'paid' = 'closed';
      for (const attempt of await openAttempts(order.id)) {
        try {
          if ((await closeAttempt(attempt.out_trade_no)) === 'paid') closed = 'paid';
        } catch (error) {
          failed('close', attempt.out_trade_no, error);
          throw new AppError(503, PAYMENT_MESSAGES.gatewayUnavailable, 5);
        }
      }
      return closed;
    },

    /**
     * Closes at the gateway the open attempts of every online order whose hold ended, before the
     * sweeper releases its place; money that came before the close is settled (the settlement
     * re-takes the place or owes the money back). Answers the orders the gateway could not be
     * asked about: the sweeper keeps them open until the next sweep tries again (WeChat took no
     * money after the hold's end anyway: each trade's time_expire).
     */
    async closeEnded(): Promise<number[]> {
      const now = clock.now();
      const ended = await db
        .selectFrom('payment_attempts')
        .innerJoin('orders', 'orders.id', 'payment_attempts.order_id')
        .select(['orders.id', 'payment_attempts.out_trade_no'])
        .where(holdHasEndedSql(now))
        .where('payment_attempts.closed_at', 'is', null)
        .where(madeAtGateway)
        .orderBy('payment_attempts.id')
        .limit(BATCH)
        .execute();
      const unclosed = new Set<number>();
      for (const attempt of ended) {
        try {
          await closeAttempt(attempt.out_trade_no);
        } catch (error) {
          failed('close', attempt.out_trade_no, error);
          unclosed.add(attempt.id);
        }
      }
      return [...unclosed];
    },

    /**
     * Gives back the money owed on an order (a payment flagged refund_due: late, of the wrong
     * amount, for a place gone, or a second payment), through the gateway, once: the payment is
     * marked asked (its out_refund_no made from its id) in a transaction, then the gateway is asked
     * after the commit. A second request while the first is under way is refused; one whose
     * gateway call failed asks again with the same number (the gateway answers the same refund).
     */
    async refund(
      outTradeNo: string,
      /** Runs in the transaction that marks the payment asked (the console's audit row commits with it). */
      onAsked?: (
        trx: Db,
        asked: { paymentId: number; amountFen: number; outRefundNo: string; before: string | null },
      ) => Promise<void>,
    ): Promise<{ outRefundNo: string; status: RefundStatus }> {
      const now = clock.now();
      const asked = await db.transaction().execute(async (trx) => {
        const owed = await trx
          .selectFrom('payments')
          .innerJoin('orders', 'orders.id', 'payments.order_id')
          .select([
            'payments.id',
            'payments.amount_fen',
            'payments.refund_status',
            'payments.refund_asked_at',
            // The trade the money came through (its attempt's); money taken at the temple has none.
            sql<string>`coalesce(payments.out_trade_no, orders.out_trade_no)`.as('trade_no'),
          ])
          .where('orders.out_trade_no', '=', outTradeNo)
          .where('payments.refund_due', '=', true)
          .orderBy('payments.id')
          .forUpdate()
          .execute();
        const open = owed.find((p) => p.refund_status === null || p.refund_status === 'asked');
        if (!open) {
          const states = new Set(owed.map((p) => p.refund_status));
          if (owed.length === 0) throw conflict(PAYMENT_MESSAGES.nothingToRefund);
          if (states.has('processing')) throw conflict(PAYMENT_MESSAGES.refundUnderWay);
          if (states.has('abnormal') || states.has('closed')) throw conflict(PAYMENT_MESSAGES.refundAbnormal);
          throw conflict(PAYMENT_MESSAGES.refunded);
        }
        if (open.refund_asked_at && open.refund_asked_at > addSeconds(now, -REFUND_RETRY_SECONDS)) {
          throw conflict(PAYMENT_MESSAGES.refundUnderWay);
        }
        const outRefundNo = refundNo(open.id);
        await trx
          .updateTable('payments')
          .set({ out_refund_no: outRefundNo, refund_status: 'asked', refund_asked_at: now })
          .where('id', '=', open.id)
          .execute();
        await onAsked?.(trx, {
          paymentId: open.id,
          amountFen: open.amount_fen,
          outRefundNo,
          before: open.refund_status,
        });
        return { ...open, outRefundNo };
      });
      let status: RefundStatus;
      try {
        status = await gateway.refund({
          outTradeNo: asked.trade_no,
          outRefundNo: asked.outRefundNo,
          amountFen: asked.amount_fen,
          totalFen: asked.amount_fen,
          reason: '寺院退还款项',
        });
      } catch (error) {
        failed('refund', outTradeNo, error);
        throw new AppError(503, PAYMENT_MESSAGES.gatewayUnavailable, 60);
      }
      await payments.refundReported(asked.outRefundNo, status);
      return { outRefundNo: asked.outRefundNo, status };
    },
  };
};

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
