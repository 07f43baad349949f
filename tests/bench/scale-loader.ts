import { sql } from 'kysely';
import type { Db } from '../../src/server/db/database';

/**
 * A temple's history at `years` × a year's volume (issue 38), written straight into a migrated
 * and seeded database: 10 100 orders a year (two in five an assembly's with its entries, one in
 * four a merit offering with its 功德主, the rest ceremonies, tablets, renewals, memberships and
 * statues), 1 000 believers, 5 000 lines of the audit log and 8 074 SMS codes, spread over the
 * years before `now` (at most ten); every name through the triggers the application's own writes go through.
 * tests/server/scale-loader.test.ts keeps it in step with the migrations: loaded at one year, the
 * console's reads find what it wrote.
 */
export const YEAR = { orders: 10_100, believers: 1_000, audit: 5_000, sms: 8_074 } as const;

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '林',
  '罗',
  '高',
  '欧阳',
  '司马',
];
/** Characters of given names: two of them make 3 600 given names, about 80 000 whole names. */
const GIVEN = [
  ...'秀英桂兰建国玉明伟芳娜敏静丽强磊军洋勇艳杰娟涛慧德宝华文清志远淑珍海燕红霞平春梅云凤琴金凤荣霞斌鹏辉刚健波超亮明珠婷雪琳晶',
];

/** A name for the number `g` (deterministic, so every size writes the same kinds of names). */
const nameOf = (g: string) =>
  sql`(${sql.val(SURNAMES)}::text[])[1 + (${sql.raw(g)} * 7) % ${SURNAMES.length}]
    || (${sql.val(GIVEN)}::text[])[1 + (${sql.raw(g)} / 3) % ${GIVEN.length}]
    || (${sql.val(GIVEN)}::text[])[1 + (${sql.raw(g)} * 11 / 5) % ${GIVEN.length}]`;

/** Names the loader writes once (the others repeat, more often the more years). */
export const UNIQUE = { entry: '欧阳修远', believer: '司马相如' } as const;

export interface Loaded {
  orders: number;
  believers: number;
  entries: number;
  audit: number;
  seconds: number;
}

