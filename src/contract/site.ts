import * as v from 'valibot';
import { endpoint, mainEnvelope } from './envelope';

/** The temple's own facts, from configuration: header, footer, contact strips. */
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
});
export type SiteConfig = v.InferOutput<typeof siteConfig>;

export const siteApi = {
  config: endpoint({
    method: 'GET',
    path: '/api/yxs-app/site/config',
    request: null,
    response: mainEnvelope(siteConfig),
  }),
};
