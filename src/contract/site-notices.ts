import { CEREMONY_RULES } from './ceremony';

/**
 * The clauses the order dialogs show behind 我已阅读并同意《…》 (issue 25, site settings): the
 * temple's own words, kept in the site settings and edited in the console (站点信息 → 须知). These
 * are their defaults, what the site shows until the temple edits them.
 *
 * Texts that state what the server does (the ceremony deposit, the days a place is held:
 * CEREMONY_NOTICES, TABLET_NOTICES, RESERVATION_NOTICE, and the first clauses of 佛事预约须知
 * below) are not settings: they are computed from the rules the server applies, so they can
 * never say one thing while the server does another.
 */

/** 报名须知 of a Dharma assembly: spec 000 gives it seven clauses, so there are always seven. */
export const REGISTRATION_CLAUSES = 7;

export const DEFAULT_REGISTRATION_RULES: readonly string[] = [
  '报名成功后，法会类型、牌位类型及牌位内容均不可修改，功德款项恕不退还，请于提交前仔细核对。',
  '牌位书写以实际打印为准，网上预览仅供参考；字体、排版或与预览略有不同，敬请谅解。',
  '往生牌位请填写亡者姓名及阳上人姓名，延生禄位请填写祈福者姓名；请勿填写与法会无关的内容。',
  '每单可添加的明细条数与所选数量一致（设有会首牌位的法会不限）；除夕法会每单限登记一位。',
  '报名成功后，寺院将以短信通知确认；订单可在“个人中心”查看。',
  '法会期间请随喜参加共修，入寺请衣着整洁、言行如仪，遵守寺院规约。',
  '如有疑问，或需登记大额功德，请致电客堂或亲临寺院客堂咨询办理。',
];

/** 佛事预约须知's first clauses: the deposit and the days the place is held, as the server applies them. */
export const CEREMONY_SYSTEM_CLAUSES: readonly string[] = [
  `网上预约需缴纳定金${CEREMONY_RULES.money}元，余款请于${CEREMONY_RULES.comeWithinDays}日内到寺院客堂缴纳。`,
  `定金支付成功后，寺院为您保留所选日期与时段${CEREMONY_RULES.comeWithinDays}天；逾期未到寺院办理，预约将被取消。`,
];

/** The temple's own clauses of 佛事预约须知, shown after the system ones: from 1 to this many. */
export const CEREMONY_CLAUSES_MAX = 10;

export const DEFAULT_CEREMONY_RULES: readonly string[] = [
  '佛事类型、牌位类型、日期与时段一经预约不可在网上修改；如需更改，请致电或亲临寺院客堂。',
  '牌位书写以实际打印为准，请仔细核对明细信息中的姓名与日期。',
  '佛事当日请提前到寺院客堂报到，衣着整洁、言行如仪，遵守寺院规约。',
];

/** The longest clause, in characters. */
export const CLAUSE_MAX_LENGTH = 200;

/** 佛事预约须知 as the believer reads it: the system's clauses, then the temple's. */
export const ceremonyBookingClauses = (temple: readonly string[]): string[] => [
  ...CEREMONY_SYSTEM_CLAUSES,
  ...temple,
];
