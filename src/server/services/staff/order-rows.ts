import type { OrderRow, OrderSearch } from '@contract/console';
import { ORDER_STATE } from '@contract/payment';
import { maskPhone } from '@contract/phone';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { likeLiteral } from '../../db/like';
import { holdHasEnded, holdHasEndedSql, isLiveHoldSql } from '../holds-place';
import { moneyOf, moneySelection } from '../order-money';
import { type KeysetOrder, keysetPage } from './keyset';

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

/**
 * How many characters a part of a name needs before it is looked up anywhere in the name: the
 * trigram index finds three or more; one or two find the names they begin (a prefix index).
 */
const NAME_PART_MIN = 3;

/** An order number is also found by its last digits, from four (the end the believer reads out). */
const NUMBER_END_MIN = 4;

/**
 * The orders the search text finds, each through an index (issue 38): an order number by its
 * beginning (WF may be left out) or its end, a phone whole or by any three or more of its digits (its tail),
 * and a name on an order or the believer's own name (search_names, migration 0029): anywhere in
 * the name from three characters, else its beginning.
 */
const ordersFound = (q: string) => {
  const namePattern = [...q].length >= NAME_PART_MIN ? `%${likeLiteral(q)}%` : `${likeLiteral(q)}%`;
  const found = [
    sql`select s.order_id from search_names s where s.order_id is not null and s.name like ${namePattern}`,
    sql`select f.id from search_names s join orders f on f.user_id = s.user_id
      where s.user_id is not null and s.name like ${namePattern}`,
  ];
  if (/^[A-Za-z0-9]+$/.test(q)) {
    const number = q.toUpperCase();
    const prefixes = /^\d/.test(number) ? [number, `WF${number}`] : [number];
    for (const prefix of prefixes)
      found.push(sql`select f.id from orders f where f.out_trade_no like ${`${prefix}%`}`);
    if (number.length >= NUMBER_END_MIN) {
      const end = `${[...number].reverse().join('')}%`;
      found.push(sql`select f.id from orders f where reverse(f.out_trade_no) like ${end}`);
    }
  }
  if (/^\d{11}$/.test(q)) {
    found.push(sql`select f.id from users p join orders f on f.user_id = p.id where p.phone = ${q}`);
  } else if (/^\d{3,10}$/.test(q)) {
    found.push(
      sql`select f.id from users p join orders f on f.user_id = p.id where p.phone like ${`%${q}%`}`,
    );
  }
  return sql<SqlBool>`o.id in (${sql.join(found, sql` union `)})`;
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

/** The orders the search finds (rows of the console's list) and the order they are listed in. */
export const orderSearch = (db: Db, search: OrderSearch, now: Date) => {
  const found = ordersWithPhone(db)
    .$if(search.q !== '', (qb) => qb.where(ordersFound(search.q)))
    .$if(search.state !== '', (qb) => qb.where(stateIs(search.state, now)))
    .$if(search.reservation === 'true', (qb) => qb.where('o.reservation', '=', true))
    .select(orderRowColumns)
    .select(namesOfOrder.as('names'))
    .select(moneySelection('o'));
  const order: KeysetOrder = {
    key: sql.ref(SORT_COLUMNS[search.sort]),
    id: sql.ref('o.id'),
    keyIsTime: search.sort !== 'amount',
    dir: search.dir,
  };
  return { found, order };
};

/** One page of the orders the search finds, in its sort, from where its cursor says. */
export const searchOrders = (db: Db, search: OrderSearch, now: Date) => {
  const { found, order } = orderSearch(db, search, now);
  return keysetPage(db, found, order, search, (row) => toOrderRow(row, now));
};
