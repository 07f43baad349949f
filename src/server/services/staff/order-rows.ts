import { type OrderRow, type OrderSearch, PAGE_SIZE } from '@contract/console';
import { ORDER_STATE } from '@contract/payment';
import { maskPhone } from '@contract/phone';
import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { holdHasEnded, holdHasEndedSql, isLiveHoldSql } from '../holds-place';
import { moneyOf, moneySelection } from '../order-money';

/**
 * The console's order rows: search by order number, phone or a name on the order, filters, sort
 * and paging, one row per order with its names and the phone masked (the order's page shows it whole).
 */

export const iso = (at: Date | string): string => new Date(at).toISOString();
export const isoOrNull = (at: Date | string | null): string | null => (at === null ? null : iso(at));

/**
 * The names on an order `o` (rows n, p for their order): its entries' tablets and 阳上 names, its
 * lines' donors (功德主, a statue's names) and a tablet order's names.
 */
const NAME_ROWS = sql`
  select u.n, 0 as src, e.position * 10 + u.i as p
    from order_entries e
    cross join lateral unnest(array[e.tablet1, e.tablet2, e.tablet3, e.ys1, e.ys2, e.ys3, e.ys4, e.ys5, e.ys6])
      with ordinality as u(n, i)
    where e.order_id = o.id
  union all
  select i.donor_name, 1, i.id from order_items i where i.order_id = o.id
  union all
  select t.name, 2, t.position from tablet_order_names t where t.order_id = o.id`;

/** At most this many names in a row: enough to recognise the order at the counter. */
const NAMES_SHOWN = 8;

export const namesOfOrder = sql<string[]>`array(
  select x.n from (${NAME_ROWS}) x where x.n is not null and x.n <> ''
  group by x.n order by min(x.src), min(x.p) limit ${sql.lit(NAMES_SHOWN)})`;

/** `text` as a LIKE pattern that finds it anywhere (its own % _ and \ taken literally). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type OrdersFrom = ExpressionBuilder<Database & { o: Database['orders']; u: Database['users'] }, 'o' | 'u'>;

/** What the search text finds: part of an order number, of a phone, or of a name on the order. */
const matching = (q: string) => {
  const pattern = containing(q);
  const byName = sql<SqlBool>`exists (select 1 from (${NAME_ROWS}) x where x.n like ${pattern})`;
  return (eb: OrdersFrom) =>
    eb.or([
      ...(/^[A-Za-z0-9]+$/.test(q) ? [eb('o.out_trade_no', 'like', containing(q.toUpperCase()))] : []),
      ...(/^\d+$/.test(q) ? [eb('u.phone', 'like', pattern)] : []),
      byName,
    ]);
};

/** The state as the believer sees it: an unpaid order whose hold ended reads closed (5). */
const stateIs = (state: string, now: Date) => {
  if (state === String(ORDER_STATE.reserved)) return isLiveHoldSql(now, 'o');
  if (state === String(ORDER_STATE.closed))
    return sql<SqlBool>`(o.state = ${ORDER_STATE.closed} or ${holdHasEndedSql(now, 'o')})`;
  return sql<SqlBool>`o.state = ${Number(state)}`;
};

const SORT_COLUMNS = {
  createdAt: 'o.created_at',
  amount: 'o.amount_fen',
  holdUntil: 'o.hold_until',
} as const;

export const orderRowColumns = [
  'o.id',
  'o.out_trade_no',
  'o.type',
  'o.description',
  'o.state',
  'o.amount_fen',
  'o.price_fen',
  'o.reservation',
  'u.phone',
  'o.created_at',
  'o.hold_until',
  'o.paid_at',
] as const;

export interface StoredOrderRow {
  out_trade_no: string;
  type: number;
  description: string;
  state: number;
  amount_fen: number;
  price_fen: number;
  paid_fen: number;
  come_by: string | null;
  reservation: boolean;
  phone: string;
  names: string[];
  created_at: Date;
  hold_until: Date;
  paid_at: Date | null;
}

/** A stored order as a row of the console (phone masked unless `wholePhone`). */
export const toOrderRow = (row: StoredOrderRow, now: Date, wholePhone = false): OrderRow => ({
  outTradeNo: row.out_trade_no,
  type: row.type,
  description: row.description,
  state: holdHasEnded(row, now) ? ORDER_STATE.closed : row.state,
  amountFen: row.amount_fen,
  money: moneyOf(row, now),
  reservation: row.reservation,
  phone: wholePhone ? row.phone : maskPhone(row.phone),
  names: row.names ?? [],
  createdAt: iso(row.created_at),
  holdUntil: iso(row.hold_until),
  paidAt: isoOrNull(row.paid_at),
});

/** Orders with their believer's phone, as `o` and `u`. */
export const ordersWithPhone = (db: Db) =>
  db.selectFrom('orders as o').innerJoin('users as u', 'u.id', 'o.user_id');

/** One page of the orders the search finds. */
export const searchOrders = async (db: Db, search: OrderSearch, now: Date) => {
  const found = ordersWithPhone(db)
    .$if(search.q !== '', (qb) => qb.where(matching(search.q)))
    .$if(search.state !== '', (qb) => qb.where(stateIs(search.state, now)))
    .$if(search.reservation === 'true', (qb) => qb.where('o.reservation', '=', true));
  const [rows, count] = await Promise.all([
    found
      .select(orderRowColumns)
      .select(namesOfOrder.as('names'))
      .select(moneySelection('o'))
      .orderBy(SORT_COLUMNS[search.sort], search.dir)
      .orderBy('o.id', search.dir)
      .limit(PAGE_SIZE)
      .offset((search.page - 1) * PAGE_SIZE)
      .execute(),
    found.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => toOrderRow(row, now)),
    total: Number(count.n),
    page: search.page,
    pageSize: PAGE_SIZE,
  };
};
