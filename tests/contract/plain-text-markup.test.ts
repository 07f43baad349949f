import { ASSEMBLY_CATALOGUE_MESSAGES, assemblyDraftSchema } from '@contract/assembly-catalogue';
import { CEREMONY_CATALOGUE_MESSAGES, ceremonyTypeDraftSchema } from '@contract/ceremony-catalogue';
import { CLOSED_DAY_MESSAGES, closedDaySchema } from '@contract/closed-days';
import { MERIT_CATALOGUE_MESSAGES, meritDraftSchema } from '@contract/merit-catalogue';
import { NEWS_EDIT_MESSAGES, newsArticleSchema } from '@contract/news-editing';
import { SITE_SETTINGS_MESSAGES, siteSettingsSchema } from '@contract/site-settings';
import { STAFF_MESSAGES, staffCreateSchema, staffUpdateSchema } from '@contract/staff';
import { STATUE_CATALOGUE_MESSAGES, statueLocationDraftSchema } from '@contract/statue-catalogue';
import { TABLET_CATALOGUE_MESSAGES, tabletGroupSchema, tabletTextSchema } from '@contract/tablet-catalogue';
import { VIDEO_CATALOGUE_MESSAGES, videoDraftSchema } from '@contract/video-catalogue';
import { MARKUP_REFUSED } from '@contract/wire';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

/**
 * Issue 34: markup typed into a plain-text field staff fill in and visitors read was stored and
 * shown as literal tags. Every such field refuses `<` and `>` with its Chinese message, one row per
 * field; the console's forms and the server judge with these same schemas. Only the field's own
 * refusal is read here (the rest of each input is left out), by its path.
 */
const MARKUP = '<b>万福寺</b>';

/** The message `schema` gives at `path` for `input`, or null when nothing there is refused. */
const refusalAt = (schema: v.GenericSchema, input: unknown, path: string): string | null => {
  const result = v.safeParse(schema, input);
  if (result.success) return null;
  return result.issues.find((issue) => v.getDotPath(issue) === path)?.message ?? null;
};

const S = SITE_SETTINGS_MESSAGES;
const A = ASSEMBLY_CATALOGUE_MESSAGES;
const C = CEREMONY_CATALOGUE_MESSAGES;
const ME = MERIT_CATALOGUE_MESSAGES;
const ST = STATUE_CATALOGUE_MESSAGES;
const T = TABLET_CATALOGUE_MESSAGES;

