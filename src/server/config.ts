import * as v from 'valibot';
import { type AliyunSmsSettings, loadAliyunSmsSettings } from './gateways/sms-aliyun';
import { loadTencentSmsSettings, type TencentSmsSettings } from './gateways/sms-tencent';
import { loadWechatPayConfig, type WechatPayConfig } from './gateways/wechat-config';

const flag = v.optional(
  v.pipe(
    v.picklist(['0', '1', 'true', 'false', ''], '须为 1 或 0'),
    v.transform((value) => value === '1' || value === 'true'),
  ),
  '0',
);

const envSchema = v.object({
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.integer('PORT 须为整数'),
      v.minValue(0, 'PORT 不能为负数'),
      v.maxValue(65_535, 'PORT 不能大于 65535'),
    ),
    '3000',
  ),
  NODE_ENV: v.optional(v.string(), 'development'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.nonEmpty())),
  /**
   * The tables' owner (PostgreSQL): migrations and the first seed run with it at start, then the
   * server works with DATABASE_URL's narrower role (docs/deploy.md, the database's two roles).
   */
  MIGRATION_DATABASE_URL: v.optional(v.pipe(v.string(), v.nonEmpty('MIGRATION_DATABASE_URL 不能为空'))),
  DATA_DIR: v.optional(v.string(), './data'),
  /** The gallery's uploaded films and captions (back it up with the database); default `<DATA_DIR>/media`. */
  MEDIA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('MEDIA_DIR 不能为空'))),
  /** sandbox (demo) or wechat (WeChat Pay v3 Native, its WECHATPAY_* settings: gateways/wechat-config.ts). */
  PAYMENT_GATEWAY: v.optional(
    v.picklist(['sandbox', 'wechat'], 'PAYMENT_GATEWAY 须为 sandbox 或 wechat'),
    'sandbox',
  ),
  /** log (demo) or a carrier: aliyun, tencent (their settings and SMS_TEMPLATE_*: gateways/sms-carriers.ts). */
  SMS_PROVIDER: v.optional(
    v.picklist(['log', 'aliyun', 'tencent'], 'SMS_PROVIDER 须为 log、aliyun 或 tencent'),
    'log',
  ),
  /** Lets a production server start with demo parts (a preview site): payment and SMS stay simulated. */
  ALLOW_DEMO_IN_PRODUCTION: flag,
  APP_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'APP_SECRET 至少 16 个字符'))),
  STATIC_ROOT: v.optional(v.string(), './dist'),
  /**
   * The reverse proxies in front (their socket addresses, comma-separated): only their
   * X-Forwarded-For is believed, so the rate limits count believers' own addresses behind them.
   */
  TRUSTED_PROXIES: v.optional(
    v.pipe(
      v.string(),
      v.transform((list) =>
        list
          .split(',')
          .map((address) => address.trim())
          .filter(Boolean),
      ),
      v.array(v.pipe(v.string(), v.ip('TRUSTED_PROXIES 须为以逗号分隔的 IP 地址'))),
    ),
    '',
  ),
  PUBLIC_URL: v.optional(
    v.pipe(
      v.string(),
      v.url('PUBLIC_URL 须为完整网址'),
      v.regex(/^https?:\/\//i, 'PUBLIC_URL 须以 http:// 或 https:// 开头'),
      v.transform((url) => url.replace(/\/$/, '')),
    ),
  ),
});

export type ServerConfig = v.InferOutput<typeof envSchema> & {
  production: boolean;
  /** PAYMENT_GATEWAY=wechat: its settings, every key read and checked at start. */
  wechatPay?: WechatPayConfig;
  /** SMS_PROVIDER=aliyun or tencent: the carrier's settings and template codes, checked at start. */
  smsCarrier?: AliyunSmsSettings | TencentSmsSettings;
  /** The sandbox gateway or the log SMS provider is in use: the site says so on every page. */
  demo: boolean;
  /**
   * Where phones reach this server: PUBLIC_URL (required in production), else this machine's own
   * port. Never a request's Host.
   */
  publicOrigin: string;
};

export const DEMO_REFUSED =
  '生产环境（NODE_ENV=production）不能使用演示用的沙箱支付（PAYMENT_GATEWAY=sandbox）或日志短信（SMS_PROVIDER=log）：' +
  '请接入真实的支付网关与短信服务；仅用于预览站点时，可设置 ALLOW_DEMO_IN_PRODUCTION=1 明确允许。';

export const PUBLIC_URL_REQUIRED =
  '生产环境（NODE_ENV=production）须设置 PUBLIC_URL：手机扫码付款时打开的网址（如 https://temple.example）；' +
  '未设置时付款二维码会指向 http://localhost，手机无法打开。';

export const MIGRATION_URL_ALONE =
  '设置了 MIGRATION_DATABASE_URL（表的所有者，只用于迁移）却没有 DATABASE_URL：' +
  '请同时设置 DATABASE_URL，即服务器平时使用的数据库账户（见 docs/deploy.md）。';

/**
 * The server's configuration from the environment. In production it refuses demo parts unless
 * allowed, and a missing PUBLIC_URL (the payment QR would encode this machine's localhost). The
 * production gateway and carrier are checked here too, before anything opens: a missing or wrong
 * setting stops the start with a message naming it.
 */
export const loadConfig = (env: NodeJS.ProcessEnv): ServerConfig => {
  const result = v.safeParse(envSchema, env);
  if (!result.success) {
    const issue = result.issues[0];
    throw new Error(`配置有误：${v.getDotPath(issue) ?? ''} ${issue.message}`);
  }
  const config = result.output;
  const production = config.NODE_ENV === 'production';
  const demo = config.PAYMENT_GATEWAY === 'sandbox' || config.SMS_PROVIDER === 'log';
  if (production && demo && !config.ALLOW_DEMO_IN_PRODUCTION) throw new Error(DEMO_REFUSED);
  if (production && !config.PUBLIC_URL) throw new Error(PUBLIC_URL_REQUIRED);
  if (config.MIGRATION_DATABASE_URL && !config.DATABASE_URL) throw new Error(MIGRATION_URL_ALONE);
  const publicOrigin = config.PUBLIC_URL ?? `http://localhost:${config.PORT || 3000}`;
  const wechatPay =
    config.PAYMENT_GATEWAY === 'wechat' ? loadWechatPayConfig(env, publicOrigin, production) : undefined;
  const smsCarrier =
    config.SMS_PROVIDER === 'aliyun'
      ? loadAliyunSmsSettings(env)
      : config.SMS_PROVIDER === 'tencent'
        ? loadTencentSmsSettings(env)
        : undefined;
  return {
    ...config,
    production,
    demo,
    publicOrigin,
    ...(wechatPay ? { wechatPay } : {}),
    ...(smsCarrier ? { smsCarrier } : {}),
  };
};
