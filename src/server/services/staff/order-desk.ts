import { CONSOLE_MESSAGES, type ExtendHold, type RecordPayment } from '@contract/console';
import { ORDER_STATE } from '@contract/payment';
import { STATUE_MESSAGES } from '@contract/statue';
import { addDays } from 'date-fns';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { badRequest, conflict, notFound } from '../../errors';
import { holdHasEnded } from '../holds-place';
import { queueBalanceMessage } from '../notifications';
import { moneyOf, moneySelection } from '../order-money';
import type { OrdersService } from '../orders';
import { markStatueOffered } from '../statue-order-kind';
import { audit, type StaffActor } from './audit';
import { orderDetail } from './order-detail';
import { iso } from './order-rows';
import { moveReservationMessages } from './reservation-messages';

/** An order as read under its lock. */
type LockedOrder = NonNullable<Awaited<ReturnType<OrdersService['lockOrder']>>>;

export interface OrderDeskDeps {
  db: Db;
  clock: Clock;
  orders: OrdersService;
}

/**
 * A counter payment's transaction number: one for an order paid whole at the temple, one for a
 * balance after its deposit, so the unique index stands behind the lock.
 */
const counterTransactionId = (outTradeNo: string, what: 'whole' | 'balance') =>
  what === 'whole' ? `TEMPLE-${outTradeNo}` : `TEMPLE-${outTradeNo}-BALANCE`;

/** The locked order's money: its price and payments, read in the transaction that holds its lock. */
const lockedMoneyOf = async (trx: Db, order: LockedOrder, now: Date) => {
  const row = await trx
    .selectFrom('orders')
    .select(['state', 'reservation', 'amount_fen', 'price_fen', 'hold_until'])
    .select(moneySelection('orders'))
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  return moneyOf(row, now);
};

/**
 * What the 客堂 does with an order at the counter: record a payment taken at the temple, extend a
 * reservation's hold, cancel an unpaid order, mark a statue enshrined. Each change runs in one
 * transaction on the order's locked row, through the order machine (orders.apply), with its audit
 * row; a hold found ended is closed first (committed) and the call is refused.
 */
