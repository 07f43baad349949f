import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWechatOauth } from '@server/gateways/wechat-oauth';
import { afterAll, beforeAll } from 'vitest';

/**
 * A local WeChat web login (snsapi_base) for tests: the authorize page answers 302 to the
 * redirect_uri with `code` and `state` in its query, before any hash (as WeChat does), unless the
 * redirect's domain is not the account's 网页授权域名 (10003); the code exchange answers the openid
 * once per code, refuses it after 5 minutes (by the fake's clock) and refuses a wrong AppSecret.
 */
export interface FakeWechatOauth {
  /** e.g. http://127.0.0.1:41235: both WeChat hosts (open. and api.) are this one. */
  origin: string;
  appid: string;
  secret: string;
  /** The WeChat user who opens pages from now on: their openid under this AppID. */
  actAs(openid: string): void;
  /** Every exchange asked, with the answer's errcode (0: an openid given). */
  exchanges(): { code: string; errcode: number }[];
  /** Every access_token issued (`/cgi-bin/token`), oldest first: each voids the one before. */
  accessTokens(): string[];
  /** Whether a message API would take this token now (the latest issued, unexpired). */
  acceptsToken(token: string): boolean;
  close(): Promise<void>;
}

const CODE_LIFETIME_MS = 5 * 60_000;

const send = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
};

export const startFakeWechatOauth = async ({
  appid = 'wx1234567890abcdef',
  domain,
  now = () => new Date(),
}: {
  appid?: string;
  /** The 网页授权域名: a host name (no protocol, no port). */
  domain: string;
  now?: () => Date;
}): Promise<FakeWechatOauth> => {
  const secret = randomBytes(16).toString('hex');
  const codes = new Map<string, { openid: string; issued: number; used: boolean }>();
  const exchanges: { code: string; errcode: number }[] = [];
  const accessTokens: { token: string; issued: number }[] = [];
  const TOKEN_SECONDS = 7200;
  const acceptsToken = (token: string) => {
    const latest = accessTokens.at(-1);
    return latest?.token === token && now().getTime() - latest.issued < TOKEN_SECONDS * 1000;
  };
  let user = `o${randomBytes(14).toString('hex').slice(0, 27)}`;

  const authorize = (url: URL, response: ServerResponse) => {
    const redirect = url.searchParams.get('redirect_uri') ?? '';
    if (url.searchParams.get('appid') !== appid)
      return send(response, 200, { errcode: 40013, errmsg: 'invalid appid' });
    if (url.searchParams.get('scope') !== 'snsapi_base' || url.searchParams.get('response_type') !== 'code')
      return send(response, 200, { errcode: 10005, errmsg: 'insufficient scope' });
    let target: URL;
    try {
      target = new URL(redirect);
    } catch {
      return send(response, 200, { errcode: 10003, errmsg: 'redirect_uri域名与后台配置不一致' });
    }
    if (target.hostname !== domain)
      return send(response, 200, { errcode: 10003, errmsg: 'redirect_uri域名与后台配置不一致' });
    const code = randomBytes(16).toString('hex');
    codes.set(code, { openid: user, issued: now().getTime(), used: false });
    // The query goes before the hash: https://host/?code=…&state=…#/member
    const hash = target.hash;
    target.hash = '';
    target.searchParams.set('code', code);
    target.searchParams.set('state', url.searchParams.get('state') ?? '');
    response.writeHead(302, { location: `${target.toString()}${hash}` });
    response.end();
  };

  const exchange = (url: URL, response: ServerResponse) => {
    const code = url.searchParams.get('code') ?? '';
    const answer = (errcode: number, body: object) => {
      exchanges.push({ code, errcode });
      send(response, 200, body);
    };
    if (url.searchParams.get('appid') !== appid)
      return answer(40013, { errcode: 40013, errmsg: 'invalid appid' });
    if (url.searchParams.get('secret') !== secret)
      return answer(40125, { errcode: 40125, errmsg: 'invalid appsecret' });
    if (url.searchParams.get('grant_type') !== 'authorization_code')
      return answer(40002, { errcode: 40002, errmsg: 'invalid grant_type' });
    const issued = codes.get(code);
    if (!issued || now().getTime() - issued.issued > CODE_LIFETIME_MS)
      return answer(40029, { errcode: 40029, errmsg: 'invalid code' });
    if (issued.used) return answer(40163, { errcode: 40163, errmsg: 'code been used' });
    issued.used = true;
    answer(0, {
      access_token: randomBytes(24).toString('hex'),
      expires_in: 7200,
      refresh_token: randomBytes(24).toString('hex'),
      openid: issued.openid,
      scope: 'snsapi_base',
    });
  };

  /** client_credential: a new token for the account, the previous one void from now (WeChat's own rule). */
  const issueToken = (url: URL, response: ServerResponse) => {
    if (url.searchParams.get('grant_type') !== 'client_credential')
      return send(response, 200, { errcode: 40002, errmsg: 'invalid grant_type' });
    if (url.searchParams.get('appid') !== appid)
      return send(response, 200, { errcode: 40013, errmsg: 'invalid appid' });
    if (url.searchParams.get('secret') !== secret)
      return send(response, 200, { errcode: 40125, errmsg: 'invalid appsecret' });
    const token = randomBytes(48).toString('base64url');
    accessTokens.push({ token, issued: now().getTime() });
    send(response, 200, { access_token: token, expires_in: TOKEN_SECONDS });
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://oauth.invalid');
    if (request.method === 'GET' && url.pathname === '/cgi-bin/token') return issueToken(url, response);
    if (request.method === 'GET' && url.pathname === '/connect/oauth2/authorize')
      return authorize(url, response);
    if (request.method === 'GET' && url.pathname === '/sns/oauth2/access_token')
      return exchange(url, response);
    send(response, 404, { errcode: 404, errmsg: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    appid,
    secret,
    actAs(openid) {
      user = openid;
    },
    exchanges: () => [...exchanges],
    accessTokens: () => accessTokens.map((t) => t.token),
    acceptsToken,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/**
 * A fake web login for a suite, started before the app is built (call it before useTestApp: the
 * app's web login is made with the fake's address), closed after. `appid` is read when it starts
 * (the fake WeChat Pay's, so that its openids pay by JSAPI).
 */
export const useFakeWechatOauth = (options: { appid: () => string; domain: string; now: () => Date }) => {
  const suite = {} as { fake: FakeWechatOauth };
  beforeAll(async () => {
    suite.fake = await startFakeWechatOauth({
      appid: options.appid(),
      domain: options.domain,
      now: options.now,
    });
  });
  afterAll(() => suite.fake?.close());
  return suite;
};

/**
 * The server's web login against the fake, its AppSecret read when asked (`secret()`): a test
 * gives the server a wrong one.
 */
export const oauthOfFake = (fake: FakeWechatOauth, secret: () => string) =>
  createWechatOauth({
    appid: fake.appid,
    get secret() {
      return secret();
    },
    apiBase: fake.origin,
    authorizeBase: fake.origin,
  });
