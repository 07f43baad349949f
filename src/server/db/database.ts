import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  /** 'pglite' (embedded) or 'postgres' (a server). */
  kind: 'pglite' | 'postgres';
  /** The server's connection string (PostgreSQL only): a second pool may open the same database. */
  url?: string;
  close(): Promise<void>;
}

// PostgreSQL's bigint and numeric come back as strings by default; our counts and fen fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// A calendar date stays the 'YYYY-MM-DD' text it is; no time zone shifts it.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/**
 * How long the server waits for PostgreSQL before it answers 503 (服务器繁忙): a connection in
 * 2 s, a statement in 3 s (the server cancels it) and an answer in 3.5 s (a frozen server).
 */
export const DATABASE_TIMEOUTS = { connectMs: 2_000, statementMs: 3_000, answerMs: 3_500 } as const;

/** A PostgreSQL server, same code and migrations as the embedded one. */
export const openPostgres = (connectionString: string): DatabaseHandle => {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    statement_timeout: DATABASE_TIMEOUTS.statementMs,
    query_timeout: DATABASE_TIMEOUTS.answerMs,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  // An idle connection the server drops (a restart, a failover) is discarded by the pool and the
  // next query opens a fresh one; without a listener the error would end the process.
  pool.on('error', () => {});
  // A connection lost while checked out (the server stopped mid-query) rejects that query; the
  // client's error event must be listened to as well, or it would end the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', url: connectionString, close: () => db.destroy() };
};

/**
 * A temple's data is tens of megabytes: PostgreSQL's default 128 MB of shared buffers, all
 * inside PGlite's WebAssembly memory, only made the process heavier (about 350 MB against
 * 190 MB after a restart, measured on a 20 000-row table; docs/benchmarks.md has the server's).
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB'];

/** PostgreSQL's own extensions the schema uses: pg_trgm for the console's search (migration 0029). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Embedded PostgreSQL (PGlite). `dataDir` undefined means in memory (tests); `loadDataDir`
 * starts it from a dumped data directory (the tests' migrated and seeded template).
 * PGlite has one connection: the pool holds exactly one, and a caller waiting for it
 * times out instead of hanging forever (using `db` instead of `trx` inside a transaction).
 */
export const openPglite = async (dataDir?: string, loadDataDir?: Blob): Promise<DatabaseHandle> => {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  const pglite = new PGlite({
    dataDir,
    loadDataDir,
    postgresqlconf: PGLITE_SETTINGS,
    extensions: PGLITE_EXTENSIONS,
  });
  await pglite.waitReady;
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, connectionTimeoutMillis: 15_000 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let uses = 0;
  pool.on('acquire', () => {
    uses += 1;
  });
  connectionUses.set(db, () => uses);
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      await pglite.close();
      release();
    },
  };
};

const connectionUses = new WeakMap<Db, () => number>();

/**
 * PGlite only: how many times its one connection has been taken so far. One process holds a PGlite
 * database (the lock file below), so nothing can change it between two equal readings.
 */
export const pgliteConnectionUses = (db: Db): (() => number) | undefined => connectionUses.get(db);

/** Two processes must never open one PGlite directory. */
const lockDataDir = (dataDir: string): (() => void) => {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = join(dataDir, 'temple-site.lock');
  const holder = readLockHolder(lockFile);
  if (holder && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `数据库目录 ${dataDir} 正被进程 ${holder} 使用；请先停止它，或用 DATA_DIR 指定另一个目录。`,
    );
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
};

const readLockHolder = (lockFile: string): number | null => {
  try {
    return Number(readFileSync(lockFile, 'utf8')) || null;
  } catch {
    return null;
  }
};

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