/** Writes `years` of history before `now`; answers what it wrote and how long it took. */
export const loadHistory = async (db: Db, years: number, now: Date): Promise<Loaded> => {
  const t0 = performance.now();
  const orders = Math.round(YEAR.orders * years);
  const believers = Math.round(YEAR.believers * years);
  const audit = Math.round(YEAR.audit * years);
  const sms = Math.round(YEAR.sms * years);
  // Spread over at most ten years (100× a year's volume is a busier decade, not a century).
  const span = `${Math.min(years, 10) * 365} days`;
  const userBase = Number(
    (await sql<{ n: number }>`select coalesce(max(id), 0) as n from users`.execute(db)).rows[0]?.n ?? 0,
  );
  const orderBase = Number(
    (await sql<{ n: number }>`select coalesce(max(id), 0) as n from orders`.execute(db)).rows[0]?.n ?? 0,
  );

  await sql`
    insert into users (id, phone, real_name, created_at)
    select ${userBase} + g, '199' || lpad(g::text, 8, '0'),
      case when g % 3 = 0 then null else ${nameOf('g')} end,
      ${now}::timestamptz - ${span}::interval * (1 - g::float / ${believers})
    from generate_series(1, ${believers}) g`.execute(db);
  await sql`select setval('users_id_seq', (select max(id) from users))`.execute(db);

  // g: the order's place in time, oldest first; its kind and state by its number.
  await sql`
    insert into orders (id, out_trade_no, user_id, type, state, amount_fen, price_fen, description, payload,
      created_at, hold_until, paid_at, closed_at, reservation)
    select ${orderBase} + g,
      'WF' || to_char(at at time zone 'Asia/Shanghai', 'YYYYMMDDHH24MISS') || lpad(((${orderBase} + g) % 1000000)::text, 6, '0'),
      ${userBase} + 1 + (g::bigint * 7919) % ${believers},
      kind, state, amount, amount, '历史订单', '{}'::jsonb,
      at, at + interval '30 minutes',
      case when state in (1, 3, 4) then at + interval '2 minutes' end,
      case when state = 5 then at + interval '30 minutes' end,
      false
    from (
      select g, ${now}::timestamptz - ${span}::interval * (1 - g::float / ${orders}) as at,
        (array[1, 1, 5, 2, 3, 1, 5, 4, 6, 7, 1, 5, 2, 1, 5, 3, 1, 6, 5, 1])[1 + g % 20] as kind,
        case when g % 50 = 0 then 4 when g % 7 = 0 then 5 else 1 end as state,
        10000 * (1 + (g * 31) % 50) as amount
      from generate_series(1, ${orders}) g
    ) o`.execute(db);
  await sql`select setval('orders_id_seq', (select max(id) from orders))`.execute(db);

  // An assembly's order has one to three entries; a merit offering its 功德主 line.
  await sql`
    insert into order_entries (order_id, position, kind, tablet1, ys1, ys2)
    select o.id, p, case when p % 2 = 0 then '往生' else '延生' end,
      ${nameOf('(o.id * 3 + p)')}, ${nameOf('(o.id * 5 + p + 1)')}, case when p = 0 then ${nameOf('(o.id + 2)')} else '' end
    from orders o cross join lateral generate_series(0, o.id % 3) p
    where o.type = 1 and o.id > ${orderBase}`.execute(db);
  await sql`
    insert into order_items (order_id, name, quantity, unit_price_fen, amount_fen, donor_name)
    select o.id, '随喜功德', 1, o.amount_fen, o.amount_fen, ${nameOf('o.id')}
    from orders o where o.type = 5 and o.id > ${orderBase}`.execute(db);

  // One name on one entry and one believer's own name found nowhere else: what a search for a
  // particular person finds at every size.
  await sql`update order_entries set tablet2 = ${UNIQUE.entry}
    where (order_id, position) = (select order_id, position from order_entries where order_id > ${orderBase}
      order by order_id desc limit 1)`.execute(db);
  await sql`update users set real_name = ${UNIQUE.believer} where id = ${userBase + 1}`.execute(db);

  // A paid order's payment (the console's rows read what was paid from them).
  await sql`
    insert into payments (order_id, gateway, transaction_id, amount_fen, paid_at, received_at, out_trade_no)
    select o.id, 'wechat', 'T' || o.out_trade_no, o.amount_fen, o.paid_at, o.paid_at, o.out_trade_no
    from orders o where o.state in (1, 3, 4) and o.id > ${orderBase}`.execute(db);

  await sql`
    insert into staff_audit (at, staff_id, username, action, subject, before, after)
    select ${now}::timestamptz - ${span}::interval * (1 - g::float / ${audit}), null,
      (array['kt.chen', 'kt.wang', 'cw.zhao', 'nr.li'])[1 + g % 4],
      (array['order.paymentRecorded', 'order.holdExtended', 'order.cancelled', 'staff.signedIn', 'news.updated'])[1 + g % 5],
      'order:WF' || lpad(g::text, 20, '0'), null, '{}'::jsonb
    from generate_series(1, ${audit}) g`.execute(db);

  await sql`
    insert into sms_codes (phone, purpose, code_hash, created_at, expires_at, used_at)
    select '199' || lpad((1 + g % ${believers})::text, 8, '0'), 'login', 'x',
      ${now}::timestamptz - ${span}::interval * (1 - g::float / ${sms}),
      ${now}::timestamptz - ${span}::interval * (1 - g::float / ${sms}) + interval '5 minutes', null
    from generate_series(1, ${sms}) g`.execute(db);

  // As autovacuum keeps a live database: statistics and the visibility map (index-only counts).
  await sql`vacuum analyze`.execute(db);
  const { n: entries } = await db
    .selectFrom('order_entries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { orders, believers, entries: Number(entries), audit, seconds: (performance.now() - t0) / 1000 };
};
