import { PHOTO_URL_PREFIX } from '@contract/photo';
import { VOLUNTEER_PHOTO_URL_PREFIX } from '@contract/volunteer';
import { defaultSiteConfig } from '@server/db/seed/site';
import { vi } from 'vitest';

export interface FakeAnswer {
  status?: number;
  body: unknown;
}
export type FakeRoute = (request: {
  url: URL;
  body: unknown;
  headers: Headers;
}) => FakeAnswer | Promise<FakeAnswer>;
export type FakeRoutes = Record<string, FakeRoute>;

export const ok = (data: unknown, msg = '操作成功'): FakeAnswer => ({ body: { status: 200, msg, data } });
export const portalOk = (data: unknown, msg = '操作成功'): FakeAnswer => ({ body: { code: 0, msg, data } });
export const refused = (status: number, msg: string): FakeAnswer => ({
  status,
  body: { status, code: status, msg },
});

const parseBody = (init: RequestInit): unknown => {
  if (typeof init.body !== 'string') return undefined;
  const type = new Headers(init.headers).get('Content-Type') ?? '';
  if (type.includes('form')) return JSON.parse(new URLSearchParams(init.body).get('jsonObject') ?? 'null');
  return JSON.parse(init.body);
};

const PHOTO_PREFIXES = [PHOTO_URL_PREFIX, VOLUNTEER_PHOTO_URL_PREFIX];

/**
 * A fake of the server's HTTP surface for view tests: `'METHOD /path'` to an answer, or to a
 * promise the test settles (see `heldCalls`). The site configuration is answered from the seed
 * (not in demo mode), and 个人中心's WeChat binding as none, unless a test says otherwise; an
 * unknown call fails loudly.
 */
export const fakeApi = (routes: FakeRoutes) => {
  const calls: { method: string; path: string; body: unknown; headers: Headers }[] = [];
  const all: FakeRoutes = {
    'GET /api/yxs-app/site/config': () => ok({ ...defaultSiteConfig, demo: false }),
    // 个人中心 asks it on every opening (its WeChat binding card): no binding unless a test says so.
    'GET /api/wechat/binding': () => ok({ bound: false }),
    ...routes,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init: RequestInit = {}) => {
      const url = new URL(String(input), window.location.origin);
      const method = init.method ?? 'GET';
      const headers = new Headers(init.headers);
      const body = parseBody(init);
      calls.push({ method, path: url.pathname, body, headers });
      const route = all[`${method} ${url.pathname}`];
      // A believer's own photo, fetched with the token (use-own-photo.ts): any picture will do.
      if (!route && method === 'GET' && PHOTO_PREFIXES.some((prefix) => url.pathname.startsWith(prefix)))
        return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
          headers: { 'content-type': 'image/png' },
        });
      if (!route) throw new Error(`fake API has no ${method} ${url.pathname}`);
      const answer = await route({ url, body, headers });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { calls };
};

/**
 * Calls the test answers when it chooses, oldest first: `next` is the route, `answer` and `fail`
 * settle the oldest waiting call (a failure is a network error).
 */
export const heldCalls = () => {
  const waiting: { resolve: (a: FakeAnswer) => void; reject: (e: Error) => void }[] = [];
  return {
    next: () => new Promise<FakeAnswer>((resolve, reject) => waiting.push({ resolve, reject })),
    get count() {
      return waiting.length;
    },
    answer(answer: FakeAnswer) {
      const call = waiting.shift();
      if (!call) throw new Error('no call is waiting for an answer');
      call.resolve(answer);
    },
    fail() {
      const call = waiting.shift();
      if (!call) throw new Error('no call is waiting for an answer');
      call.reject(new TypeError('Failed to fetch'));
    },
  };
};
