import { type SiteConfig, siteConfig } from '@contract/site';
import * as v from 'valibot';
import type { Db } from '../db/database';
import { siteEnvKeys } from '../db/seed/site';

export const readSiteConfig = async (db: Db): Promise<SiteConfig> => {
  const row = await db
    .selectFrom('site_settings')
    .select('value')
    .where('key', '=', 'site')
    .executeTakeFirstOrThrow();
  return v.parse(siteConfig, row.value);
};

/** TEMPLE_* variables given at start replace the stored values (configuration wins over the seed). */
export const applySiteOverrides = async (db: Db, env: NodeJS.ProcessEnv): Promise<void> => {
  const overrides = Object.entries(siteEnvKeys).filter(([name]) => env[name] !== undefined);
  if (overrides.length === 0) return;
  const current = await readSiteConfig(db);
  const next = { ...current, ...Object.fromEntries(overrides.map(([name, key]) => [key, env[name]])) };
  await db
    .updateTable('site_settings')
    .set({ value: JSON.stringify(v.parse(siteConfig, next)) })
    .where('key', '=', 'site')
    .execute();
};
