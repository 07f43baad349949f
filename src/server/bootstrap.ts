import type { Clock } from './clock';
import { keepAuditAppendOnly } from './db/audit-append-only';
import { type DatabaseHandle, type Db, openPglite, openPostgres } from './db/database';
import { isInsufficientPrivilege } from './db/errors';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed/index';

export const MIGRATION_NEEDS_OWNER =
  '数据库迁移失败：当前数据库账户不是表的所有者，无权修改表结构。请用所有者的账户执行 npm run migrate' +
  '（MIGRATION_DATABASE_URL），或启动时一并设置 MIGRATION_DATABASE_URL（见 docs/deploy.md）。';

/**
 * What every start does before it serves: the latest migrations (a role that does not own the
 * tables gets through when none is pending), the audit log's grants kept append-only, and the
 * sample content on an empty database.
 */
export const prepareDatabase = async (db: Db, clock: Clock): Promise<void> => {
  await migrateToLatest(db).catch((error: Error) => {
    throw isInsufficientPrivilege(error.cause) ? new Error(MIGRATION_NEEDS_OWNER, { cause: error }) : error;
  });
  await keepAuditAppendOnly(db);
  await seedIfEmpty(db, clock.now());
};

/**
 * Opens the database (PGlite in `dataDir`, in memory without one, or a server), migrated and seeded.
 * With `migrationUrl` as well as `url` (PostgreSQL), the tables' owner migrates and seeds and the
 * handle answered works with `url`'s role, which need not own anything (docs/deploy.md).
 */
export const openDatabase = async (
  options: { url?: string | undefined; migrationUrl?: string | undefined; dataDir?: string | undefined },
  clock: Clock,
): Promise<DatabaseHandle> => {
  if (options.url && options.migrationUrl) {
    const owner = openPostgres(options.migrationUrl);
    await prepareDatabase(owner.db, clock).finally(() => owner.close());
    return openPostgres(options.url);
  }
  const handle = options.url ? openPostgres(options.url) : await openPglite(options.dataDir);
  try {
    await prepareDatabase(handle.db, clock);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
};
