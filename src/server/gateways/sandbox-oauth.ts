import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SANDBOX_APPID } from '@contract/payment';
import type { CodeExchange, IssuedToken, WechatOauth } from './wechat-oauth';

/** Where the sandbox's authorize page is, on this server (demo only, with the sandbox pages). */
export const SANDBOX_AUTHORIZE_BASE = '/pay/sandbox';

/** A browser's sandbox WeChat: 16 hex digits, kept in a cookie so its openid stays the same. */
const BROWSER_ID = /^[0-9a-f]{16}$/;

/**
 * The demo's stand-in for the 服务号's web login (demo mode with the sandbox gateway and no
 * WECHAT_MP_*): its authorize page (routes/sandbox.ts) sends the page back at once with a code
 * that names the browser's own sandbox WeChat, signed with the server secret; the exchange checks
 * the signature and answers that WeChat's openid. Nothing leaves the server.
 */
export const createSandboxOauth = (secret: string) => {
  const sign = (id: string) =>
    createHmac('sha256', secret).update(`sandbox-oauth:${id}`).digest('hex').slice(0, 32);
  const oauth: WechatOauth = {
    appid: SANDBOX_APPID,
    authorizeBase: SANDBOX_AUTHORIZE_BASE,
    apiBase: SANDBOX_AUTHORIZE_BASE,
    async issueAccessToken(): Promise<IssuedToken> {
      return { ok: true, token: `sandbox-${randomBytes(16).toString('hex')}`, expiresInSeconds: 7200 };
    },
    async exchange(code: string): Promise<CodeExchange> {
      const id = code.slice(0, 16);
      const signature = Buffer.from(code.slice(16), 'hex');
      const expected = Buffer.from(sign(id), 'hex');
      if (
        !BROWSER_ID.test(id) ||
        signature.length !== expected.length ||
        !timingSafeEqual(signature, expected)
      )
        return { ok: false, reason: 'code' };
      return { ok: true, openid: `sandbox_${id}` };
    },
  };
  return {
    ...oauth,
    /** A new sandbox WeChat for a browser that has none. */
    newBrowserId: () => randomBytes(8).toString('hex'),
    isBrowserId: (id: string | undefined): id is string => id !== undefined && BROWSER_ID.test(id),
    /** The code the authorize page gives that browser. */
    codeFor: (id: string) => `${id}${sign(id)}`,
  };
};

export type SandboxOauth = ReturnType<typeof createSandboxOauth>;
