import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the bench creates its databases on (each `bench_…`, dropped at the end). */
export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const created = new Set<string>();

const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

/** A fresh empty database; answers its URL. */
export const createBenchDatabase = async (): Promise<string> => {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${name}`);
  created.add(name);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Drops every database this run created (servers on them are stopped first, or `force` ends them). */
export const dropBenchDatabases = async (): Promise<void> => {
  for (const name of created) {
    await admin(`drop database if exists ${name} with (force)`);
    created.delete(name);
  }
};
