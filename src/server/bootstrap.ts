import type { Clock } from './clock';
import { type DatabaseHandle, openPglite, openPostgres } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed/index';

/** Opens the database (PGlite in `dataDir`, in memory without one, or a server), migrated and seeded. */
export const openDatabase = async (
  options: { url?: string | undefined; dataDir?: string | undefined },
  clock: Clock,
): Promise<DatabaseHandle> => {
  const handle = options.url ? openPostgres(options.url) : await openPglite(options.dataDir);
  try {
    await migrateToLatest(handle.db);
    await seedIfEmpty(handle.db, clock.now());
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
};
