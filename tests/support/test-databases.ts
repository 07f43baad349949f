import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, openPglite, openPostgres } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { seedIfEmpty } from '@server/db/seed/index';
import pg from 'pg';
import { TEST_START } from './fake-clock';
import { pgliteTemplate, templateKey } from './pglite-template';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server. */
export const databaseKinds = (): DatabaseKind[] =>
  process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

const withDatabaseName = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/** SQL on the server's administrative database (CREATE and DROP DATABASE run outside a transaction). */
const onServer = async <T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/**
 * A PostgreSQL database migrated and seeded for `today`, made once per version of the schema and
 * seed (and per day) and kept on the server as a template: a test database is a copy of it
 * (CREATE DATABASE … TEMPLATE, a fraction of a second) where migrating and seeding take 3 s. Workers
 * and runs side by side make it under one advisory lock; a template half made is never renamed
 * into place, and the templates of earlier versions are then dropped. Nobody connects to a template
 * once made (a copy needs its template unused). Kept for the tests' own day only (TEST_START): a
 * database seeded for the real today (faults.test.ts) would leave a template on the server per run.
 */
const postgresTemplate = async (adminUrl: string, today: Date): Promise<string | null> => {
  if (today.getTime() !== TEST_START.getTime()) return null;
  const name = `temple_template_${templateKey(today)}`;
  return onServer(adminUrl, async (admin) => {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      const partial = `${name}_partial_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${partial}`);
      const handle = openPostgres(withDatabaseName(adminUrl, partial));
      try {
        await migrateToLatest(handle.db);
        await seedIfEmpty(handle.db, today);
      } finally {
        await handle.close();
      }
      await admin.query(`alter database ${partial} rename to ${name}`);
      // Earlier schemas' and seeds' templates are asked for no more: dropped, 13 MB each (a drop
      // waits for a copy under way; one still being made has a session and is left to its run).
      const stale = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'temple\\_template\\_%' and datname <> $1",
        [name],
      );
      for (const { datname } of stale.rows)
        await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
};

/**
 * A fresh, migrated and seeded database of the given kind: on PGlite loaded from the shared
 * template (pglite-template.ts), on PostgreSQL a copy of the server's template, dropped on close.
 */
export const openTestDatabase = async (kind: DatabaseKind, today: Date): Promise<DatabaseHandle> => {
  if (kind === 'pglite') return openPglite(undefined, await pgliteTemplate(today));
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const template = await postgresTemplate(adminUrl, today);
  const name = `temple_test_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, (admin) =>
    admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  const handle = openPostgres(withDatabaseName(adminUrl, name));
  if (!template) {
    await migrateToLatest(handle.db);
    await seedIfEmpty(handle.db, today);
  }
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await onServer(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
};
