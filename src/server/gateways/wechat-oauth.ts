import * as v from 'valibot';
import { ConfigRefused } from '../config-refused';

/**
 * The temple's 服务号 for WeChat's web login (snsapi_base, issue 37): its AppID (the one bound to
 * the merchant number, so that the openid it gives can pay by JSAPI) and its AppSecret, which
 * never leaves the server. Without both the site has no WeChat login and pays inside WeChat as
 * in any other phone browser.
 */
export interface WechatOauthConfig {
  appid: string;
  secret: string;
  /** Where the code is exchanged: https://api.weixin.qq.com (a fake in tests). */
  apiBase: string;
  /** Where the believer's browser is sent for the code: https://open.weixin.qq.com. */
  authorizeBase: string;
}

/** Each exchange waits at most this long. */
const OAUTH_TIMEOUT_MS = 5_000;

export const loadWechatOauthConfig = (env: NodeJS.ProcessEnv): WechatOauthConfig | undefined => {
  const appid = env.WECHAT_MP_APPID?.trim() ?? '';
  const secret = env.WECHAT_MP_SECRET?.trim() ?? '';
  if (!appid && !secret) return undefined;
  const problems: string[] = [];
  if (!appid) problems.push('微信网页授权配置缺少 WECHAT_MP_APPID：已认证服务号的 AppID。');
  if (!secret) problems.push('微信网页授权配置缺少 WECHAT_MP_SECRET：该服务号的 AppSecret。');
  if (appid && !/^wx[0-9a-z]{16}$/i.test(appid))
    problems.push('微信网页授权配置有误：WECHAT_MP_APPID（应为 wx 开头的 18 个字符）。');
  if (problems.length > 0) throw new ConfigRefused(problems);
  return {
    appid,
    secret,
    apiBase: (env.WECHAT_API_BASE?.trim() || 'https://api.weixin.qq.com').replace(/\/$/, ''),
    authorizeBase: (env.WECHAT_OPEN_BASE?.trim() || 'https://open.weixin.qq.com').replace(/\/$/, ''),
  };
};

const exchanged = v.object({ openid: v.pipe(v.string(), v.regex(/^[\w-]{10,64}$/)) });
const refused = v.object({ errcode: v.number(), errmsg: v.optional(v.string()) });

/** WeChat's codes for a code that cannot be exchanged: invalid (40029), used (40163), expired (42003). */
const SPENT_CODES = new Set([40029, 40163, 42003]);

export type CodeExchange =
  | { ok: true; openid: string }
  /** The code is spent, expired or not one WeChat gave: the page asks for a new one. */
  | { ok: false; reason: 'code' }
  /** WeChat refused the account (a wrong AppSecret, a blocked AppID) or could not be reached. */
  | { ok: false; reason: 'unavailable'; errcode: string };

const issued = v.object({
  access_token: v.pipe(v.string(), v.minLength(16), v.maxLength(512)),
  expires_in: v.pipe(v.number(), v.integer(), v.minValue(60)),
});

/** The account's access_token as WeChat gave it, or why none was given. */
export type IssuedToken =
  | { ok: true; token: string; expiresInSeconds: number }
  | { ok: false; errcode: string };

/**
 * The exchange of a web-login code for the believer's openid, and the account's access_token,
 * on the server (both carry the AppSecret).
 */
export const createWechatOauth = (config: WechatOauthConfig) => ({
  appid: config.appid,
  authorizeBase: config.authorizeBase,
  apiBase: config.apiBase,
  /**
   * A new access_token for the account (`/cgi-bin/token`, client_credential): it voids the one
   * before, so only the keeper of the shared token (services/wechat-access-token.ts) asks.
   */
  async issueAccessToken(): Promise<IssuedToken> {
    const query = new URLSearchParams({
      grant_type: 'client_credential',
      appid: config.appid,
      secret: config.secret,
    });
    let body: unknown;
    try {
      const res = await fetch(`${config.apiBase}/cgi-bin/token?${query}`, {
        signal: AbortSignal.timeout(OAUTH_TIMEOUT_MS),
      });
      body = await res.json();
    } catch (error) {
      return { ok: false, errcode: (error as Error).name };
    }
    const answer = v.safeParse(issued, body);
    if (answer.success)
      return { ok: true, token: answer.output.access_token, expiresInSeconds: answer.output.expires_in };
    const refusal = v.safeParse(refused, body);
    return { ok: false, errcode: refusal.success ? String(refusal.output.errcode) : 'INVALID_ANSWER' };
  },
  async exchange(code: string): Promise<CodeExchange> {
    const query = new URLSearchParams({
      appid: config.appid,
      secret: config.secret,
      code,
      grant_type: 'authorization_code',
    });
    let body: unknown;
    try {
      const res = await fetch(`${config.apiBase}/sns/oauth2/access_token?${query}`, {
        signal: AbortSignal.timeout(OAUTH_TIMEOUT_MS),
      });
      body = await res.json();
    } catch (error) {
      return { ok: false, reason: 'unavailable', errcode: (error as Error).name };
    }
    const answer = v.safeParse(exchanged, body);
    if (answer.success) return { ok: true, openid: answer.output.openid };
    const refusal = v.safeParse(refused, body);
    if (refusal.success && SPENT_CODES.has(refusal.output.errcode)) return { ok: false, reason: 'code' };
    return {
      ok: false,
      reason: 'unavailable',
      errcode: refusal.success ? String(refusal.output.errcode) : 'INVALID_ANSWER',
    };
  },
});

export type WechatOauth = ReturnType<typeof createWechatOauth>;
