import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, openPglite, openPostgres } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { seedIfEmpty } from '@server/db/seed/index';
import pg from 'pg';
import { pgliteTemplate } from './pglite-template';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server. */
export const databaseKinds = (): DatabaseKind[] =>
  process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

const withDatabaseName = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/**
 * A fresh, migrated and seeded database of the given kind: on PGlite loaded from the shared
 * template (pglite-template.ts), on PostgreSQL a database of its own, dropped on close.
 */
export const openTestDatabase = async (kind: DatabaseKind, today: Date): Promise<DatabaseHandle> => {
  if (kind === 'pglite') return openPglite(undefined, await pgliteTemplate(today));
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `temple_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const handle = openPostgres(withDatabaseName(adminUrl, name));
  await migrateToLatest(handle.db);
  await seedIfEmpty(handle.db, today);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
};
