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

/** Where the console's version of the settings and the fields it edited are kept. */
export const SITE_META_KEY = 'site.meta';

const siteMeta = v.object({ version: v.number(), edited: v.array(v.string()) });

/** The settings' version (moved by each save in the console) and the fields saved there. */
export const readSiteMeta = async (db: Db): Promise<v.InferOutput<typeof siteMeta>> => {
  const row = await db
    .selectFrom('site_settings')
    .select('value')
    .where('key', '=', SITE_META_KEY)
    .executeTakeFirst();
  return row ? v.parse(siteMeta, row.value) : { version: 0, edited: [] };
};

/**
 * TEMPLE_* variables given at start are the defaults of the temple's facts: they replace the
 * seeded values, but never a field the temple saved in the staff console (the console wins).
 */
export const applySiteOverrides = async (db: Db, env: NodeJS.ProcessEnv): Promise<void> => {
  const { edited } = await readSiteMeta(db);
  const overrides = Object.entries(siteEnvKeys).filter(
    ([name, key]) => env[name] !== undefined && !edited.includes(key),
  );
  if (overrides.length === 0) return;
  const current = await readSiteConfig(db);
  const next = { ...current, ...Object.fromEntries(overrides.map(([name, key]) => [key, env[name]])) };
  await db
    .updateTable('site_settings')
    .set({ value: JSON.stringify(v.parse(siteConfig, next)) })
    .where('key', '=', 'site')
    .execute();
};
