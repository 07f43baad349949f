import { assemblyApi } from '@contract/assembly';
import { consoleApi, rosterChoicesSchema, rosterSchema } from '@contract/console';
import type { SiteAnswer } from '@contract/site';
import { siteApi } from '@contract/site';
import type { SiteSettingsAnswer } from '@contract/site-settings';
import {
  DEFAULT_TABLET_PHRASES,
  TABLET_PHRASE_LABELS,
  TABLET_PHRASES_MISSING,
  type TabletPhrases,
  tabletPhraseMessages,
} from '@contract/tablet-phrases';
import { consoleCall, signedInStaff, type TestStaff } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 34 item 3: the tablets' fixed phrases are site settings of the 内容 staff. Never edited,
 * they are the preview's wording; saved, the believer's site config, the tablet preview's styles
 * and the rosters the 牌位打印 sheet prints from all carry the temple's words; each phrase is
 * refused in Chinese when empty, too long or with markup, and a refusal changes nothing.
 */
const TEMPLE_PHRASES: TabletPhrases = {
  deceasedHeading: '仗佛超度',
  deceasedPrefix: '先',
  deceasedSuffix: '往生莲位',
  petitionerLabel: '孝眷',
  petitionerSuffix: '叩荐',
  blessingHeading: '佛光普照',
  blessingSuffix: '延生禄位',
};

