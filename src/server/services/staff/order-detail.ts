import { CONSOLE_MESSAGES, type OrderDetail, type OrderEntry } from '@contract/console';
import { AUDIT_ACTION_LABELS } from '@contract/staff';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { holdsPlace } from '../holds-place';
import { moneySelection } from '../order-money';
import { floorName } from '../tablet';
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

/** What the believer typed for a single-family ceremony: the cause, the address, the remark, its day. */
const ceremonyOf = async (db: Db, orderId: number) => {
  const row = await db
    .selectFrom('ceremony_orders')
    .select(['cause', 'address', 'remark', 'tablet_type', 'tier', 'come_by'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row
    ? {
        cause: row.cause,
        address: row.address,
        remark: row.remark,
        tabletType: row.tablet_type,
        tier: row.tier,
        comeBy: row.come_by,
      }
    : null;
};

/** The entries as entered (assemblies, ceremonies), or a tablet order's names as one entry. */
const entriesOf = async (db: Db, orderId: number): Promise<OrderEntry[]> => {
  const entries = await db
    .selectFrom('order_entries')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  const tablet = await db
    .selectFrom('tablet_orders')
    .select('fs_type')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  const fromEntries = entries.map((e) => ({
    position: e.position,
    kind: e.kind,
    ...namesWithDates(e),
    ys: petitionersOf(e),
  }));
  if (!tablet) return fromEntries;
  const names = await db
    .selectFrom('tablet_order_names')
    .select(['role', 'name'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  const of = (role: 'tablet' | 'descendant') => names.filter((n) => n.role === role).map((n) => n.name);
  const kind = tablet.fs_type === '1' ? ('延生' as const) : ('往生' as const);
  const tablets = of('tablet');
  const none = tablets.map(() => '');
  return [...fromEntries, { position: 0, kind, tablets, births: none, deaths: none, ys: of('descendant') }];
};

/** A place the catalogue no longer has (removed after its order closed). */
const REMOVED_PLACE = '位置已撤除';

/** What the order holds, in words: an assembly type, a ceremony day and time, a niche or a tablet place. */
const placesOf = async (db: Db, orderId: number): Promise<string[]> => {
  const [assembly, ceremony, statue, tablet] = await Promise.all([
    db
      .selectFrom('assembly_orders as ao')
      .innerJoin('assemblies as a', 'a.id', 'ao.assembly_id')
      .select(['a.name', 'ao.hoe_type', 'ao.quantity'])
      .where('ao.order_id', '=', orderId)
      .execute(),
    db
      .selectFrom('ceremony_orders as co')
      .leftJoin('ceremony_types as ct', 'ct.fs_type', 'co.fs_type')
      .select(['ct.name', 'co.day', 'co.time_label'])
      .where('co.order_id', '=', orderId)
      .execute(),
    db
      .selectFrom('statue_orders as so')
      // A niche removed from the catalogue since (nobody held it then) still leaves its order readable.
      .leftJoin('statue_seats as s', 's.id', 'so.seat_id')
      .leftJoin('statue_locations as l', 'l.location', 's.location')
      .leftJoin('statue_groups as g', (j) =>
        j.onRef('g.location', '=', 's.location').onRef('g.fx_group', '=', 's.fx_group'),
      )
      .select(['l.name as place', 'g.name as group', 's.row_no', 's.col_no'])
      .where('so.order_id', '=', orderId)
      .execute(),
    db
      .selectFrom('tablet_orders as t')
      // A place removed from the catalogue since (nobody held it then) still leaves its order readable.
      .leftJoin('tablet_seats as s', 's.id', 't.seat_id')
      .leftJoin('tablet_groups as g', (j) =>
        j
          .onRef('g.pw_type', '=', 's.pw_type')
          .onRef('g.floor', '=', 's.floor')
          .onRef('g.pw_group', '=', 's.pw_group'),
      )
      .leftJoin('tablet_types as ty', 'ty.pw_type', 's.pw_type')
      .select(['ty.name as type', 's.floor', 'g.name as group', 's.row_no', 's.col_no'])
      .where('t.order_id', '=', orderId)
      .execute(),
  ]);
  return [
    ...assembly.map((a) => `${a.name}·${a.hoe_type}·${a.quantity}位`),
    ...ceremony.map((c) => `${c.name ?? '佛事'}·${c.day} ${c.time_label}`),
    ...statue.map((s) =>
      s.row_no === null ? `圣像·${REMOVED_PLACE}` : `圣像·${s.place}${s.group}${s.row_no}排${s.col_no}号`,
    ),
    ...tablet.map((t) =>
      t.floor === null || t.row_no === null
        ? `牌位·${REMOVED_PLACE}`
        : `${t.type}·${floorName(t.floor)}${t.group}${t.row_no}排${t.col_no}号`,
    ),
  ];
};

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
  const [lines, entries, places, payments, actions, ceremony] = await Promise.all([
    linesOf(db, order.id),
    entriesOf(db, order.id),
    placesOf(db, order.id),
    paymentsOf(db, order.id),
    staffActionsOn(db, outTradeNo),
    ceremonyOf(db, order.id),
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
    entries,
    ceremony,
    places: places.map((p) => (released ? `${p}（已释放）` : p)),
    payments,
    history,
  };
};
