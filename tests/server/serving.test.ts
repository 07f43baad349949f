import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BODY_LIMIT_BYTES } from '@server/body-limit';
import { useTestApp } from '@tests/support/test-app';
import { afterAll, describe, expect, it } from 'vitest';

/** A built SPA as Vite lays it out: index.html and content-hashed assets. */
const staticRoot = mkdtempSync(join(tmpdir(), 'temple-dist-'));
mkdirSync(join(staticRoot, 'assets'));
writeFileSync(
  join(staticRoot, 'index.html'),
  `<!doctype html><html><body><div id="app"></div></body></html>`,
);
const script = `console.log(${JSON.stringify('寺'.repeat(4000))});`;
writeFileSync(join(staticRoot, 'assets', 'index-Bx9a7Qm2.js'), script);

describe('serving: compression, caching and security headers on every route', () => {
  const t = useTestApp('pglite', { staticRoot });
  afterAll(() => rmSync(staticRoot, { recursive: true, force: true }));

  const get = (path: string, init: RequestInit = {}) =>
    t.app.request(path, { ...init, headers: { 'accept-encoding': 'gzip, br', ...init.headers } });

  it('compresses what it sends and keeps hashed assets for a year, index.html revalidated', async () => {
    const asset = await get('/assets/index-Bx9a7Qm2.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = asset.body?.pipeThrough(new DecompressionStream('gzip'));
    expect(await new Response(body).text()).toBe(script);

    const page = await get('/');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const api = await get('/portal/rs/gdapi/findByGdList?channel=1');
    expect(api.headers.get('content-encoding')).toBe('gzip');
  });

  it('puts the security headers on pages, assets, API answers, refusals, 404s and 413s', async () => {
    const answers = await Promise.all([
      get('/'),
      get('/index.html'),
      get('/assets/index-Bx9a7Qm2.js'),
      get('/healthz'),
      get('/api/yxs-app/site/config'),
      get('/portal/rs/gdapi/selectById?id=abc'),
      get('/api/nothing-here'),
      get('/no/such/page'),
      get('/images/lotus.svg'),
      get('/pay/sandbox/WF20261122000000000001'),
      get('/api/register/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: 'x'.repeat(BODY_LIMIT_BYTES + 1) }),
      }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 400, 404, 404, 200, 404, 413]);
    for (const res of answers) {
      const csp = res.headers.get('content-security-policy') ?? '';
      const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scripts, res.url).toBe("'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('refuses a body over the limit with 413 in Chinese before reading it', async () => {
    const res = await t.app.request('/portal/rs/payapi/v1/pay/prePay', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `jsonObject=${'a'.repeat(2 * 1024 * 1024)}`,
    });
    expect(res.status).toBe(413);
    expect((await res.json()).msg).toBe('提交的内容过大，请精简后再试');
  });

  it('draws only the pictures it knows', async () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      const res = await get(`/images/${name}.svg`);
      expect(res.status, name).toBe(404);
      expect(await res.text()).not.toContain('function');
    }
  });
});