describe.each(databaseKinds())('tablet phrases in the site settings (%s)', (kind) => {
  const t = useTestApp(kind);
  let editor: TestStaff;
  let clerk: TestStaff;
  beforeAll(async () => {
    editor = await signedInStaff(t, ['content'], 'phrase-editor');
    clerk = await signedInStaff(t, ['clerk'], 'phrase-clerk');
  });
  const read = async () => {
    const res = await consoleCall(t, 'GET', '/admin/api/site', { cookie: editor.cookie });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as SiteSettingsAnswer;
  };
  const save = (settings: unknown, version: number) =>
    consoleCall(t, 'PUT', '/admin/api/site', { cookie: editor.cookie, body: { settings, version } });
  const publicSite = async () => (await t.call('GET', siteApi.config.path)).body.data as SiteAnswer;
  /** The phrases a roster answers, as the sheet prints them (any assembly's roster: the seed has some). */
  const rosterPhrases = async () => {
    const choices = await consoleCall(t, 'GET', consoleApi.rosterChoices.path, { cookie: clerk.cookie });
    const [first] = v.parse(rosterChoicesSchema, choices.body.data).assemblies;
    if (!first) throw new Error('the seed has assemblies');
    const path = consoleApi.assemblyRoster.path.replace(':id', String(first.id));
    const res = await consoleCall(t, 'GET', path, { cookie: clerk.cookie });
    expect(res.status, res.body.msg).toBe(200);
    return v.parse(rosterSchema, res.body.data).tabletPhrases;
  };
  /** The heading, prefix, suffix and petition words of the believer's tablet preview (水陆, 延往生). */
  const previewStyles = async () => {
    const q = new URLSearchParams({
      hoeName: '水陆普度大斋胜会',
      hoeType: '延往生',
      tabletType: '延往生会首',
    });
    const res = await t.call('GET', `${assemblyApi.preview.path}?${q}`);
    return v
      .parse(assemblyApi.preview.response, res.body)
      .data.STYLES.map((s) => [
        s.KIND,
        s.HEADING,
        s.PREFIX,
        s.SUFFIX,
        s.PETITIONER_LABEL,
        s.PETITIONER_SUFFIX,
      ]);
  };

  it('never edited, the phrases are the preview’s wording, even from a row stored before they were settings', async () => {
    expect((await publicSite()).tabletPhrases).toEqual(DEFAULT_TABLET_PHRASES);
    expect((await read()).settings.tabletPhrases).toEqual(DEFAULT_TABLET_PHRASES);
    expect(await rosterPhrases()).toEqual(DEFAULT_TABLET_PHRASES);
    expect(await previewStyles()).toEqual([
      ['往生', '佛力超荐', '故', '之莲位', '阳上', '敬荐'],
      ['延生', '佛光注照', '', '长生禄位', '', ''],
    ]);
    const row = await t.database.db
      .selectFrom('site_settings')
      .select('value')
      .where('key', '=', 'site')
      .executeTakeFirstOrThrow();
    const { tabletPhrases: _p, ...older } = row.value as SiteAnswer;
    await t.database.db
      .updateTable('site_settings')
      .set({ value: JSON.stringify(older) })
      .where('key', '=', 'site')
      .execute();
    expect((await publicSite()).tabletPhrases).toEqual(DEFAULT_TABLET_PHRASES);
  });

  it('saved (trimmed), the temple’s phrases reach the site config, the preview’s styles and the rosters, audited', async () => {
    const before = await read();
    const padded = { ...TEMPLE_PHRASES, deceasedHeading: ` ${TEMPLE_PHRASES.deceasedHeading} ` };
    const res = await save({ ...before.settings, tabletPhrases: padded }, before.version);
    expect(res.status, res.body.msg).toBe(200);
    const after = res.body.data as SiteSettingsAnswer;
    expect(after.settings.tabletPhrases).toEqual(TEMPLE_PHRASES);
    expect(after.edited).toContain('tabletPhrases');
    expect((await read()).settings.tabletPhrases).toEqual(TEMPLE_PHRASES);
    expect((await publicSite()).tabletPhrases).toEqual(TEMPLE_PHRASES);
    expect(await rosterPhrases()).toEqual(TEMPLE_PHRASES);
    expect(await previewStyles()).toEqual([
      ['往生', '仗佛超度', '先', '往生莲位', '孝眷', '叩荐'],
      ['延生', '佛光普照', '', '延生禄位', '', ''],
    ]);
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['before', 'after'])
      .where('action', '=', 'site.updated')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      before: { tabletPhrases: DEFAULT_TABLET_PHRASES },
      after: { tabletPhrases: TEMPLE_PHRASES },
    });
    // Put back: the defaults again (still the temple's own choice, now stored).
    const back = await save({ ...after.settings, tabletPhrases: DEFAULT_TABLET_PHRASES }, after.version);
    expect(back.status, back.body.msg).toBe(200);
    expect((await publicSite()).tabletPhrases).toEqual(DEFAULT_TABLET_PHRASES);
  });

  const heading = tabletPhraseMessages(TABLET_PHRASE_LABELS.deceasedHeading);
  const suffix = tabletPhraseMessages(TABLET_PHRASE_LABELS.petitionerSuffix);
  const blessing = tabletPhraseMessages(TABLET_PHRASE_LABELS.blessingSuffix);
  it.each<[string, Record<string, unknown>, string]>([
    ['an empty heading', { deceasedHeading: '   ' }, heading.empty],
    ['a phrase of nine characters', { petitionerSuffix: '敬荐敬荐敬荐敬荐敬' }, suffix.tooLong],
    ['markup', { blessingSuffix: '<b>禄位' }, blessing.invalid],
    ['a lone angle bracket', { blessingSuffix: '长生>禄位' }, blessing.invalid],
    ['a control character', { petitionerSuffix: '敬\u0007荐' }, suffix.invalid],
    ['a number for a phrase', { deceasedHeading: 8 }, heading.empty],
    ['a phrase left out', { deceasedHeading: undefined }, TABLET_PHRASES_MISSING],
  ])('refuses %s with its Chinese message and changes nothing', async (_, change, message) => {
    const current = await read();
    const phrases = { ...current.settings.tabletPhrases, ...change };
    const res = await save({ ...current.settings, tabletPhrases: phrases }, current.version);
    expect([res.status, res.body.msg]).toEqual([400, message]);
    expect(JSON.stringify(res.body)).not.toContain('<b>');
    const now = await read();
    expect(now.version).toBe(current.version);
    expect(now.settings.tabletPhrases).toEqual(current.settings.tabletPhrases);
  });

  it('refuses phrases that are not a set of phrases in Chinese', async () => {
    const current = await read();
    for (const tabletPhrases of ['佛力超荐', null, ['佛力超荐']]) {
      const res = await save({ ...current.settings, tabletPhrases }, current.version);
      expect([res.status, res.body.msg]).toEqual([400, TABLET_PHRASES_MISSING]);
    }
    expect((await read()).version).toBe(current.version);
  });
});
