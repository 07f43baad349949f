import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { myOrdersRequest } from '@contract/believer';
import { auditSearchSchema, orderSearchSchema, TOTAL_CAP } from '@contract/console';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import * as v from 'valibot';
import { systemClock } from '../../src/server/clock';
import { type Db, openPostgres } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { Database } from '../../src/server/db/schema';
import { seedIfEmpty } from '../../src/server/db/seed/index';
import { createBelieverService } from '../../src/server/services/believer';
import { auditPage, auditSearch } from '../../src/server/services/staff/audit';
import { pageQuery } from '../../src/server/services/staff/keyset';
import { orderSearchQueries, searchOrders } from '../../src/server/services/staff/order-rows';
import { createBenchDatabase, dropBenchDatabases } from './databases';
import { type Loaded, loadHistory, UNIQUE } from './scale-loader';
import { machineLine } from './table';

/**
 * `npm run bench:scale` (issue 38): the temple's history at 1×, 10× and 100× a year's volume,
 * each in a database of its own on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL), each
 * console and believer read measured at every size in one interleaved run (round by round, size
 * by size, so a busy second touches all three alike), through the services the routes call with
 * the server's own pool and timeouts. Writes the table of growth ratios to docs/benchmarks.md
 * (its own section; `npm run bench` keeps it) with each search's plan at the largest size.
 * SCALE_SIZES=1,10 measures fewer sizes and only prints.
 */
const SIZES = (process.env.SCALE_SIZES ?? '1,10,100').split(',').map(Number);
const ROUNDS = Number(process.env.SCALE_ROUNDS ?? 15);
const WARM = 2;
const HEADING = '## Scale: the tenth year (npm run bench:scale)';

interface Operation {
  what: string;
  /**
   * indexed: within 2× from the smallest size to the largest; search: that and under 200 ms;
   * page: under 200 ms (what it finds grows with the history, up to a page and a capped count).
   */
  budget: 'indexed' | 'search' | 'page';
  run: () => Promise<unknown>;
  /** The query it sends, for EXPLAIN at the largest size. */
  plan?: () => Promise<{ sql: string; parameters: readonly unknown[] }[]>;
}

interface Size {
  years: number;
  db: Db;
  close: () => Promise<void>;
  loaded: Loaded;
  operations: Operation[];
}

const now = new Date();
const orderQuery = (over: Record<string, string>) => v.parse(orderSearchSchema, over);
const auditQuery = (over: Record<string, string>) => v.parse(auditSearchSchema, over);