export const createOrderDesk = ({ db, clock, orders }: OrderDeskDeps) => {
  /**
   * Runs `change` on the locked order; an ended hold is closed instead (and stays closed) and the
   * call answers 409. Answers the order's page once committed.
   */
  const onLockedOrder = async (
    outTradeNo: string,
    change: (trx: Db, order: LockedOrder, now: Date) => Promise<void>,
  ) => {
    const now = clock.now();
    const outcome = await db.transaction().execute(async (trx) => {
      const order = await orders.lockOrder(trx, { outTradeNo });
      if (!order) throw notFound(CONSOLE_MESSAGES.orderNotFound);
      if (holdHasEnded(order, now)) {
        await orders.apply(trx, order, { type: 'hold.expired' }, now);
        return 'holdEnded' as const;
      }
      await change(trx, order, now);
      return 'changed' as const;
    });
    // Committed: the payment poll's answer held in memory drops this order.
    orders.stateChanged(outTradeNo);
    if (outcome === 'holdEnded') throw conflict(CONSOLE_MESSAGES.holdEnded);
    return orderDetail(db, outTradeNo, clock.now());
  };

  return {
    /**
     * Money taken at the temple: what the order still owes, in one payment (the amount typed must be
     * it; the server compares). An unpaid reservation is paid whole, through the order machine's
     * `staff.markedPaid` (the kind's onPaid: a seat becomes 已售未供; the confirmation SMS queued). A
     * ceremony whose deposit was paid online gets its balance: the order is then fully paid, and the
     * SMS says so. One payments row and the audit row, in one transaction on the locked order.
     */
    recordPayment: (outTradeNo: string, input: RecordPayment, actor: StaffActor) =>
      onLockedOrder(outTradeNo, async (trx, order, now) => {
        const money = await lockedMoneyOf(trx, order, now);
        const balance = order.state === ORDER_STATE.paid && money.owedFen > 0;
        if (order.state !== ORDER_STATE.reserved && !balance) throw conflict(CONSOLE_MESSAGES.nothingOwed);
        // An online order's QR is open at the gateway until its hold ends: money taken here as well
        // could be paid twice. It is paid by its QR (or made again as the believer chooses).
        if (!balance && !order.reservation) throw conflict(CONSOLE_MESSAGES.onlineOrder);
        if (input.amountFen !== money.owedFen) throw badRequest(CONSOLE_MESSAGES.amountMismatch);
        const step = balance ? null : await orders.apply(trx, order, { type: 'staff.markedPaid' }, now);
        if (!balance && !step) throw conflict(CONSOLE_MESSAGES.nothingOwed);
        await trx
          .insertInto('payments')
          .values({
            order_id: order.id,
            gateway: 'temple',
            transaction_id: counterTransactionId(outTradeNo, balance ? 'balance' : 'whole'),
            amount_fen: input.amountFen,
            paid_at: now,
            received_at: now,
            method: input.method,
            receipt_no: input.receiptNo,
            note: input.note === '' ? null : input.note,
            staff_id: actor.id,
          })
          .execute();
        if (balance) await queueBalanceMessage(trx, order.id, input.amountFen, now);
        const after = {
          method: input.method,
          amountFen: input.amountFen,
          receiptNo: input.receiptNo,
          ...(input.note ? { note: input.note } : {}),
        };
        await audit(
          trx,
          actor,
          balance ? 'order.balanceRecorded' : 'order.paymentRecorded',
          `order:${outTradeNo}`,
          balance
            ? { before: { owedFen: money.owedFen }, after: { ...after, owedFen: 0 } }
            : { before: { state: order.state }, after: { state: step?.state, ...after } },
          now,
        );
      }),

    /**
     * A reservation's hold moved on by `days`, its reminder with it. Only a reservation (no QR):
     * an online order's QR was made at the gateway to expire with its hold (WeChat's time_expire),
     * so a later hold would show a place the believer can no longer pay for by QR.
     */
    extendHold: (outTradeNo: string, input: ExtendHold, actor: StaffActor) =>
      onLockedOrder(outTradeNo, async (trx, order, now) => {
        if (order.state !== ORDER_STATE.reserved || !order.reservation)
          throw conflict(CONSOLE_MESSAGES.notExtendable);
        const holdUntil = addDays(order.hold_until, input.days);
        await trx.updateTable('orders').set({ hold_until: holdUntil }).where('id', '=', order.id).execute();
        await moveReservationMessages(trx, order.id, holdUntil, now);
        await audit(
          trx,
          actor,
          'order.holdExtended',
          `order:${outTradeNo}`,
          {
            before: { holdUntil: iso(order.hold_until) },
            after: { holdUntil: iso(holdUntil), days: input.days, reason: input.reason },
          },
          now,
        );
      }),

    /**
     * A reservation released by the temple (or cancelled): the order closes, its place is freed.
     * An online order is not: its QR is payable at the gateway until its 15 minutes end (then the
     * sweeper closes the QR first and the order after), and money paid meanwhile for a place given
     * to someone else would have to be refunded.
     */
    cancel: (outTradeNo: string, reason: string, actor: StaffActor) =>
      onLockedOrder(outTradeNo, async (trx, order, now) => {
        if (!order.reservation && order.state === ORDER_STATE.reserved) {
          throw conflict(CONSOLE_MESSAGES.onlineNotCancellable);
        }
        const step = await orders.apply(trx, order, { type: 'order.cancelled' }, now);
        if (!step) throw conflict(CONSOLE_MESSAGES.notCancellable);
        const change = { before: { state: order.state }, after: { state: step.state, reason } };
        await audit(trx, actor, 'order.cancelled', `order:${outTradeNo}`, change, now);
      }),

    /** A paid statue put in its niche (已售已供); marking again changes nothing and writes nothing. */
    async markEnshrined(outTradeNo: string, actor: StaffActor) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const order = await orders.lockOrder(trx, { outTradeNo });
        if (!order) throw notFound(CONSOLE_MESSAGES.orderNotFound);
        const before = await trx
          .selectFrom('statue_orders')
          .select('offered_at')
          .where('order_id', '=', order.id)
          .executeTakeFirst();
        if (!(await markStatueOffered(trx, outTradeNo, now))) throw conflict(STATUE_MESSAGES.notOfferable);
        if (before?.offered_at) return;
        const change = { before: { offeredAt: null }, after: { offeredAt: iso(now) } };
        await audit(trx, actor, 'order.enshrined', `order:${outTradeNo}`, change, now);
      });
      return orderDetail(db, outTradeNo, clock.now());
    },
  };
};

export type OrderDesk = ReturnType<typeof createOrderDesk>;