describe('plain-text fields refuse markup', () => {
  it('say 不能包含尖括号 < > (the closing day and a staff name with their field’s name)', () => {
    expect(MARKUP_REFUSED).toBe('不能包含尖括号 < >');
    expect(CLOSED_DAY_MESSAGES.reasonMarkup).toBe('关闭原因不能包含尖括号 < >');
    expect(STAFF_MESSAGES.displayNameMarkup).toBe('姓名不能包含尖括号 < >');
  });

  it.each<[string, v.GenericSchema, unknown, string, string]>([
    ['site: temple name', siteSettingsSchema, { templeName: MARKUP }, 'templeName', S.markup],
    ['site: English name', siteSettingsSchema, { templeNameEn: '<i>Wanfu</i>' }, 'templeNameEn', S.markup],
    ['site: address', siteSettingsSchema, { address: `上海市${MARKUP}` }, 'address', S.markup],
    ['site: WeChat', siteSettingsSchema, { wechat: 'wanfu<script>' }, 'wechat', S.markup],
    ['site: ICP licence', siteSettingsSchema, { icpLicence: '沪ICP备<b>1</b>号' }, 'icpLicence', S.markup],
    [
      'site: police licence',
      siteSettingsSchema,
      { policeLicence: '沪公网安备 >1' },
      'policeLicence',
      S.markup,
    ],
    ['site: religious licence', siteSettingsSchema, { religiousLicence: '<' }, 'religiousLicence', S.markup],
    [
      'site: a friendly link’s name',
      siteSettingsSchema,
      { friendlyLinks: [{ name: '<b>协会</b>', url: 'https://a.cn' }] },
      'friendlyLinks.0.name',
      S.markup,
    ],
    [
      'site: a clause of 报名须知',
      siteSettingsSchema,
      { registrationRules: [MARKUP] },
      'registrationRules.0',
      S.markup,
    ],
    [
      'site: a clause of 佛事预约须知',
      siteSettingsSchema,
      { ceremonyRules: [MARKUP] },
      'ceremonyRules.0',
      S.markup,
    ],
    ['news: title', newsArticleSchema, { title: MARKUP }, 'title', NEWS_EDIT_MESSAGES.markup],
    ['news: subtitle', newsArticleSchema, { subTitle: MARKUP }, 'subTitle', NEWS_EDIT_MESSAGES.markup],
    ['video: title', videoDraftSchema, { title: MARKUP }, 'title', VIDEO_CATALOGUE_MESSAGES.markup],
    [
      'video: description',
      videoDraftSchema,
      { description: MARKUP },
      'description',
      VIDEO_CATALOGUE_MESSAGES.markup,
    ],
    [
      'staff: a new account’s name',
      staffCreateSchema,
      { displayName: MARKUP },
      'displayName',
      STAFF_MESSAGES.displayNameMarkup,
    ],
    [
      'staff: a renamed account',
      staffUpdateSchema,
      { displayName: MARKUP },
      'displayName',
      STAFF_MESSAGES.displayNameMarkup,
    ],
    [
      'closed day: reason',
      closedDaySchema,
      { reason: `<b>闭寺</b>` },
      'reason',
      CLOSED_DAY_MESSAGES.reasonMarkup,
    ],
    ['assembly: name', assemblyDraftSchema, { name: MARKUP }, 'name', A.markup],
    [
      'assembly: particulars',
      assemblyDraftSchema,
      { particulars: `第一行\n${MARKUP}` },
      'particulars',
      A.markup,
    ],
    [
      'assembly: a tablet type',
      assemblyDraftSchema,
      { types: [{ prices: [{ tabletType: '<i>牌位</i>' }] }] },
      'types.0.prices.0.tabletType',
      A.markup,
    ],
    ['ceremony: name', ceremonyTypeDraftSchema, { name: MARKUP }, 'name', C.markup],
    ['ceremony: particulars', ceremonyTypeDraftSchema, { particulars: MARKUP }, 'particulars', C.markup],
    [
      'ceremony: a price row’s tier',
      ceremonyTypeDraftSchema,
      { prices: [{ tier: '<b>上</b>' }] },
      'prices.0.tier',
      C.markup,
    ],
    ['merit: name', meritDraftSchema, { name: MARKUP }, 'name', ME.markup],
    ['merit: particulars', meritDraftSchema, { particulars: MARKUP }, 'particulars', ME.markup],
    [
      'merit: a choice’s name',
      meritDraftSchema,
      { choices: [{ name: '<b>鲜花</b>' }] },
      'choices.0.name',
      ME.markup,
    ],
    ['statue: location name', statueLocationDraftSchema, { name: MARKUP }, 'name', ST.markup],
    ['statue: particulars', statueLocationDraftSchema, { particulars: MARKUP }, 'particulars', ST.markup],
    [
      'statue: a statue’s name',
      statueLocationDraftSchema,
      { statues: [{ name: '<b>观音</b>' }] },
      'statues.0.name',
      ST.markup,
    ],
    [
      'statue: a material',
      statueLocationDraftSchema,
      { materials: [{ name: '<b>铜</b>' }] },
      'materials.0.name',
      ST.markup,
    ],
    [
      'statue: a group',
      statueLocationDraftSchema,
      { groups: [{ name: '<b>东</b>' }] },
      'groups.0.name',
      ST.markup,
    ],
    ['tablet: a type’s name', tabletTextSchema, { name: MARKUP }, 'name', T.markup],
    ['tablet: particulars', tabletTextSchema, { particulars: MARKUP }, 'particulars', T.markup],
    ['tablet: a group’s name', tabletGroupSchema, { name: '<b>一区</b>' }, 'name', T.markup],
  ])('%s', (_, schema, input, path, message) => {
    expect(refusalAt(schema, input, path)).toBe(message);
  });

  it('let Chinese brackets, quotation marks and ≤ pass (only < and > are markup)', () => {
    for (const text of ['《金刚经》', '〈一〉「二」', '≤ 20 人', '“万福寺” & 法会']) {
      expect(refusalAt(siteSettingsSchema, { address: text }, 'address'), text).toBeNull();
      expect(refusalAt(newsArticleSchema, { title: text }, 'title'), text).toBeNull();
    }
  });
});
