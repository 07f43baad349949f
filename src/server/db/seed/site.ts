import type { SiteConfig } from '@contract/site';
import { DEFAULT_CEREMONY_RULES, DEFAULT_REGISTRATION_RULES } from '@contract/site-notices';
import { DEFAULT_TABLET_PHRASES } from '@contract/tablet-phrases';

/** The temple's facts as seeded; every value can be overridden by an environment variable. */
export const defaultSiteConfig: SiteConfig = {
  templeName: '上海万福禅寺',
  templeNameEn: 'WANFU CHAN TEMPLE · SHANGHAI',
  address: '上海市静安区万福路 188 号',
  phone: '021-6258 0000',
  receptionPhone: '021-6258 0001',
  wechat: 'wanfu-kt',
  icpLicence: '沪ICP备 00000000 号-1',
  policeLicence: '沪公网安备 31010600000000 号',
  religiousLicence: '（沪）-0000-0000 互联网宗教信息服务许可证',
  friendlyLinks: [
    { name: '中国佛教协会', url: 'https://www.chinabuddhism.com.cn' },
    { name: '上海市佛教协会', url: 'https://www.shbuddhism.cn' },
    { name: '上海市民族和宗教事务局', url: 'https://mzzj.sh.gov.cn' },
  ],
  mobileSiteUrl: '',
  // Stored, but the site reads the contract's defaults until the console edits them (readSiteConfig).
  registrationRules: [...DEFAULT_REGISTRATION_RULES],
  ceremonyRules: [...DEFAULT_CEREMONY_RULES],
  tabletPhrases: { ...DEFAULT_TABLET_PHRASES },
};

/** TEMPLE_NAME, TEMPLE_ADDRESS, TEMPLE_PHONE … override the seeded facts at start. */
export const siteEnvKeys: Record<string, keyof SiteConfig> = {
  TEMPLE_NAME: 'templeName',
  TEMPLE_NAME_EN: 'templeNameEn',
  TEMPLE_ADDRESS: 'address',
  TEMPLE_PHONE: 'phone',
  TEMPLE_RECEPTION_PHONE: 'receptionPhone',
  TEMPLE_WECHAT: 'wechat',
  TEMPLE_ICP_LICENCE: 'icpLicence',
  TEMPLE_POLICE_LICENCE: 'policeLicence',
  TEMPLE_RELIGIOUS_LICENCE: 'religiousLicence',
  MOBILE_SITE_URL: 'mobileSiteUrl',
};
