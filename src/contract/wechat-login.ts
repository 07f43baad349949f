import * as v from 'valibot';
import { endpoint, mainEnvelope } from './envelope';
import { waitText } from './rate-limits';

/**
 * WeChat's web login (snsapi_base, issue 37). Inside WeChat the page is sent to WeChat for a code
 * and comes back with `?code&state` before the hash; the server exchanges the code for the
 * believer's openid (the AppSecret never reaches the page) and answers a visit token, which the
 * page keeps for this tab and sends when it pays by JSAPI. After the SMS login the believer may
 * bind the openid to their account (docs/privacy.md: purpose and deletion); the page never sees it.
 */
export const WECHAT_LOGIN_MESSAGES = {
  /** The code was spent, expired or never WeChat's: a reload of a page that still had it. */
  codeSpent: '微信授权已失效，请从公众号菜单重新打开本页',
  unavailable: '暂时无法连接微信，请稍后再试',
  notConfigured: '本站尚未接入微信公众号',
  /** A visit token the server does not know (or older than a day): the page asks WeChat again. */
  visitUnknown: '请在微信中重新打开本页后再付款',
  code: '微信授权码格式不正确',
  visit: '微信授权凭据格式不正确',
  /** The consent line after the SMS login, and its answers. */
  bindOffer: '以后在本公众号内付款，是否使用当前微信身份，无需再次授权？',
  bindAccept: '使用当前微信',
  bindDecline: '暂不',
  /** A bound believer's line in 个人中心, and its undoing. */
  boundLine: '已绑定微信：在本公众号内付款时无需再次授权',
  unbind: '解除绑定',
  bound: '已绑定当前微信',
  bindRaced: '绑定未完成，请稍后再试',
  unbound: '已解除与微信的绑定',
  /** Codes from one address over PHONE_PAYMENT_LIMITS.visitsPerAddress. */
  tooManyVisits: (seconds: number) => `微信授权过于频繁，请${waitText(seconds)}后再试`,
} as const;

export const wechatCode = v.pipe(
  v.string(WECHAT_LOGIN_MESSAGES.code),
  v.regex(/^[A-Za-z0-9_-]{1,128}$/, WECHAT_LOGIN_MESSAGES.code),
);
/** A visit token: 32 random bytes, base64url. */
export const wechatVisit = v.pipe(
  v.string(WECHAT_LOGIN_MESSAGES.visit),
  v.regex(/^[A-Za-z0-9_-]{43}$/, WECHAT_LOGIN_MESSAGES.visit),
);

export const wechatLoginApi = {
  /**
   * How phones pay here: the 服务号's AppID and WeChat's authorize address ('' for both when the
   * site has no 服务号: no JSAPI), and whether other phone browsers pay at WeChat's H5 cashier.
   */
  config: endpoint({
    method: 'GET',
    path: '/api/wechat/config',
    request: v.object({}),
    response: mainEnvelope(v.object({ appid: v.string(), authorizeUrl: v.string(), h5: v.boolean() })),
  }),
  /** The code exchanged: the visit token, and whether its openid is bound to a believer already. */
  visit: endpoint({
    method: 'POST',
    path: '/api/wechat/visit',
    request: v.object({ code: wechatCode }),
    response: mainEnvelope(v.object({ visit: v.string(), bound: v.boolean() })),
  }),
  /** Whether the logged-in believer has bound a WeChat (the consent is offered only when not). */
  binding: endpoint({
    method: 'GET',
    path: '/api/wechat/binding',
    request: v.object({}),
    response: mainEnvelope(v.object({ bound: v.boolean() })),
  }),
  /** The logged-in believer binds the visit's openid (their consent). */
  bind: endpoint({
    method: 'POST',
    path: '/api/wechat/bind',
    request: v.object({ visit: wechatVisit }),
    response: mainEnvelope(v.object({ bound: v.boolean() })),
  }),
  unbind: endpoint({
    method: 'POST',
    path: '/api/wechat/unbind',
    request: v.object({}),
    response: mainEnvelope(v.object({ bound: v.boolean() })),
  }),
};
