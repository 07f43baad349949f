import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, openPglite, openPostgres } from '@server/db/database';
import pg from 'pg';
import type { DatabaseKind } from './test-databases';

/**
 * An empty database of `kind` for a migration test (one migrated up to a version, given the data
 * of its day, then migrated on): a PGlite in memory, or a fresh database on TEST_DATABASE_URL's
 * server. `drop` closes it and removes the PostgreSQL one.
 */
export const emptyDatabase = async (
  kind: DatabaseKind,
): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> => {
  if (kind === 'pglite') {
    const handle = await openPglite();
    return { handle, drop: () => handle.close() };
  }
  const admin = process.env.TEST_DATABASE_URL ?? '';
  const name = `temple_mig_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  return {
    handle,
    async drop() {
      await handle.close();
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
};
