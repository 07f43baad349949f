import type { OrderRow, OrderSearch } from '@contract/console';
import { ORDER_STATE } from '@contract/payment';
import { maskPhone } from '@contract/phone';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { likeLiteral } from '../../db/like';
import { holdHasEnded, holdHasEndedSql, isLiveHoldSql } from '../holds-place';
import { moneyOf, moneySelection } from '../order-money';
import { type KeysetOrder, keysetPage, pageQuery } from './keyset';

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

/** Past this many orders or believers, a look-up is left to the database in the page's own query. */
const LOOKED_UP_MAX = 2000;

/**
 * The look-ups the search text asks, each one table through one index (issue 38): the orders by
 * an order number's beginning (WF may be left out) or its end, and by a name on the order; the
 * believers by a phone whole or its first or last three or more digits, and by their own name
 * (search_names, migration 0029: anywhere in a name from three characters, else its beginning).
 */
const lookUps = (q: string) => {
  const orders: RawBuilder<{ id: number }>[] = [];
  const believers: RawBuilder<{ id: number }>[] = [];
  // A name has no digits: a number or a phone is not looked for among the names. The orders'
  // names and the believers' have their own indexes (the predicates name them).
  if (!/\d/.test(q)) {
    const pattern = [...q].length >= NAME_PART_MIN ? `%${likeLiteral(q)}%` : `${likeLiteral(q)}%`;
    orders.push(
      sql`select order_id as id from search_names where order_id is not null and name like ${pattern}`,
    );
    believers.push(
      sql`select user_id as id from search_names where user_id is not null and name like ${pattern}`,
    );
  }
  if (/^[A-Za-z0-9]+$/.test(q)) {
    const number = q.toUpperCase();
    const prefixes = /^\d/.test(number) ? [number, `WF${number}`] : [number];
    for (const prefix of prefixes)
      orders.push(sql`select id from orders where out_trade_no like ${`${prefix}%`}`);
    if (number.length >= NUMBER_END_MIN) {
      const end = `${[...number].reverse().join('')}%`;
      orders.push(sql`select id from orders where reverse(out_trade_no) like ${end}`);
    }
  }
  if (/^\d{11}$/.test(q)) believers.push(sql`select id from users where phone = ${q}`);
  else if (/^\d{3,10}$/.test(q)) {
    const end = `${[...q].reverse().join('')}%`;
    believers.push(sql`select id from users where phone like ${`${q}%`} or reverse(phone) like ${end}`);
  }
  return { orders, believers };
};

/**
 * The orders the search text finds, as a condition on `o`. Each look-up is asked first, alone
 * (LOOKED_UP_MAX + 1 rows at most), and its ids go into the page's query as a list: the planner
 * then knows how few they are and reads those orders by their keys, where a guess of the
 * look-up's size inside one query (a phone's last digits: a hundredth of all believers) had it read
 * every order. A look-up finding more is left inside the query, correct and as fast as it can be.
 */
const ordersFound = async (db: Db, q: string) => {
  const asked = lookUps(q);
  const listed = async (queries: RawBuilder<{ id: number }>[], column: RawBuilder<unknown>) => {
    if (queries.length === 0) return [];
    const union = sql.join(queries, sql` union `);
    const { rows } = await sql<{ id: number }>`${union} limit ${LOOKED_UP_MAX + 1}`.execute(db);
    if (rows.length > LOOKED_UP_MAX) return [sql<SqlBool>`${column} in (${union})`];
    return rows.length === 0 ? [] : [sql<SqlBool>`${column} = any(${rows.map((r) => r.id)}::int[])`];
  };
  const [byOrder, byBeliever] = await Promise.all([
    listed(asked.orders, sql.ref('o.id')),
    listed(asked.believers, sql.ref('o.user_id')),
  ]);
  const either = [...byOrder, ...byBeliever];
  return either.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`(${sql.join(either, sql` or `)})`;
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

/** What the search and its filters ask of an order `o`. */
const conditions = async (db: Db, search: OrderSearch, now: Date) => [
  ...(search.q === '' ? [] : [await ordersFound(db, search.q)]),
  ...(search.state === '' ? [] : [stateIs(search.state, now)]),
  ...(search.reservation === 'true' ? [sql<SqlBool>`o.reservation`] : []),
];

/**
 * The orders the search finds (rows of the console's list), the order they are listed in, and the
 * same orders without their rows' columns (counted alone: no join a count does not need).
 */
export const orderSearch = async (db: Db, search: OrderSearch, now: Date) => {
  const asked = await conditions(db, search, now);
  const found = asked
    .reduce((qb, condition) => qb.where(condition), ordersWithPhone(db))
    .select(orderRowColumns)
    .select(namesOfOrder.as('names'))
    .select(moneySelection('o'));
  const counted = asked.reduce((qb, condition) => qb.where(condition), db.selectFrom('orders as o'));
  const order: KeysetOrder = {
    key: sql.ref(SORT_COLUMNS[search.sort]),
    id: sql.ref('o.id'),
    keyIsTime: search.sort !== 'amount',
    dir: search.dir,
  };
  return { found, counted, order };
};

/**
 * Every query a search sends, compiled: its look-ups and its first page's (what the benchmark
 * and tests/server/console-keyset.test.ts EXPLAIN).
 */
export const orderSearchQueries = async (db: Db, search: OrderSearch, now: Date) => {
  const asked = search.q === '' ? { orders: [], believers: [] } : lookUps(search.q);
  const { found, order } = await orderSearch(db, search, now);
  return [
    ...[asked.orders, asked.believers]
      .filter((queries) => queries.length > 0)
      .map((queries) => sql`${sql.join(queries, sql` union `)} limit ${LOOKED_UP_MAX + 1}`.compile(db)),
    pageQuery(found, order, search.after ?? search.before, search.before === undefined).compile(),
  ];
};

/** One page of the orders the search finds, in its sort, from where its cursor says. */
export const searchOrders = async (db: Db, search: OrderSearch, now: Date) => {
  const { found, counted, order } = await orderSearch(db, search, now);
  return keysetPage(db, { found, counted }, order, search, (row) => toOrderRow(row, now));
};
