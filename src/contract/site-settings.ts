import * as v from 'valibot';
import { siteConfig } from './site';
import { CEREMONY_CLAUSES_MAX, CLAUSE_MAX_LENGTH, REGISTRATION_CLAUSES } from './site-notices';
import { tabletPhrasesSchema } from './tablet-phrases';
import { CONTROL_REFUSED, LINES_NO_CONTROL, MARKUP_REFUSED, NO_CONTROL, noMarkup, textLine } from './wire';

/**
 * The temple's facts the staff console edits (issue 25, site settings): the name, address, phones,
 * WeChat contact, licence numbers, friendly links and the mobile site's address, and the clauses
 * of the order dialogs' rules (报名须知, 佛事预约须知), and the tablets' fixed phrases. They are
 * stored in the database; the TEMPLE_* environment variables are the defaults of the facts never
 * edited, site-notices.ts those of the clauses, tablet-phrases.ts those of the phrases. One rule
 * set for the console's form and the server.
 */
export const SITE_SETTINGS_MESSAGES = {
  templeNameEmpty: '请输入寺院名称',
  templeNameTooLong: '寺院名称最多30个字',
  templeNameEnTooLong: '英文名称最多80个字符',
  addressEmpty: '请输入寺院地址',
  addressTooLong: '寺院地址最多100个字',
  phoneInvalid: '电话只能包含数字、空格、连字符和括号，最多20位',
  phoneEmpty: '请输入电话',
  wechatTooLong: '微信号最多30个字符',
  licenceTooLong: '备案或许可证号最多60个字',
  linkNameEmpty: '请输入链接名称',
  linkNameTooLong: '链接名称最多20个字',
  linkUrlInvalid: '链接须为以 https:// 开头的网址',
  linksTooMany: '友情链接最多8个',
  mobileSiteUrlInvalid: '手机版网址须为以 https:// 开头的网址，或留空',
  textInvalid: CONTROL_REFUSED,
  markup: MARKUP_REFUSED,
  registrationRulesCount: `报名须知须为${REGISTRATION_CLAUSES}条`,
  ceremonyRulesEmpty: '佛事预约须知至少要有1条',
  ceremonyRulesTooMany: `佛事预约须知最多${CEREMONY_CLAUSES_MAX}条`,
  clauseEmpty: '请填写这条须知',
  clauseTooLong: `每条须知最多${CLAUSE_MAX_LENGTH}字`,
  clauseInvalid: '每条须知须为一段文字，不能换行或包含控制字符',
  clausesRepeated: '有两条须知的内容相同，请删去或修改其中一条',
  versionInvalid: '版本号不正确',
} as const;

const M = SITE_SETTINGS_MESSAGES;

const phone = v.pipe(
  v.string(M.phoneEmpty),
  v.trim(),
  v.nonEmpty(M.phoneEmpty),
  v.regex(/^[0-9 ()+-]{3,20}$/, M.phoneInvalid),
);

const httpsUrl = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.maxLength(200, message),
    v.url(message),
    v.startsWith('https://', message),
  );

/** One clause of a notice: a paragraph of 1 to 200 characters, one line. */
const clause = v.pipe(
  v.string(M.clauseEmpty),
  v.trim(),
  v.nonEmpty(M.clauseEmpty),
  v.maxLength(CLAUSE_MAX_LENGTH, M.clauseTooLong),
  v.regex(NO_CONTROL, M.clauseInvalid),
  noMarkup(M.markup),
);

/** No clause twice: the believer would read it twice. */
const distinct = (clauses: string[]) => new Set(clauses).size === clauses.length;

export const siteSettingsSchema = v.object(
  {
    templeName: textLine(M.templeNameEmpty, 30, M.templeNameTooLong),
    templeNameEn: textLine(null, 80, M.templeNameEnTooLong),
    address: textLine(M.addressEmpty, 100, M.addressTooLong),
    phone,
    receptionPhone: phone,
    wechat: textLine(null, 30, M.wechatTooLong),
    icpLicence: textLine(null, 60, M.licenceTooLong),
    policeLicence: textLine(null, 60, M.licenceTooLong),
    religiousLicence: textLine(null, 60, M.licenceTooLong),
    friendlyLinks: v.pipe(
      v.array(
        v.object(
          {
            name: v.pipe(
              v.string(M.linkNameEmpty),
              v.trim(),
              v.nonEmpty(M.linkNameEmpty),
              v.maxLength(20, M.linkNameTooLong),
              v.regex(LINES_NO_CONTROL, M.textInvalid),
              noMarkup(M.markup),
            ),
            url: httpsUrl(M.linkUrlInvalid),
          },
          M.linkNameEmpty,
        ),
        M.linksTooMany,
      ),
      v.maxLength(8, M.linksTooMany),
    ),
    mobileSiteUrl: v.union([v.literal(''), httpsUrl(M.mobileSiteUrlInvalid)], M.mobileSiteUrlInvalid),
    registrationRules: v.pipe(
      v.array(clause, M.registrationRulesCount),
      v.length(REGISTRATION_CLAUSES, M.registrationRulesCount),
      v.check(distinct, M.clausesRepeated),
    ),
    ceremonyRules: v.pipe(
      v.array(clause, M.ceremonyRulesEmpty),
      v.minLength(1, M.ceremonyRulesEmpty),
      v.maxLength(CEREMONY_CLAUSES_MAX, M.ceremonyRulesTooMany),
      v.check(distinct, M.clausesRepeated),
    ),
    tabletPhrases: tabletPhrasesSchema,
  },
  M.templeNameEmpty,
);
export type SiteSettings = v.InferOutput<typeof siteSettingsSchema>;

/** What the console sends: the settings and the version it read (a stale version answers 409). */
export const siteSettingsUpdateSchema = v.object(
  {
    settings: siteSettingsSchema,
    version: v.pipe(v.number(M.versionInvalid), v.integer(M.versionInvalid), v.minValue(0, M.versionInvalid)),
  },
  M.versionInvalid,
);

/** What the console reads: the settings, their version, and which fields were edited in the console. */
export const siteSettingsAnswerSchema = v.object({
  settings: siteConfig,
  version: v.number(),
  edited: v.array(v.string()),
});
export type SiteSettingsAnswer = v.InferOutput<typeof siteSettingsAnswerSchema>;

/** The labels of the fields, as the console's form and the audit log show them. */
export const SITE_SETTINGS_LABELS: Record<keyof SiteSettings, string> = {
  templeName: '寺院名称',
  templeNameEn: '英文名称',
  address: '寺院地址',
  phone: '联系电话',
  receptionPhone: '客堂电话',
  wechat: '客堂微信',
  icpLicence: 'ICP备案号',
  policeLicence: '公安备案号',
  religiousLicence: '互联网宗教信息服务许可证',
  friendlyLinks: '友情链接',
  mobileSiteUrl: '手机版网址',
  registrationRules: '报名须知',
  ceremonyRules: '佛事预约须知',
  tabletPhrases: '牌位用语',
};
