import { CATALOGUE_TABLES, OTHER_TABLES } from '@server/db/catalogue-tables';
import type { DatabaseHandle, Db } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../support/migration-database';
import { databaseKinds } from '../support/test-databases';

/**
 * The catalogue's answers are kept per catalogue version (catalogue-cache.ts), which only the
 * tables' triggers move: a catalogue table without them would serve stale answers silently. So
 * the migrated schema is read back from pg_trigger and compared with the one list of catalogue
 * tables (db/catalogue-tables.ts), and every table of the schema must be named there or among the
 * others, where someone decided it needs no trigger.
 */

/** A trigger calling catalogue_changed(), as pg_trigger describes it. */
interface TriggerRow {
  table: string;
  type: number;
  deferred: boolean;
  when: boolean;
  columns: string;
  enabled: string;
}

// pg_trigger.tgtype's bits (PostgreSQL's catalog/pg_trigger.h).
const ROW = 1;
const INSERT = 4;
const DELETE = 8;
const UPDATE = 16;
const TRUNCATE = 32;

/** One trigger in words: what fires it, for what, when it runs, and on what condition. */
const described = (t: TriggerRow) => {
  const events = [
    [INSERT, 'insert'],
    [UPDATE, 'update'],
    [DELETE, 'delete'],
    [TRUNCATE, 'truncate'],
  ]
    .filter(([bit]) => (t.type & Number(bit)) !== 0)
    .map(([, name]) => name)
    .join('/');
  return [
    events,
    t.type & ROW ? 'each row' : 'each statement',
    ...(t.deferred ? ['at commit'] : []),
    ...(t.when ? ['on a condition'] : []),
    ...(t.columns !== '' ? [`of columns ${t.columns}`] : []),
    ...(t.enabled === 'D' ? ['disabled'] : []),
  ].join(', ');
};

/** Every table's catalogue triggers, described and sorted, by table. */
const catalogueTriggers = async (db: Db): Promise<Record<string, string[]>> => {
  const { rows } = await sql<TriggerRow>`
    select c.relname as "table", t.tgtype as "type", t.tgdeferrable and t.tginitdeferred as "deferred",
      t.tgqual is not null as "when", t.tgattr::text as "columns", t.tgenabled as "enabled"
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_proc p on p.oid = t.tgfoid
    where n.nspname = current_schema() and p.proname = 'catalogue_changed' and not t.tgisinternal
  `.execute(db);
  const tables = [...new Set(rows.map((row) => row.table))];
  return Object.fromEntries(
    tables.map((table) => [
      table,
      rows
        .filter((row) => row.table === table)
        .map(described)
        .sort(),
    ]),
  );
};

/** What every catalogue table has: every row changed moves the version at commit, and a truncate. */
const CATALOGUE_TRIGGERS = ['insert/update/delete, each row, at commit', 'truncate, each statement'];
/** `orders` moves it when a state or a hold changes, when one is deleted, and on a truncate. */
const ORDER_TRIGGERS = [
  'delete, each row, at commit',
  'truncate, each statement',
  'update, each row, at commit, on a condition',
];

const expected = {
  ...Object.fromEntries(CATALOGUE_TABLES.map((table) => [table, CATALOGUE_TRIGGERS])),
  orders: ORDER_TRIGGERS,
};

/** Thrown to roll a transaction back, carrying what was read inside it. */
class RolledBack<T> extends Error {
  constructor(readonly value: T) {
    super('rolled back');
  }
}

describe.each(databaseKinds())('the catalogue version triggers on %s', (kind) => {
  let database: { handle: DatabaseHandle; drop(): Promise<void> };
  beforeAll(async () => {
    database = await emptyDatabase(kind);
    await migrateToLatest(database.handle.db);
  }, 120_000);
  afterAll(() => database?.drop());

  it('gives every catalogue table its triggers, and no table outside the list', async () => {
    expect(await catalogueTriggers(database.handle.db)).toEqual(expected);
  });

  it('knows every table of the schema: a catalogue table, or one of the others named with why', async () => {
    const { rows } = await sql<{ name: string }>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') order by c.relname
    `.execute(database.handle.db);
    const others: readonly string[] = Object.values(OTHER_TABLES).flat();
    const named = [...CATALOGUE_TABLES, ...others];
    // A table named twice would be both; a table named but gone is a list that no longer says the truth.
    expect(named.filter((table, at) => named.indexOf(table) !== at)).toEqual([]);
    const tables = rows.map((r) => r.name);
    expect({
      unnamed: tables.filter((t) => !named.includes(t)),
      gone: named.filter((t) => !tables.includes(t)),
    }).toEqual({
      unnamed: [],
      gone: [],
    });
  });

  it('sees a catalogue table whose trigger was dropped (in a transaction, rolled back)', async () => {
    const db = database.handle.db;
    const inside = await db
      .transaction()
      .execute(async (trx) => {
        await sql`drop trigger catalogue_changed on wishes`.execute(trx);
        throw new RolledBack(await catalogueTriggers(trx));
      })
      .catch((error: unknown) => {
        if (error instanceof RolledBack) return error.value as Record<string, string[]>;
        throw error;
      });
    expect(inside.wishes).toEqual(['truncate, each statement']);
    expect(inside).not.toEqual(expected);
    expect((await catalogueTriggers(db)).wishes).toEqual(CATALOGUE_TRIGGERS);
  });
});
