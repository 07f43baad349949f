import { WECHAT_LOGIN_MESSAGES, wechatLoginApi } from '@contract/wechat-login';
import { mainClient } from '../../api/client';
import { isPhone } from '../mobile-redirect';
import { inWechatBrowser } from '../payment/wechat-bridge';
import { deviceNow } from '../use-mobile-redirect';

/**
 * WeChat's web login on the page (snsapi_base, issue 37), before the router starts: inside
 * WeChat a page with no login of this tab goes to WeChat once for a code; back here with
 * `?code&state` before the hash, the state is checked against the one this tab sent, the code
 * leaves the address at once (a reload never replays a spent code) and the server exchanges it
 * for this tab's visit token. The openid stays on the server; the page holds only the token.
 *
 * The facts it leaves (`phoneChannels`) are what the payment dialog chooses its way from: JSAPI
 * with this tab's visit inside WeChat, H5 in other phone browsers where the temple has it.
 */
export interface PhoneChannels {
  /** The temple has a 服务号 web login: JSAPI inside WeChat. */
  jsapi: boolean;
  /** Phone browsers other than WeChat's pay at WeChat's H5 cashier. */
  h5: boolean;
  /** This tab's visit token: JSAPI pays with its openid. */
  visit: string | null;
  /** The visit's openid is bound to a believer already (no consent to ask for). */
  bound: boolean;
}

const VISIT_KEY = 'temple.wechat.visit';
const BOUND_KEY = 'temple.wechat.bound';
const STATE_KEY = 'temple.wechat.state';
const DECLINED_KEY = 'temple.wechat.declined';

const stored = (key: string) => {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
};
const store = (key: string, value: string | null) => {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // A browser that keeps nothing for the tab: the login holds for this page only.
  }
};

let channels: PhoneChannels = { jsapi: false, h5: false, visit: stored(VISIT_KEY), bound: false };

/** How phones pay here, as the page knows it now (before the config answers: by QR or 我的订单). */
export const phoneChannels = (): PhoneChannels => channels;

/** A random state for WeChat's authorize call: it must come back unchanged. */
const freshState = () => {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

/** The address without `code` and `state`, the hash kept. */
const withoutLoginParams = (url: URL) => {
  const clean = new URL(url.href);
  clean.searchParams.delete('code');
  clean.searchParams.delete('state');
  return `${clean.pathname}${clean.search}${clean.hash}`;
};

export interface ArrivalDeps {
  /** Leaves for WeChat's authorize page (the browser's `location.replace`). */
  leave: (url: string) => void;
  /** Says a failed login to the believer (a toast). */
  warn: (message: string) => void;
}

/**
 * Runs once at the start of the page: answers 'leaving' when the page goes to WeChat for a code
 * (nothing is to be rendered), else 'stay'. Outside WeChat it only learns the channels (phones),
 * without holding the page.
 */
export const arriveFromWechat = async ({ leave, warn }: ArrivalDeps): Promise<'leaving' | 'stay'> => {
  const url = new URL(window.location.href);
  const code = url.searchParams.get('code');
  const inWechat = inWechatBrowser();
  // Only a phone pays by JSAPI or H5: a computer's page asks nothing at start.
  if (!inWechat && !isPhone(deviceNow())) return 'stay';
  const config = mainClient(wechatLoginApi.config, {}, { quiet: true }).then(
    (answer) => answer.data,
    () => ({ appid: '', authorizeUrl: '', h5: false }),
  );
  void config.then(({ appid, h5 }) => {
    channels = { ...channels, jsapi: appid !== '', h5 };
  });
  if (code !== null) {
    // Out of the address before anything else: a reload or a shared link never replays it.
    window.history.replaceState(window.history.state, '', withoutLoginParams(url));
    const sent = stored(STATE_KEY);
    store(STATE_KEY, null);
    if (sent === null || url.searchParams.get('state') !== sent) return 'stay';
    try {
      const answer = await mainClient(wechatLoginApi.visit, { code }, { quiet: true });
      store(VISIT_KEY, answer.data.visit);
      store(BOUND_KEY, answer.data.bound ? '1' : null);
      channels = { ...channels, visit: answer.data.visit, bound: answer.data.bound };
    } catch (error) {
      warn(error instanceof Error && error.message ? error.message : WECHAT_LOGIN_MESSAGES.unavailable);
    }
    return 'stay';
  }
  if (!inWechat || channels.visit !== null || stored(STATE_KEY) !== null) return 'stay';
  const { appid, authorizeUrl } = await config;
  if (!appid) return 'stay';
  const state = freshState();
  store(STATE_KEY, state);
  const query = new URLSearchParams({
    appid,
    redirect_uri: window.location.href,
    response_type: 'code',
    scope: 'snsapi_base',
    state,
  });
  leave(`${authorizeUrl}?${query.toString()}#wechat_redirect`);
  return 'leaving';
};

/** A visit the server no longer knows (older than its 2 hours): the next page asks WeChat again. */
export const forgetVisit = () => {
  store(VISIT_KEY, null);
  store(BOUND_KEY, null);
  channels = { ...channels, visit: null, bound: false };
};

/** The believer said 暂不 to 个人中心's WeChat binding in this tab: not asked again in it. */
export const bindingDeclined = () => stored(DECLINED_KEY) === '1';
export const declineBinding = () => store(DECLINED_KEY, '1');