/** The reads to measure in a database of `years` (their arguments found in it, alike at every size). */
const operationsOf = async (db: Db): Promise<Operation[]> => {
  const middle = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.out_trade_no', 'u.phone', 'u.id as user_id'])
    .where('o.description', '=', '历史订单')
    .orderBy('o.id')
    .offset(Math.floor((await count(db, 'orders')) / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  const entryName = await db
    .selectFrom('order_entries')
    .select('tablet1')
    .where(sql<boolean>`char_length(tablet1) >= 3`)
    .orderBy('order_id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const believer = await db
    .selectFrom('users')
    .select(['id', 'phone', 'user_type', 'real_name'])
    .where('id', '=', middle.user_id)
    .executeTakeFirstOrThrow();
  const believerName = await db
    .selectFrom('users')
    .select('real_name')
    .where(sql<boolean>`char_length(real_name) >= 3`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  // The page holding the oldest order and the oldest audit line: the cursor just past the 20 before them.
  const deepOrder = await sql<{ c: string }>`
    select (extract(epoch from created_at) * 1000000)::bigint || '_' || id as c from orders
    order by created_at, id offset 20 limit 1`.execute(db);
  const deepAudit = await sql<{ c: string }>`
    select (extract(epoch from at) * 1000000)::bigint || '_' || id as c from staff_audit
    order by at, id offset 20 limit 1`.execute(db);
  const believers = createBelieverService({ db, clock: systemClock });
  const search = (
    what: string,
    query: Record<string, string>,
    budget: Operation['budget'] = 'search',
  ): Operation => {
    const parsed = orderQuery(query);
    return {
      what,
      budget,
      run: () => searchOrders(db, parsed, now),
      plan: () => orderSearchQueries(db, parsed, now),
    };
  };
  const audit = (what: string, query: Record<string, string>): Operation => {
    const parsed = auditQuery(query);
    return {
      what,
      budget: 'indexed',
      run: () => auditPage(db, parsed),
      plan: async () => {
        const { found, order } = auditSearch(db, parsed);
        return [pageQuery(found, order, parsed.after).compile()];
      },
    };
  };
  return [
    search('订单 · search by order number', { q: middle.out_trade_no }),
    search('订单 · search by the number’s last 6 digits', { q: middle.out_trade_no.slice(-6) }),
    search('订单 · search by phone', { q: middle.phone }),
    search('订单 · search by a phone’s last 4 digits', { q: middle.phone.slice(-4) }),
    search('订单 · search by a name on an entry', { q: UNIQUE.entry }),
    search('订单 · search by the believer’s own name', { q: UNIQUE.believer }),
    search('订单 · search by a common name (a page of them)', { q: entryName.tablet1 }, 'page'),
    search('订单 · search by a believer’s common name', { q: believerName.real_name ?? '' }, 'page'),
    search('订单 · first page, newest first', {}, 'indexed'),
    search('订单 · state 已退款', { state: '4' }, 'indexed'),
    search('订单 · state 已关闭', { state: '5' }, 'indexed'),
    search('订单 · by amount, largest first', { sort: 'amount' }, 'indexed'),
    search('订单 · the page of the oldest order', { after: deepOrder.rows[0]?.c ?? '0_0' }, 'indexed'),
    audit('操作记录 · first page', {}),
    audit('操作记录 · the page of the oldest line', { after: deepAudit.rows[0]?.c ?? '0_0' }),
    audit('操作记录 · one member’s cancellations', { staff: 'kt.chen', action: 'order.cancelled' }),
    {
      what: '我的订单 · a believer’s first page',
      budget: 'indexed',
      run: () =>
        believers.orders(
          {
            id: believer.id,
            phone: believer.phone,
            userType: believer.user_type,
            realName: believer.real_name,
          },
          v.parse(myOrdersRequest, {}),
        ),
    },
  ];
};

const count = async (db: Db, table: 'orders' | 'staff_audit') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A database of `years` of history: migrated, seeded, loaded without the server's timeouts. */
const prepare = async (years: number): Promise<Size> => {
  const url = await createBenchDatabase();
  const loader = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
  });
  await migrateToLatest(loader);
  await seedIfEmpty(loader, now);
  process.stderr.write(`bench:scale: loading ${years}×…\n`);
  const loaded = await loadHistory(loader, years, now);
  await loader.destroy();
  process.stderr.write(
    `bench:scale: ${years}×: ${loaded.orders} orders, ${loaded.entries} entries in ${Math.round(loaded.seconds)} s\n`,
  );
  const handle = openPostgres(url);
  return { years, db: handle.db, close: handle.close, loaded, operations: await operationsOf(handle.db) };
};

const p50 = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));

/** The index names a plan uses (and whether it reads a whole table). */
const planSummary = (plan: string) => {
  const indexes = [
    ...new Set(
      [...plan.matchAll(/(?:Index(?: Only)? Scan(?: Backward)? using|Bitmap Index Scan on) (\w+)/g)].map(
        (m) => m[1],
      ),
    ),
  ];
  const scans = [...new Set([...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]))];
  return `${indexes.join(', ') || 'no index'}${scans.length ? `; sequential scan of ${scans.join(', ')}` : ''}`;
};

