import { defaultSiteConfig } from '@server/db/seed/site';
import { vi } from 'vitest';

export type FakeAnswer = { status?: number; body: unknown } | (() => Promise<never>);
export type FakeRoutes = Record<
  string,
  (request: { url: URL; body: unknown; headers: Headers }) => FakeAnswer
>;

export const ok = (data: unknown, msg = '操作成功') => ({ body: { status: 200, msg, data } });
export const refused = (status: number, msg: string) => ({ status, body: { status, code: status, msg } });

/**
 * A fake of the server's HTTP surface for view tests: `'METHOD /path'` to an answer. The site
 * configuration is answered from the seed unless a test says otherwise; an unknown call fails loudly.
 */
export const fakeApi = (routes: FakeRoutes) => {
  const calls: { method: string; path: string; body: unknown; headers: Headers }[] = [];
  const all: FakeRoutes = { 'GET /api/yxs-app/site/config': () => ok(defaultSiteConfig), ...routes };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init: RequestInit = {}) => {
      const url = new URL(String(input), window.location.origin);
      const method = init.method ?? 'GET';
      const headers = new Headers(init.headers);
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, body, headers });
      const route = all[`${method} ${url.pathname}`];
      if (!route) throw new Error(`fake API has no ${method} ${url.pathname}`);
      const answer = route({ url, body, headers });
      if (typeof answer === 'function') return answer();
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { calls };
};
