import { ORDER_STATE, PAYMENT_MESSAGES, paymentNotification } from '@contract/payment';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import type { PaymentGateway, PaymentNotification } from '../gateways/payment';
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

export type NotificationOutcome = 'paid' | 'duplicate' | 'refund-due' | 'amount-mismatch';

/** Why a payment needs the temple's attention (payments.flag). */
type PaymentFlag = 'amount_mismatch' | 'place_gone' | 'already_paid' | 'not_open';

export const createPaymentsService = ({ db, clock, gateway, logger, orders }: PaymentsDeps) => {
  /**
   * Applies a genuine notification once. The order row is locked, so concurrent deliveries
   * queue; the transaction id is unique, so a repeated one changes nothing. A hold whose time
   * has passed is closed first (its place released), then the money is applied: the kind takes
   * the place again if it can, otherwise the money is kept and owed back. Money of the wrong
   * amount is recorded and flagged, and the order stays unpaid.
   */
  const settle = async (notification: PaymentNotification): Promise<NotificationOutcome> => {
    const now = clock.now();
    const outcome = await db.transaction().execute(async (trx) => {
      const order = await orders.lockOrder(trx, { outTradeNo: notification.outTradeNo });
      if (!order) throw new AppError(404, PAYMENT_MESSAGES.notFound);
      const known = await trx
        .selectFrom('payments')
        .select('id')
        .where('transaction_id', '=', notification.transactionId)
        .executeTakeFirst();
      if (known) return 'duplicate' as const;

      const record = (flag: PaymentFlag | null) =>
        trx
          .insertInto('payments')
          .values({
            order_id: order.id,
            gateway: gateway.name,
            transaction_id: notification.transactionId,
            amount_fen: notification.amountFen,
            paid_at: notification.paidAt,
            received_at: now,
            refund_due: flag !== null,
            flag,
          })
          .execute();

      if (order.amount_fen !== notification.amountFen) {
        await record('amount_mismatch');
        return 'amount-mismatch' as const;
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
        return 'paid' as const;
      }
      await record(
        current.state === ORDER_STATE.paid
          ? 'already_paid'
          : current.state === ORDER_STATE.closed
            ? 'place_gone'
            : 'not_open',
      );
      return 'refund-due' as const;
    });
    // Committed: the poll's answer held in memory on this instance is dropped at once.
    if (outcome !== 'duplicate') orders.stateChanged(notification.outTradeNo);
    if (outcome === 'refund-due' || outcome === 'amount-mismatch') {
      logger.warn(`payment.${outcome}`, {
        outTradeNo: notification.outTradeNo,
        transactionId: notification.transactionId,
        amountFen: notification.amountFen,
      });
    }
    return outcome;
  };

  return {
    settle,
    /** The gateway's notification endpoint: a forged one is refused before anything is read. */
    async acceptNotification(body: string, signature: string | undefined): Promise<NotificationOutcome> {
      const notification = gateway.verify(body, signature);
      if (!notification) throw new AppError(401, PAYMENT_MESSAGES.forged);
      // Signed is not the same as well-formed: the trade number, the transaction id and the amount
      // (whole fen that fits the column) are judged before anything is looked up or stored.
      return settle(parseWith(paymentNotification, notification));
    },
  };
};

export type PaymentsService = ReturnType<typeof createPaymentsService>;
