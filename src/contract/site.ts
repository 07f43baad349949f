import * as v from 'valibot';
import { endpoint, mainEnvelope } from './envelope';
import { tabletPhrasesAnswer } from './tablet-phrases';

/**
 * The temple's own facts, from configuration: header, footer, contact strips; and the clauses of
 * the order dialogs' rules (报名须知, the temple's part of 佛事预约须知: site-notices.ts).
 */
export const siteConfig = v.object({
  templeName: v.string(),
  templeNameEn: v.string(),
  address: v.string(),
  phone: v.string(),
  receptionPhone: v.string(),
  wechat: v.string(),
  icpLicence: v.string(),
  policeLicence: v.string(),
  religiousLicence: v.string(),
  friendlyLinks: v.array(v.object({ name: v.string(), url: v.string() })),
  mobileSiteUrl: v.string(),
  registrationRules: v.array(v.string()),
  ceremonyRules: v.array(v.string()),
  /** The fixed phrases of the tablets (tablet-phrases.ts), for the believer's preview. */
  tabletPhrases: tabletPhrasesAnswer,
});
export type SiteConfig = v.InferOutput<typeof siteConfig>;

/** What the site is told: the temple's facts, and whether payment and SMS are simulated (the demo banner). */
export const siteAnswer = v.object({ ...siteConfig.entries, demo: v.boolean() });
export type SiteAnswer = v.InferOutput<typeof siteAnswer>;

/** The banner every page shows while the sandbox gateway or the log SMS provider is in use (DESIGN section 5). */
export const DEMO_BANNER = '演示模式：支付与短信均为模拟，请勿真实付款';

export const siteApi = {
  config: endpoint({
    method: 'GET',
    path: '/api/yxs-app/site/config',
    request: null,
    response: mainEnvelope(siteAnswer),
  }),
};
