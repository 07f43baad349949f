import { ORDER_STATE, PAYMENT_MESSAGES } from '@contract/payment';
import { addSeconds } from 'date-fns';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError, conflict } from '../errors';
import { GatewayUnavailable, type PaymentGateway, type RefundStatus } from '../gateways/payment';
import type { Logger } from '../logger';
import { holdHasEndedSql, isLiveHoldSql } from './holds-place';
import type { PaymentsService } from './payments';

export interface ReconciliationDeps {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  logger: Logger;
  payments: PaymentsService;
  /** Where phones reach this server (the sandbox's QR is a page of ours). */
  publicOrigin: () => string;
}

/** An unpaid order with an open QR is asked about at the gateway once it is this old, and then this often. */
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
  code_url: string | null;
}

/**
 * What the gateway is asked besides notifications (DESIGN section 4): the QR made with the order;
 * every minute, the unpaid orders whose QR is open and no notification came (a lost notification is
 * found by the query); before an online order's ended hold is released, its QR closed at the gateway
 * (a payment that beat the close is settled instead); and a refund of money owed back, once.
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

  /** Two requests of one instance for one order's QR share one call (a second call would void the first's QR). */
  const making = new Map<number, Promise<string>>();

  const makeQr = async (order: QrOrder): Promise<string> => {
    let codeUrl: string;
    try {
      codeUrl = await gateway.codeUrl(
        {
          outTradeNo: order.out_trade_no,
          amountFen: order.amount_fen,
          description: order.description,
          expiresAt: order.hold_until,
        },
        publicOrigin(),
      );
    } catch (error) {
      failed('qr', order.out_trade_no, error);
      throw new AppError(503, PAYMENT_MESSAGES.gatewayUnavailable, 5);
    }
    const stored = await db
      .updateTable('orders')
      .set({ code_url: codeUrl })
      .where('id', '=', order.id)
      .where('code_url', 'is', null)
      .returning('code_url')
      .executeTakeFirst();
    if (stored) return codeUrl;
    // Another instance stored its QR first: that one is the order's.
    const row = await db
      .selectFrom('orders')
      .select('code_url')
      .where('id', '=', order.id)
      .executeTakeFirst();
    return row?.code_url ?? codeUrl;
  };

  /** Settles a trade the gateway says was paid (the same idempotent path as a notification). */
  const settleIfPaid = async (outTradeNo: string): Promise<boolean> => {
    const trade = await gateway.query(outTradeNo);
    if (trade.state !== 'paid') return false;
    await payments.settle(trade.payment);
    return true;
  };

  return {
    /** The QR of an online order: made at the gateway the first time, the stored one afterwards. */
    async qrOf(order: QrOrder): Promise<string> {
      if (order.code_url) return order.code_url;
      const pending = making.get(order.id);
      if (pending) return pending;
      const made = makeQr(order).finally(() => making.delete(order.id));
      making.set(order.id, made);
      return made;
    },

    /**
     * Asks the gateway about every unpaid order whose QR is open and was made more than a minute
     * ago, each at most once a minute (the mark is taken before asking, so two instances do not
     * ask twice); a paid one is settled. Answers how many were found paid.
     */
    async queryOpen(): Promise<number> {
      const now = clock.now();
      const since = addSeconds(now, -QUERY_AFTER_SECONDS);
      const due = await db
        .updateTable('orders')
        .set({ gateway_checked_at: now })
        .where(
          'id',
          'in',
          db
            .selectFrom('orders')
            .select('id')
            .where(isLiveHoldSql(now))
            .where('code_url', 'is not', null)
            .where('created_at', '<=', since)
            .where((eb) =>
              eb.or([eb('gateway_checked_at', 'is', null), eb('gateway_checked_at', '<=', since)]),
            )
            .orderBy('id')
            .limit(BATCH)
            .forUpdate()
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
     * Closes at the gateway the QR of every online order whose hold ended, before the sweeper
     * releases its place; money that came before the close is settled (the settlement re-takes the
     * place or owes the money back). Answers the orders the gateway could not be asked about: the
     * sweeper keeps them open until the next sweep tries again (WeChat took no money after the
     * hold's end anyway: the QR's time_expire).
     */
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
        .select(['code_url', 'state', 'user_id'])
        .where('out_trade_no', '=', outTradeNo)
        .executeTakeFirst();
      if (!order || order.user_id !== userId || order.state !== ORDER_STATE.reserved || !order.code_url) {
        return 'closed';
      }
      let closed: 'closed' | 'paid';
      try {
        closed = await gateway.close(outTradeNo);
      } catch (error) {
        failed('close', outTradeNo, error);
        throw new AppError(503, PAYMENT_MESSAGES.gatewayUnavailable, 5);
      }
      if (closed === 'paid') await settleIfPaid(outTradeNo);
      return closed;
    },

    async closeEnded(): Promise<number[]> {
      const now = clock.now();
      const ended = await db
        .selectFrom('orders')
        .select(['id', 'out_trade_no'])
        .where(holdHasEndedSql(now))
        .where('code_url', 'is not', null)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      const unclosed: number[] = [];
      for (const order of ended) {
        try {
          if ((await gateway.close(order.out_trade_no)) === 'paid') await settleIfPaid(order.out_trade_no);
        } catch (error) {
          failed('close', order.out_trade_no, error);
          unclosed.push(order.id);
        }
      }
      return unclosed;
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
            'orders.out_trade_no',
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
          outTradeNo,
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