const sizes: Size[] = [];
try {
  for (const years of SIZES) sizes.push(await prepare(years));
  const times = sizes.map((size) => size.operations.map(() => [] as number[]));
  for (let round = 0; round < WARM + ROUNDS; round += 1) {
    for (const [s, size] of sizes.entries()) {
      for (const [o, operation] of size.operations.entries()) {
        const t0 = performance.now();
        await operation.run();
        if (round >= WARM) times[s]?.[o]?.push(performance.now() - t0);
      }
    }
  }
  const largest = sizes.at(-1) as Size;
  const plans = await Promise.all(
    largest.operations.map(async (operation) => {
      if (!operation.plan) return '—';
      const explained: string[] = [];
      for (const compiled of await operation.plan()) {
        const { rows } = await largest.db.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
        );
        explained.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      const plan = explained.join('\n');
      if (process.env.SCALE_PLANS) process.stderr.write(`${operation.what}\n${plan}\n\n`);
      return planSummary(plan);
    }),
  );

  const ratio = (sizes.at(-1)?.years ?? 1) / (sizes[0]?.years ?? 1);
  const lines = [
    HEADING,
    '',
    `${machineLine()} · PostgreSQL, the server's pool and timeouts · p50 of ${ROUNDS} rounds after ${WARM} warm-up, sizes interleaved.`,
    '',
    `Sizes: ${sizes.map((s) => `${s.years}× = ${s.loaded.orders.toLocaleString('en')} orders, ${s.loaded.believers.toLocaleString('en')} believers, ${s.loaded.entries.toLocaleString('en')} entries, ${s.loaded.audit.toLocaleString('en')} audit lines (loaded in ${Math.round(s.loaded.seconds)} s)`).join('; ')}. Totals count to ${TOTAL_CAP}.`,
    '',
    `Budgets: an indexed read within 2× from ${sizes[0]?.years}× to ${sizes.at(-1)?.years}× (growth ≤ 2); a search also under 200 ms at the largest size; a search whose answer grows with the history (a common name: more orders, up to a page and a count capped at ${TOTAL_CAP}) under 200 ms; nothing over 1 s. Names: the unique ones are written once by the loader, the common ones repeat more the more years. A sequential scan of ceremony_orders or tablet_order_names in a plan is of a table the loader leaves empty (an empty table is read whole). Not measured here yet: the rosters and their CSV, the tablet sheets and the sweeper (issue 38's parts 2 to 4).`,
    '',
    `| What | ${sizes.map((s) => `${s.years}× p50 ms`).join(' | ')} | Growth ${sizes.at(-1)?.years}×/${sizes[0]?.years}× | Plan at ${largest.years}× | Pass |`,
    `| --- | ${sizes.map(() => '---').join(' | ')} | --- | --- | --- |`,
  ];
  let met = 0;
  for (const [o, operation] of largest.operations.entries()) {
    const figures = sizes.map((_, s) => p50(times[s]?.[o] ?? []));
    const growth = (figures.at(-1) ?? 0) / (figures[0] ?? 1);
    const top = figures.at(-1) ?? 0;
    const pass =
      top < 1000 &&
      (operation.budget === 'page' || growth <= 2) &&
      (operation.budget === 'indexed' || top < 200);
    if (pass) met += 1;
    lines.push(
      `| ${operation.what} | ${figures.map(ms).join(' | ')} | ${growth.toFixed(2)}× | ${plans[o]} | ${pass ? '✓' : '✗'} |`,
    );
  }
  lines.push('', `Budgets met: ${met} of ${largest.operations.length} (sizes ${ratio}× apart).`, '');
  const table = lines.join('\n');
  process.stdout.write(`${table}\n`);
  if (!process.env.SCALE_SIZES) writeSection(table);
} finally {
  for (const size of sizes) await size.close();
  await dropBenchDatabases();
}

/** docs/benchmarks.md with this section in place of the one before (or after the rest). */
function writeSection(section: string) {
  const file = resolve(import.meta.dirname, '../../docs/benchmarks.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const start = text.indexOf(HEADING);
  if (start < 0) {
    writeFileSync(file, `${text.trimEnd()}\n\n${section}`);
    return;
  }
  const next = text.indexOf('\n## ', start + HEADING.length);
  writeFileSync(file, `${text.slice(0, start)}${section}${next < 0 ? '' : `\n${text.slice(next + 1)}`}`);
}
