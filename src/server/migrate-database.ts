import { resolve } from 'node:path';
import { openDatabase } from './bootstrap';
import { systemClock } from './clock';

/**
 * `npm run migrate`: the database brought to the latest migrations (seeded when empty, the audit
 * log's grants kept append-only), then the command ends. It connects with MIGRATION_DATABASE_URL,
 * the tables' owner, else DATABASE_URL, else opens the embedded database in DATA_DIR. Run as a
 * deploy step with the owner's credentials, it leaves the server's environment with DATABASE_URL
 * alone, a role that owns nothing (docs/deploy.md, the database's two roles).
 */
const url = process.env.MIGRATION_DATABASE_URL || process.env.DATABASE_URL || undefined;
try {
  const database = await openDatabase(
    { url, dataDir: resolve(process.env.DATA_DIR || './data') },
    systemClock,
  );
  await database.close();
  process.stdout.write(
    `数据库已迁移到最新版本（${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}）\n`,
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
