import { type SiteConfig, siteConfig } from '@contract/site';
import { DEFAULT_CEREMONY_RULES, DEFAULT_REGISTRATION_RULES } from '@contract/site-notices';
import { DEFAULT_TABLET_PHRASES } from '@contract/tablet-phrases';
import * as v from 'valibot';
import type { Db } from '../db/database';
import { siteEnvKeys } from '../db/seed/site';

/** Where the console's version of the settings and the fields it edited are kept. */
export const SITE_META_KEY = 'site.meta';

const siteMeta = v.object({ version: v.number(), edited: v.array(v.string()) });
type SiteMeta = v.InferOutput<typeof siteMeta>;
const noMeta: SiteMeta = { version: 0, edited: [] };

/** The settings whose defaults are the contract's (site-notices.ts), not the seed's or the environment's. */
const NOTICE_DEFAULTS = {
  registrationRules: DEFAULT_REGISTRATION_RULES,
  ceremonyRules: DEFAULT_CEREMONY_RULES,
} as const;
type NoticeKey = keyof typeof NOTICE_DEFAULTS;

/** The row as stored: a database seeded before the notices (or the phrases) were settings has none of them. */
const storedSite = v.object({
  ...siteConfig.entries,
  registrationRules: v.optional(siteConfig.entries.registrationRules),
  ceremonyRules: v.optional(siteConfig.entries.ceremonyRules),
  tabletPhrases: v.optional(siteConfig.entries.tabletPhrases),
});

/**
 * The temple's facts as the site shows them. A notice never edited in the console is the
 * contract's default (so a better default reaches every temple that kept it); once edited, the
 * temple's words.
 */
export const readSiteConfig = async (db: Db): Promise<SiteConfig> => {
  const rows = await db
    .selectFrom('site_settings')
    .select(['key', 'value'])
    .where('key', 'in', ['site', SITE_META_KEY])
    .execute();
  const site = v.parse(storedSite, rows.find((row) => row.key === 'site')?.value);
  const metaRow = rows.find((row) => row.key === SITE_META_KEY);
  const { edited } = metaRow ? v.parse(siteMeta, metaRow.value) : noMeta;
  const notice = (key: NoticeKey) => {
    const own = site[key];
    return own && edited.includes(key) ? own : [...NOTICE_DEFAULTS[key]];
  };
  // The tablets' phrases likewise: the contract's (the preview's wording) until the console saves the temple's.
  const tabletPhrases =
    site.tabletPhrases && edited.includes('tabletPhrases')
      ? site.tabletPhrases
      : { ...DEFAULT_TABLET_PHRASES };
  return {
    ...site,
    registrationRules: notice('registrationRules'),
    ceremonyRules: notice('ceremonyRules'),
    tabletPhrases,
  };
};

/** The settings' version (moved by each save in the console) and the fields saved there. */
export const readSiteMeta = async (db: Db): Promise<SiteMeta> => {
  const row = await db
    .selectFrom('site_settings')
    .select('value')
    .where('key', '=', SITE_META_KEY)
    .executeTakeFirst();
  return row ? v.parse(siteMeta, row.value) : noMeta;
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
