import { ORDER_STATE, PAYMENT_MESSAGES, paymentNotification } from '@contract/payment';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import {
  type HeaderOf,
  isTestTrade,
  type PaymentGateway,
  type PaymentNotification,
  type RefundStatus,
  TEMPLE_CURRENCY,
} from '../gateways/payment';
import { parseWith } from '../http';
import type { Logger } from '../logger';
import { holdHasEnded } from './holds-place';
import type { OrdersService } from './orders';

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  logger: Logger;
  orders: OrdersService;
}

/** What a notification did; 'test' for the one-fen test payment's, which settles nothing. */
export type NotificationOutcome =
  | 'paid'
  | 'duplicate'
  | 'refund-due'
  | 'amount-mismatch'
  | 'currency-mismatch'
  | 'test';

/** Why a payment needs the temple's attention (payments.flag). */
type PaymentFlag = 'amount_mismatch' | 'currency_mismatch' | 'place_gone' | 'already_paid' | 'not_open';

export const createPaymentsService = ({ db, clock, gateway, logger, orders }: PaymentsDeps) => {
  /**
   * Applies a genuine notification once, to the order of the attempt it names (its trade number,
   * payment_attempts): a payment of an unknown trade is refused (404). The order row is locked, so concurrent deliveries
   * queue; the transaction id is unique, so a repeated one changes nothing. A hold whose time
   * has passed is closed first (its place released), then the money is applied: the kind takes
   * the place again if it can, otherwise the money is kept and owed back. Money of the wrong
   * amount, or in another currency than yuan, is recorded and flagged, and the order stays unpaid.
   */
  const settle = async (notification: PaymentNotification): Promise<NotificationOutcome> => {
    const now = clock.now();
    const { outcome, orderNo } = await db.transaction().execute(async (trx) => {
      const trade = await trx
        .selectFrom('payment_attempts')
        .innerJoin('orders', 'orders.id', 'payment_attempts.order_id')
        .select('orders.out_trade_no')
        .where('payment_attempts.out_trade_no', '=', notification.outTradeNo)
        .executeTakeFirst();
      const order = trade && (await orders.lockOrder(trx, { outTradeNo: trade.out_trade_no }));
      if (!order) throw new AppError(404, PAYMENT_MESSAGES.notFound);
      const outcomeOf = (outcome: NotificationOutcome) => ({ outcome, orderNo: order.out_trade_no });
      const known = await trx
        .selectFrom('payments')
        .select('id')
        .where('transaction_id', '=', notification.transactionId)
        .executeTakeFirst();
      if (known) return outcomeOf('duplicate');

      const record = (flag: PaymentFlag | null) =>
        trx
          .insertInto('payments')
          .values({
            order_id: order.id,
            gateway: gateway.name,
            out_trade_no: notification.outTradeNo,
            transaction_id: notification.transactionId,
            amount_fen: notification.amountFen,
            paid_at: notification.paidAt,
            received_at: now,
            refund_due: flag !== null,
            flag,
          })
          .execute();

      if (notification.currency !== TEMPLE_CURRENCY) {
        await record('currency_mismatch');
        return outcomeOf('currency-mismatch');
      }
      if (order.amount_fen !== notification.amountFen) {
        await record('amount_mismatch');
        return outcomeOf('amount-mismatch');
      }
      let current = order;
      if (holdHasEnded(order, now)) {
        const step = await orders.apply(trx, order, { type: 'hold.expired' }, now);
        if (step) current = { ...order, state: step.state };
      }
      const places = orders.kindOf(order.type)?.places;
      const placeAvailable =
        current.state === ORDER_STATE.closed && places ? await places.take(trx, current, now) : true;
      const step = await orders.apply(trx, current, { type: 'payment.confirmed', placeAvailable }, now);
      if (step?.actions.includes('markPaid')) {
        await record(null);
        return outcomeOf('paid');
      }
      await record(
        current.state === ORDER_STATE.paid
          ? 'already_paid'
          : current.state === ORDER_STATE.closed
            ? 'place_gone'
            : 'not_open',
      );
      return outcomeOf('refund-due');
    });
    // Committed: the poll's answer held in memory on this instance is dropped at once.
    if (outcome !== 'duplicate') orders.stateChanged(orderNo);
    if (outcome === 'refund-due' || outcome === 'amount-mismatch' || outcome === 'currency-mismatch') {
      logger.warn(`payment.${outcome}`, {
        orderNo,
        outTradeNo: notification.outTradeNo,
        transactionId: notification.transactionId,
        amountFen: notification.amountFen,
        currency: notification.currency,
      });
    }
    return outcome;
  };

  /** A refund's end as the gateway reported it (notification or answer), onto its payment. */
  const refundReported = async (outRefundNo: string, status: RefundStatus): Promise<void> => {
    const now = clock.now();
    const done = status === 'processing' ? {} : { refund_done_at: now };
    await db
      .updateTable('payments')
      .set({ refund_status: status, ...done })
      .where('out_refund_no', '=', outRefundNo)
      // A later report never goes back to processing.
      .where((eb) =>
        eb.or([eb('refund_status', 'in', ['asked', 'processing']), eb('refund_status', '=', status)]),
      )
      .execute();
    logger.info('payment.refund', { outRefundNo, status });
  };

  return {
    /** Which gateway's notifications this server takes. */
    gatewayName: gateway.name,
    /** H5's payer address as the gateway takes it (WeChat: a public one). */
    takesClientIp: (address: string) => gateway.takesClientIp(address),
    settle,
    refundReported,
    /**
     * A gateway's notification, from its raw bytes and headers: a forged, stale or tampered one (or
     * a signature probe) is refused before anything is read; a payment goes to the settlement, a
     * refund's end onto its payment.
     */
    async acceptNotification(raw: string, header: HeaderOf): Promise<NotificationOutcome | RefundStatus> {
      const event = gateway.verify(raw, header);
      if (!event) throw new AppError(401, PAYMENT_MESSAGES.forged);
      const tradeNo = event.kind === 'refund' ? event.outTradeNo : event.payment.outTradeNo;
      if (isTestTrade(tradeNo)) {
        logger.info('payment.test', { outTradeNo: tradeNo, kind: event.kind });
        return 'test';
      }
      if (event.kind === 'refund') {
        await refundReported(event.outRefundNo, event.status);
        return event.status;
      }
      // Signed is not the same as well-formed: the trade number, the transaction id and the amount
      // (whole fen that fits the column) are judged before anything is looked up or stored.
      return settle(parseWith(paymentNotification, event.payment));
    },
  };
};

export type PaymentsService = ReturnType<typeof createPaymentsService>;
