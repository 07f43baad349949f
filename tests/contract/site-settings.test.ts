import { CEREMONY_RULES } from '@contract/ceremony';
import {
  CEREMONY_SYSTEM_CLAUSES,
  ceremonyBookingClauses,
  DEFAULT_CEREMONY_RULES,
  DEFAULT_REGISTRATION_RULES,
} from '@contract/site-notices';
import {
  SITE_SETTINGS_MESSAGES as M,
  type SiteSettings,
  siteSettingsSchema,
  siteSettingsUpdateSchema,
} from '@contract/site-settings';
import { defaultSiteConfig } from '@server/db/seed/site';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

/** Issue 25, site settings: one table row per message of the settings' rules, and the notices' defaults. */
const good: SiteSettings = { ...defaultSiteConfig };
const messageOf = (over: Record<string, unknown>) => {
  const result = v.safeParse(siteSettingsSchema, { ...good, ...over });
  return result.success ? null : result.issues[0]?.message;
};
const clauseAt = (index: number, text: string) =>
  DEFAULT_REGISTRATION_RULES.map((clause, at) => (at === index ? text : clause));

describe('the site settings rules', () => {
  it('accept the seed, the notices’ defaults among them, trimmed', () => {
    expect(messageOf({})).toBeNull();
    const parsed = v.parse(siteSettingsSchema, { ...good, ceremonyRules: ['  请准时到寺。 '] });
    expect(parsed.ceremonyRules).toEqual(['请准时到寺。']);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no temple name', { templeName: ' ' }, M.templeNameEmpty],
    ['a long temple name', { templeName: '寺'.repeat(31) }, M.templeNameTooLong],
    ['a long English name', { templeNameEn: 'A'.repeat(81) }, M.templeNameEnTooLong],
    ['no address', { address: '' }, M.addressEmpty],
    ['a long address', { address: '路'.repeat(101) }, M.addressTooLong],
    ['no phone', { phone: '' }, M.phoneEmpty],
    ['letters in a phone', { receptionPhone: '021-abc' }, M.phoneInvalid],
    ['a long WeChat', { wechat: 'w'.repeat(31) }, M.wechatTooLong],
    ['a long licence', { icpLicence: '号'.repeat(61) }, M.licenceTooLong],
    ['a control character', { policeLicence: 'a\u0000b' }, M.textInvalid],
    ['a link without a name', { friendlyLinks: [{ name: '', url: 'https://a.cn' }] }, M.linkNameEmpty],
    [
      'a long link name',
      { friendlyLinks: [{ name: '链'.repeat(21), url: 'https://a.cn' }] },
      M.linkNameTooLong,
    ],
    ['an http link', { friendlyLinks: [{ name: '协会', url: 'http://a.cn' }] }, M.linkUrlInvalid],
    [
      'nine links',
      { friendlyLinks: Array.from({ length: 9 }, () => ({ name: '协会', url: 'https://a.cn' })) },
      M.linksTooMany,
    ],
    ['a mobile site without https', { mobileSiteUrl: 'm.temple.cn' }, M.mobileSiteUrlInvalid],
    [
      'six clauses of 报名须知',
      { registrationRules: DEFAULT_REGISTRATION_RULES.slice(1) },
      M.registrationRulesCount,
    ],
    ['eight clauses', { registrationRules: [...DEFAULT_REGISTRATION_RULES, '八'] }, M.registrationRulesCount],
    ['报名须知 not a list', { registrationRules: null }, M.registrationRulesCount],
    ['an empty clause', { registrationRules: clauseAt(6, ' ') }, M.clauseEmpty],
    ['a clause of 201 characters', { registrationRules: clauseAt(0, '字'.repeat(201)) }, M.clauseTooLong],
    ['a clause on two lines', { registrationRules: clauseAt(2, '一\n二') }, M.clauseInvalid],
    ['a clause with a control character', { ceremonyRules: ['a\u001bb'] }, M.clauseInvalid],
    [
      'a clause twice',
      { registrationRules: clauseAt(4, DEFAULT_REGISTRATION_RULES[3] ?? '') },
      M.clausesRepeated,
    ],
    ['no clause of 佛事预约须知', { ceremonyRules: [] }, M.ceremonyRulesEmpty],
    ['佛事预约须知 not a list', { ceremonyRules: '一条' }, M.ceremonyRulesEmpty],
    [
      'eleven clauses',
      { ceremonyRules: Array.from({ length: 11 }, (_, i) => `第${i}条`) },
      M.ceremonyRulesTooMany,
    ],
    ['a clause that is not text', { ceremonyRules: [7] }, M.clauseEmpty],
  ])('refuse %s', (_, over, message) => {
    expect(messageOf(over)).toBe(message);
  });

  it('accept a clause of 200 characters and ten clauses of 佛事预约须知', () => {
    expect(messageOf({ registrationRules: clauseAt(0, '字'.repeat(200)) })).toBeNull();
    expect(messageOf({ ceremonyRules: Array.from({ length: 10 }, (_, i) => `第${i}条`) })).toBeNull();
  });

  it('refuse a bad version with its message', () => {
    const result = v.safeParse(siteSettingsUpdateSchema, { settings: good, version: -1 });
    expect(result.issues?.[0]?.message).toBe(M.versionInvalid);
  });

  it('say every refusal in Chinese', () => {
    for (const message of Object.values(M)) expect(message).toMatch(/[\u4e00-\u9fff]/u);
  });
});

describe('the notices', () => {
  it('报名须知 has seven clauses by default (spec 000)', () => {
    expect(DEFAULT_REGISTRATION_RULES).toHaveLength(7);
  });

  it('佛事预约须知 states the deposit and the days held as the server applies them, before the temple’s clauses', () => {
    expect(CEREMONY_SYSTEM_CLAUSES.join('')).toContain(`定金${CEREMONY_RULES.money}元`);
    expect(CEREMONY_SYSTEM_CLAUSES.join('')).toContain(`${CEREMONY_RULES.comeWithinDays}天`);
    expect(ceremonyBookingClauses(DEFAULT_CEREMONY_RULES)).toEqual([
      ...CEREMONY_SYSTEM_CLAUSES,
      ...DEFAULT_CEREMONY_RULES,
    ]);
    // The temple's defaults state no amount and no number of days: those are the system's to say.
    for (const clause of DEFAULT_CEREMONY_RULES) expect(clause).not.toMatch(/\d/);
  });
});
