import type { SiteAnswer } from '@contract/site';
import { siteApi } from '@contract/site';
import { DEFAULT_CEREMONY_RULES, DEFAULT_REGISTRATION_RULES } from '@contract/site-notices';
import { SITE_SETTINGS_MESSAGES as M, type SiteSettingsAnswer } from '@contract/site-settings';
import { VERSIONED_ITEM_MESSAGES } from '@contract/versioned-item';
import { applySiteOverrides } from '@server/services/site';
import { consoleCall, signedInStaff, type TestStaff } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 25, site settings: the temple's facts kept in the database and edited by 内容 staff, one
 * rule set with the console (every field's refusal in Chinese), a version check so that two edits
 * never lose one (409), the change on the site at once and in the audit log, and the TEMPLE_*
 * variables as defaults only.
 */
/** The seven default clauses with clause `index` (from 0) replaced. */
const withClause = (index: number, text: string) =>
  DEFAULT_REGISTRATION_RULES.map((clause, at) => (at === index ? text : clause));

describe.each(databaseKinds())('site settings in the console (%s)', (kind) => {
  const t = useTestApp(kind);
  let editor: TestStaff;
  beforeAll(async () => {
    editor = await signedInStaff(t, ['content'], 'editor');
  });
  const read = async () => {
    const res = await consoleCall(t, 'GET', '/admin/api/site', { cookie: editor.cookie });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as SiteSettingsAnswer;
  };
  const save = (settings: unknown, version: number, cookie = editor.cookie) =>
    consoleCall(t, 'PUT', '/admin/api/site', { cookie, body: { settings, version } });
  const publicSite = async () => (await t.call('GET', siteApi.config.path)).body.data as SiteAnswer;

  it('never edited, the notices are the contract’s defaults, even from a row stored before they were settings', async () => {
    expect(await publicSite()).toMatchObject({
      registrationRules: DEFAULT_REGISTRATION_RULES,
      ceremonyRules: DEFAULT_CEREMONY_RULES,
    });
    const { settings } = await read();
    expect(settings.registrationRules).toEqual(DEFAULT_REGISTRATION_RULES);
    const row = await t.database.db
      .selectFrom('site_settings')
      .select('value')
      .where('key', '=', 'site')
      .executeTakeFirstOrThrow();
    const { registrationRules: _r, ceremonyRules: _c, ...older } = row.value as SiteAnswer;
    await t.database.db
      .updateTable('site_settings')
      .set({ value: JSON.stringify(older) })
      .where('key', '=', 'site')
      .execute();
    expect((await read()).settings).toMatchObject({
      registrationRules: DEFAULT_REGISTRATION_RULES,
      ceremonyRules: DEFAULT_CEREMONY_RULES,
    });
    // Texts stored but never edited in the console (an older seed's) give way to the contract's.
    await t.database.db
      .updateTable('site_settings')
      .set({
        value: JSON.stringify({
          ...older,
          registrationRules: withClause(0, '旧版条文'),
          ceremonyRules: ['旧'],
        }),
      })
      .where('key', '=', 'site')
      .execute();
    expect((await read()).settings).toMatchObject({
      registrationRules: DEFAULT_REGISTRATION_RULES,
      ceremonyRules: DEFAULT_CEREMONY_RULES,
    });
  });

  it('saves an edited clause that the site shows at once, audits the clauses before and after, keeps the other notice’s default', async () => {
    const before = await read();
    const clause = '报名前请先阅读本寺法会简介，并确认法会日期。';
    const ceremony = ['佛事当日请提前半小时到客堂报到。'];
    const res = await save(
      { ...before.settings, registrationRules: withClause(2, ` ${clause} `), ceremonyRules: ceremony },
      before.version,
    );
    expect(res.status, res.body.msg).toBe(200);
    const after = res.body.data as SiteSettingsAnswer;
    expect(after.settings.registrationRules[2]).toBe(clause);
    expect(after.edited).toEqual(expect.arrayContaining(['registrationRules', 'ceremonyRules']));
    const site = await publicSite();
    expect(site.registrationRules).toEqual(withClause(2, clause));
    expect(site.ceremonyRules).toEqual(ceremony);
    const [row] = await t.database.db
      .selectFrom('staff_audit')
      .select(['action', 'before', 'after'])
      .where('action', '=', 'site.updated')
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    // Only the clauses changed, by the numbers the page shows (佛事预约须知's own come after the system's).
    expect(row).toEqual({
      action: 'site.updated',
      before: {
        'registrationRules.3': DEFAULT_REGISTRATION_RULES[2],
        'ceremonyRules.3': DEFAULT_CEREMONY_RULES[0],
        'ceremonyRules.4': DEFAULT_CEREMONY_RULES[1],
        'ceremonyRules.5': DEFAULT_CEREMONY_RULES[2],
      },
      after: {
        'registrationRules.3': clause,
        'ceremonyRules.3': ceremony[0],
        'ceremonyRules.4': null,
        'ceremonyRules.5': null,
      },
    });
    // Put back, as the temple would: the later tests start from the defaults' texts.
    const back = await save(
      {
        ...after.settings,
        registrationRules: DEFAULT_REGISTRATION_RULES,
        ceremonyRules: DEFAULT_CEREMONY_RULES,
      },
      after.version,
    );
    expect(back.status, back.body.msg).toBe(200);
  });

  it('refuses a clause saved against a stale version (409): the other editor’s clause stays', async () => {
    const current = await read();
    const mine = withClause(6, '如有疑问，请致电客堂。');
    expect((await save({ ...current.settings, registrationRules: mine }, current.version)).status).toBe(200);
    const stale = await save(
      { ...current.settings, registrationRules: withClause(6, '被覆盖的条文') },
      current.version,
    );
    expect([stale.status, stale.body.msg]).toEqual([409, VERSIONED_ITEM_MESSAGES.stale]);
    expect((await publicSite()).registrationRules).toEqual(mine);
  });

  it('saves a change that the site shows at once, remembers it as edited, and audits the fields changed', async () => {
    const before = await read();
    const res = await save(
      { ...before.settings, phone: ' 021-6258 8888 ', wechat: 'wanfu-new' },
      before.version,
    );
    expect(res.status, res.body.msg).toBe(200);
    const after = res.body.data as SiteSettingsAnswer;
    expect(after.version).toBe(before.version + 1);
    expect(after.settings.phone).toBe('021-6258 8888');
    expect(after.edited).toEqual(expect.arrayContaining(['phone', 'wechat']));
    const site = await t.call('GET', siteApi.config.path);
    expect(site.body.data).toMatchObject({ phone: '021-6258 8888', wechat: 'wanfu-new' });
    const [row] = await t.database.db
      .selectFrom('staff_audit')
      .select(['username', 'action', 'before', 'after'])
      .where('action', '=', 'site.updated')
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(row).toMatchObject({
      username: editor.username,
      before: { phone: before.settings.phone, wechat: before.settings.wechat },
      after: { phone: '021-6258 8888', wechat: 'wanfu-new' },
    });
  });

  it('answers a save that changes nothing with what is saved: no new version, no audit line, another editor’s form still current', async () => {
    const current = await read();
    const audits = () =>
      t.database.db
        .selectFrom('staff_audit')
        .select('id')
        .where('action', '=', 'site.updated')
        .execute()
        .then((rows) => rows.length);
    const audited = await audits();
    // What the form shows, sent back as it is (the spaces around a field are trimmed away).
    const same = await save({ ...current.settings, phone: ` ${current.settings.phone} ` }, current.version);
    expect(same.status, same.body.msg).toBe(200);
    expect(same.body.data).toEqual(current);
    expect(await read()).toEqual(current);
    expect(await audits()).toBe(audited);
    // A second editor who read the same version saves a real change without a 409.
    const other = await save({ ...current.settings, wechat: 'wanfu-other' }, current.version);
    expect(other.status, other.body.msg).toBe(200);
    expect(await audits()).toBe(audited + 1);
  });

  it('refuses a save against a version read before another one (409), and changes nothing', async () => {
    const current = await read();
    expect(
      (await save({ ...current.settings, address: '上海市静安区万福路 190 号' }, current.version)).status,
    ).toBe(200);
    const stale = await save({ ...current.settings, address: '被覆盖的地址' }, current.version);
    expect([stale.status, stale.body.msg]).toEqual([409, VERSIONED_ITEM_MESSAGES.stale]);
    expect((await read()).settings.address).toBe('上海市静安区万福路 190 号');
  });

  it('of edits sent at once against one version, one is saved and the others are refused', async () => {
    const current = await read();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        save({ ...current.settings, wechat: `wanfu-${i}` }, current.version),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect((await read()).version).toBe(current.version + 1);
  });

  it.each([
    ['templeName', '', M.templeNameEmpty],
    ['templeName', '寺'.repeat(31), M.templeNameTooLong],
    ['templeNameEn', 'A'.repeat(81), M.templeNameEnTooLong],
    ['address', '   ', M.addressEmpty],
    ['address', '路'.repeat(101), M.addressTooLong],
    ['phone', '', M.phoneEmpty],
    ['phone', '021-6258abc', M.phoneInvalid],
    ['receptionPhone', '1'.repeat(21), M.phoneInvalid],
    ['wechat', 'w'.repeat(31), M.wechatTooLong],
    ['icpLicence', '号'.repeat(61), M.licenceTooLong],
    ['policeLicence', '号'.repeat(61), M.licenceTooLong],
    ['religiousLicence', '号'.repeat(61), M.licenceTooLong],
    ['religiousLicence', 'a\u0007b', M.textInvalid],
    ['icpLicence', '沪ICP备<b>12345678</b>号', M.markup],
    ['address', '上海市<script>alert(1)</script>', M.markup],
    ['wechat', 'wanfu>', M.markup],
    ['templeName', '<i>万福寺</i>', M.markup],
    ['friendlyLinks', [{ name: '<b>协会</b>', url: 'https://a.cn' }], M.markup],
    ['registrationRules', withClause(2, '请<b>准时</b>到寺'), M.markup],
    ['friendlyLinks', [{ name: '', url: 'https://a.cn' }], M.linkNameEmpty],
    ['friendlyLinks', [{ name: '链'.repeat(21), url: 'https://a.cn' }], M.linkNameTooLong],
    ['friendlyLinks', [{ name: '协会', url: 'http://a.cn' }], M.linkUrlInvalid],
    ['friendlyLinks', [{ name: '协会', url: 'javascript:alert(1)' }], M.linkUrlInvalid],
    [
      'friendlyLinks',
      Array.from({ length: 9 }, () => ({ name: '协会', url: 'https://a.cn' })),
      M.linksTooMany,
    ],
    ['mobileSiteUrl', 'm.temple.cn', M.mobileSiteUrlInvalid],
    ['registrationRules', DEFAULT_REGISTRATION_RULES.slice(0, 6), M.registrationRulesCount],
    ['registrationRules', [...DEFAULT_REGISTRATION_RULES, '第八条'], M.registrationRulesCount],
    ['registrationRules', '一条', M.registrationRulesCount],
    ['registrationRules', withClause(3, '  '), M.clauseEmpty],
    ['registrationRules', withClause(0, '字'.repeat(201)), M.clauseTooLong],
    ['registrationRules', withClause(5, '第一段\n第二段'), M.clauseInvalid],
    ['registrationRules', withClause(1, DEFAULT_REGISTRATION_RULES[0] ?? ''), M.clausesRepeated],
    ['ceremonyRules', [], M.ceremonyRulesEmpty],
    ['ceremonyRules', Array.from({ length: 11 }, (_, i) => `第${i + 1}条`), M.ceremonyRulesTooMany],
    ['ceremonyRules', ['a\u0007b'], M.clauseInvalid],
    ['ceremonyRules', [42], M.clauseEmpty],
    ['ceremonyRules', ['同一条', ' 同一条'], M.clausesRepeated],
  ])('refuses %s = %j with its Chinese message and saves nothing', async (field, value, message) => {
    const current = await read();
    const res = await save({ ...current.settings, [field]: value }, current.version);
    expect([res.status, res.body.msg]).toEqual([400, message]);
    expect((await read()).version).toBe(current.version);
  });

  it('refuses a clerk (403) and a believer (401)', async () => {
    const clerk = await signedInStaff(t, ['clerk'], 'siteclerk');
    const current = await read();
    expect((await save(current.settings, current.version, clerk.cookie)).status).toBe(403);
    const token = await t.login('13900003333');
    const res = await consoleCall(t, 'PUT', '/admin/api/site', {
      headers: { authorization: `Bearer ${token}` },
      body: { settings: current.settings, version: current.version },
    });
    expect(res.status).toBe(401);
  });

  it('the TEMPLE_* variables replace what was never edited in the console, never what was', async () => {
    const current = await read();
    expect(current.edited).toContain('phone');
    expect(current.edited).not.toContain('religiousLicence');
    await applySiteOverrides(t.database.db, {
      TEMPLE_PHONE: '010-0000 0000',
      TEMPLE_RELIGIOUS_LICENCE: '（沪）-1111-1111 互联网宗教信息服务许可证',
    });
    const after = await read();
    expect(after.settings.phone).toBe(current.settings.phone);
    expect(after.settings.religiousLicence).toBe('（沪）-1111-1111 互联网宗教信息服务许可证');
  });
});
