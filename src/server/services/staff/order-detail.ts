import { CONSOLE_MESSAGES, type OrderDetail, type OrderEntry } from '@contract/console';
import { AUDIT_ACTION_LABELS } from '@contract/staff';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { holdsPlace } from '../holds-place';
import { orderKinds } from '../order-kind-list';
import type { OrderPageFacts } from '../order-kinds';
import { moneySelection } from '../order-money';
import { namesWithDates, petitionersOf } from './entry-names';
import { iso, namesOfOrder, orderRowColumns, ordersWithPhone, toOrderRow } from './order-rows';

/**
 * An order's page in the console: the order (phone whole), its lines, entries, the places it
 * holds (or held), its payments with how they were taken, and its history: created, paid and
 * closed from its own columns, with every staff action on it from the audit log.
 */

const linesOf = (db: Db, orderId: number) =>
  db
    .selectFrom('order_items')
    .select(['name', 'quantity', 'unit_price_fen', 'amount_fen'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute()
    .then((rows) =>
      rows.map((r) => ({
        name: r.name,
        quantity: r.quantity,
        unitPriceFen: r.unit_price_fen,
        amountFen: r.amount_fen,
      })),
    );

/** The entries as entered (assemblies, ceremonies). */
const entriesOf = async (db: Db, orderId: number): Promise<OrderEntry[]> =>
  (
    await db
      .selectFrom('order_entries')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute()
  ).map((e) => ({ position: e.position, kind: e.kind, ...namesWithDates(e), ys: petitionersOf(e) }));

/** What the order's kind adds to its page (its places, a tablet's names, a ceremony's typed facts). */
const kindFactsOf = (type: number, db: Db, orderId: number): Promise<OrderPageFacts> =>
  orderKinds.find((kind) => kind.type === type)?.orderPage?.(db, orderId) ?? Promise.resolve({ places: [] });

const paymentsOf = async (db: Db, orderId: number) =>
  (await db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute()).map(
    (p) => ({
      id: p.id,
      gateway: p.gateway,
      transactionId: p.transaction_id,
      amountFen: p.amount_fen,
      paidAt: iso(p.paid_at),
      method: p.method,
      receiptNo: p.receipt_no,
      note: p.note,
      refundDue: p.refund_due,
      flag: p.flag,
      refundStatus: p.refund_status,
    }),
  );

/** The reason a staff member gave, where the audit row has one. */
const reasonOf = (after: unknown): string | null =>
  after && typeof after === 'object' && 'reason' in after && typeof after.reason === 'string'
    ? after.reason
    : null;

const staffActionsOn = async (db: Db, outTradeNo: string) =>
  (
    await db
      .selectFrom('staff_audit')
      .select(['at', 'username', 'action', 'after'])
      .where('subject', '=', `order:${outTradeNo}`)
      .orderBy('id')
      .execute()
  ).map((row) => {
    const label = AUDIT_ACTION_LABELS[row.action] ?? row.action;
    const reason = reasonOf(row.after);
    return { at: iso(row.at), what: reason ? `${label}：${reason}` : label, by: row.username };
  });

/** The order numbered `outTradeNo` as its console page shows it; 404 when there is none. */
export const orderDetail = async (db: Db, outTradeNo: string, now: Date): Promise<OrderDetail> => {
  const order = await ordersWithPhone(db)
    .select(orderRowColumns)
    .select(['u.real_name', 'o.closed_at'])
    .select(namesOfOrder.as('names'))
    .select(moneySelection('o'))
    .where('o.out_trade_no', '=', outTradeNo)
    .executeTakeFirst();
  if (!order) throw notFound(CONSOLE_MESSAGES.orderNotFound);
  const [lines, entries, own, payments, actions] = await Promise.all([
    linesOf(db, order.id),
    entriesOf(db, order.id),
    kindFactsOf(order.type, db, order.id),
    paymentsOf(db, order.id),
    staffActionsOn(db, outTradeNo),
  ]);
  const released = !holdsPlace(order, now);
  const history = [
    { at: iso(order.created_at), what: order.reservation ? '预约下单（到寺付款）' : '下单', by: null },
    ...(order.paid_at ? [{ at: iso(order.paid_at), what: '已支付', by: null }] : []),
    ...(order.closed_at ? [{ at: iso(order.closed_at), what: '已关闭', by: null }] : []),
    ...actions,
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    order: { ...toOrderRow(order, now, true), believerName: order.real_name },
    lines,
    entries: [...entries, ...(own.entries ?? [])],
    ceremony: own.ceremony ?? null,
    places: own.places.map((p) => (released ? `${p}（已释放）` : p)),
    payments,
    history,
  };
};
