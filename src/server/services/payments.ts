import { ORDER_STATE, PAYMENT_MESSAGES } from '@contract/payment';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError, badRequest } from '../errors';
import type { PaymentGateway, PaymentNotification } from '../gateways/payment';
import type { Logger } from '../logger';
import type { OrderKind } from './order-kinds';
import { nextOrderState } from './order-lifecycle';

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  logger: Logger;
  kindOf: (type: number) => OrderKind | undefined;
}

export type NotificationOutcome = 'paid' | 'duplicate' | 'refund-due';

export const createPaymentsService = ({ db, clock, gateway, logger, kindOf }: PaymentsDeps) => {
  /**
   * Applies a genuine notification once. The order row is locked, so concurrent deliveries
   * queue; the transaction id is unique, so a repeated one changes nothing.
   */
  const settle = async (notification: PaymentNotification): Promise<NotificationOutcome> => {
    const now = clock.now();
    const outcome = await db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom('orders')
        .select(['id', 'type', 'state', 'amount_fen', 'payload', 'user_id'])
        .where('out_trade_no', '=', notification.outTradeNo)
        .forUpdate()
        .executeTakeFirst();
      if (!order) throw new AppError(404, PAYMENT_MESSAGES.notFound);
      if (order.amount_fen !== notification.amountFen) throw badRequest(PAYMENT_MESSAGES.amountMismatch);
      const known = await trx
        .selectFrom('payments')
        .select('id')
        .where('transaction_id', '=', notification.transactionId)
        .executeTakeFirst();
      if (known) return 'duplicate' as const;

      const kind = kindOf(order.type);
      const placeAvailable = kind ? await kind.placeStillAvailable(trx, order) : false;
      const next = nextOrderState(order.state, { type: 'payment.confirmed', placeAvailable });
      // A second, different payment of a paid order: the money is recorded and owed back.
      const refundDue = next === null || next === ORDER_STATE.refunding;
      await trx
        .insertInto('payments')
        .values({
          order_id: order.id,
          gateway: gateway.name,
          transaction_id: notification.transactionId,
          amount_fen: notification.amountFen,
          paid_at: notification.paidAt,
          received_at: now,
          refund_due: refundDue,
        })
        .execute();
      if (next !== null) {
        await trx
          .updateTable('orders')
          .set({ state: next, ...(next === ORDER_STATE.paid ? { paid_at: notification.paidAt } : {}) })
          .where('id', '=', order.id)
          .execute();
      }
      if (next === ORDER_STATE.paid) await kind?.onPaid(trx, order, now);
      return refundDue ? ('refund-due' as const) : ('paid' as const);
    });
    if (outcome === 'refund-due') logger.warn('payment.refund_due', { outTradeNo: notification.outTradeNo });
    return outcome;
  };

  return {
    settle,
    /** The gateway's notification endpoint: a forged one is refused before anything is read. */
    async acceptNotification(body: string, signature: string | undefined): Promise<NotificationOutcome> {
      const notification = gateway.verify(body, signature);
      if (!notification) throw new AppError(401, PAYMENT_MESSAGES.forged);
      return settle(notification);
    },
  };
};

export type PaymentsService = ReturnType<typeof createPaymentsService>;
