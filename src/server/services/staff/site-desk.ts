import { CEREMONY_SYSTEM_CLAUSES } from '@contract/site-notices';
import type { SiteSettings, SiteSettingsAnswer } from '@contract/site-settings';
import { sql } from 'kysely';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { readSiteConfig, readSiteMeta, SITE_META_KEY } from '../site';
import type { StaffActor } from './audit';
import { atVersion, createVersionedDesk, nextVersion } from './versioned-desk';

/**
 * The temple's facts as the console edits them, a versioned desk (versioned-desk.ts) whose version
 * is kept beside the settings (services/site.ts): read with their version, saved only against the
 * version read (a change made meanwhile answers 409 and is never overwritten), each saved field
 * remembered as edited (the TEMPLE_* variables then no longer replace it at start), and the
 * change written to the audit log with the fields before and after. The site shows it at once:
 * site_settings moves the catalogue's version. A save that changes nothing changes nothing: no
 * new version (another editor's open form stays current), no audit line; it answers what is saved.
 */

/** The clause lists, and the number their first clause has on the page (after the system's clauses). */
const CLAUSE_LISTS = {
  registrationRules: 1,
  ceremonyRules: CEREMONY_SYSTEM_CLAUSES.length + 1,
} as const;

/**
 * The audit's before and after of the fields changed; a clause list by its clauses changed, each
 * by the number the console and the dialog show (`registrationRules.3`), null on the side where a
 * clause was added or removed.
 */
const auditDiff = (was: SiteSettings, now: SiteSettings, changed: (keyof SiteSettings)[]) => {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of changed) {
    if (key === 'registrationRules' || key === 'ceremonyRules') {
      const [old, next] = [was[key], now[key]];
      for (let at = 0; at < Math.max(old.length, next.length); at += 1) {
        if (old[at] === next[at]) continue;
        const name = `${key}.${CLAUSE_LISTS[key] + at}`;
        before[name] = old[at] ?? null;
        after[name] = next[at] ?? null;
      }
    } else {
      before[key] = was[key];
      after[key] = now[key];
    }
  }
  return { before, after };
};
export const createSiteDesk = ({ db, clock }: { db: Db; clock: Clock }) => {
  const desk = createVersionedDesk({ db, clock });
  const answer = async (trx: Db): Promise<SiteSettingsAnswer> => {
    const [settings, meta] = await Promise.all([readSiteConfig(trx), readSiteMeta(trx)]);
    return { settings, version: meta.version, edited: meta.edited };
  };

  return {
    read: () => answer(db),

    async save(settings: SiteSettings, version: number, actor: StaffActor): Promise<SiteSettingsAnswer> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('site-settings'))`.execute(trx);
        const before = atVersion(await answer(trx), version);
        const changed = (Object.keys(settings) as (keyof SiteSettings)[]).filter(
          (key) => JSON.stringify(settings[key]) !== JSON.stringify(before.settings[key]),
        );
        if (changed.length === 0) return before;
        const edited = [...new Set([...before.edited, ...changed])].sort();
        const saved = nextVersion(version);
        await trx
          .updateTable('site_settings')
          .set({ value: JSON.stringify(settings) })
          .where('key', '=', 'site')
          .execute();
        await trx
          .insertInto('site_settings')
          .values({ key: SITE_META_KEY, value: JSON.stringify({ version: saved, edited }) })
          .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
          .execute();
        await desk.record(trx, actor, 'site.updated', 'site', auditDiff(before.settings, settings, changed));
        return { settings, version: saved, edited };
      });
    },
  };
};

export type SiteDesk = ReturnType<typeof createSiteDesk>;
