import * as v from 'valibot';
import { ConfigRefused, refuseIfAny } from './config-refused';
import { type AliyunSmsSettings, loadAliyunSmsSettings } from './gateways/sms-aliyun';
import { loadTencentSmsSettings, type TencentSmsSettings } from './gateways/sms-tencent';
import { loadWechatPayConfig, type WechatPayConfig } from './gateways/wechat-config';
import { loadWechatOauthConfig, type WechatOauthConfig } from './gateways/wechat-oauth';

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
  /** WECHAT_MP_APPID and WECHAT_MP_SECRET: the 服务号's web login, for JSAPI inside WeChat. */
  wechatOauth?: WechatOauthConfig;
  /** The sandbox gateway or the log SMS provider is in use: the site says so on every page. */
  demo: boolean;
  /**
   * Where phones reach this server: PUBLIC_URL (required in production), else this machine's own
   * port. Never a request's Host.
   */
  publicOrigin: string;
};

/** The demo parts: what each is, and what replaces it in production. */
const DEMO_PARTS = {
  sandbox: { part: '沙箱支付（PAYMENT_GATEWAY=sandbox）', real: '真实的支付网关（PAYMENT_GATEWAY=wechat）' },
  log: { part: '日志短信（SMS_PROVIDER=log）', real: '真实的短信服务（SMS_PROVIDER=aliyun 或 tencent）' },
} as const;
export type DemoPart = keyof typeof DEMO_PARTS;

/** The refusal of the demo parts in production, naming only those in use. */
export const demoRefused = (parts: readonly DemoPart[]) =>
  `生产环境（NODE_ENV=production）不能使用演示用的${parts.map((part) => DEMO_PARTS[part].part).join('与')}：` +
  `请接入${parts.map((part) => DEMO_PARTS[part].real).join('与')}；仅用于预览站点时，可设置 ALLOW_DEMO_IN_PRODUCTION=1 明确允许。`;

export const PUBLIC_URL_REQUIRED =
  '生产环境（NODE_ENV=production）须设置 PUBLIC_URL：手机扫码付款时打开的网址（如 https://temple.example）；' +
  '未设置时付款二维码会指向 http://localhost，手机无法打开。';

export const WECHAT_APPIDS_DIFFER =
  'WECHAT_MP_APPID 与 WECHATPAY_APPID 不一致：网页授权得到的 openid 只属于该服务号，' +
  '须与下单所用、与商户号绑定的 AppID 相同，否则微信内付款会被拒绝（appid和openid不匹配）。';

export const MIGRATION_URL_ALONE =
  '设置了 MIGRATION_DATABASE_URL（表的所有者，只用于迁移）却没有 DATABASE_URL：' +
  '请同时设置 DATABASE_URL，即服务器平时使用的数据库账户（见 docs/deploy.md）。';

/**
 * The variables one by one, so that each wrong one is named (`problems`) and the others still read;
 * `invalid` holds the names of those refused.
 */
const readVariables = (env: NodeJS.ProcessEnv, problems: string[]) => {
  const invalid = new Set<string>();
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(envSchema.entries)) {
    const result = v.safeParse(schema, env[name]);
    if (result.success) values[name] = result.output;
    else {
      invalid.add(name);
      problems.push(`配置有误：${name} ${result.issues[0].message}`);
    }
  }
  // Typed whole: loadConfig answers it only when no variable was refused.
  return { config: values as v.InferOutput<typeof envSchema>, invalid };
};

/** A part's own settings (the gateway's, the carrier's), their problems added to the others. */
const loadPart = <T>(problems: string[], load: () => T): T | undefined => {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof ConfigRefused)) throw error;
    problems.push(...error.problems);
    return undefined;
  }
};

/**
 * The server's configuration from the environment. In production it refuses demo parts unless
 * allowed (naming those in use), and a missing PUBLIC_URL (the payment QR would encode this
 * machine's localhost). The production gateway and carrier are checked here too, before anything
 * opens. Every problem is found before the start is refused (ConfigRefused): one message names
 * them all, each with its variable.
 */
export const loadConfig = (env: NodeJS.ProcessEnv): ServerConfig => {
  const problems: string[] = [];
  const { config, invalid } = readVariables(env, problems);
  const production = config.NODE_ENV === 'production';
  const parts: DemoPart[] = [
    ...(config.PAYMENT_GATEWAY === 'sandbox' ? (['sandbox'] as const) : []),
    ...(config.SMS_PROVIDER === 'log' ? (['log'] as const) : []),
  ];
  const demo = parts.length > 0;
  if (production && demo && !config.ALLOW_DEMO_IN_PRODUCTION && !invalid.has('ALLOW_DEMO_IN_PRODUCTION'))
    problems.push(demoRefused(parts));
  if (production && !config.PUBLIC_URL && !invalid.has('PUBLIC_URL')) problems.push(PUBLIC_URL_REQUIRED);
  if (config.MIGRATION_DATABASE_URL && !config.DATABASE_URL && !invalid.has('DATABASE_URL'))
    problems.push(MIGRATION_URL_ALONE);
  const publicOrigin = config.PUBLIC_URL ?? `http://localhost:${config.PORT || 3000}`;
  // Without a PUBLIC_URL of its own the https rule of WeChat's callback is already said above.
  const wechatPay =
    config.PAYMENT_GATEWAY === 'wechat'
      ? loadPart(problems, () =>
          loadWechatPayConfig(env, publicOrigin, production && Boolean(config.PUBLIC_URL)),
        )
      : undefined;
  const smsCarrier =
    config.SMS_PROVIDER === 'aliyun'
      ? loadPart(problems, () => loadAliyunSmsSettings(env))
      : config.SMS_PROVIDER === 'tencent'
        ? loadPart(problems, () => loadTencentSmsSettings(env))
        : undefined;
  const wechatOauth = loadPart(problems, () => loadWechatOauthConfig(env));
  // An openid belongs to one AppID: the web login's must be the one the orders are made under.
  if (wechatOauth && wechatPay && wechatOauth.appid !== wechatPay.appid) problems.push(WECHAT_APPIDS_DIFFER);
  refuseIfAny(problems);
  return {
    ...config,
    production,
    demo,
    publicOrigin,
    ...(wechatPay ? { wechatPay } : {}),
    ...(smsCarrier ? { smsCarrier } : {}),
    ...(wechatOauth ? { wechatOauth } : {}),
  };
};
