import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildMeritOrder, type MeritItem, meritApi } from '@contract/merit';
import { payApi, prePayAnswer } from '@contract/payment';
import { serve } from '@hono/node-server';
import { SECURITY_HEADERS } from '@server/security-headers';
import { useTestApp } from '@tests/support/test-app';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** A built SPA as Vite lays it out, so pages and assets are scanned too. */
const staticRoot = mkdtempSync(join(tmpdir(), 'temple-scan-'));
mkdirSync(join(staticRoot, 'assets'));
writeFileSync(
  join(staticRoot, 'index.html'),
  '<!doctype html><html><body><div id="app"></div></body></html>',
);
writeFileSync(join(staticRoot, 'assets', 'index-Bx9a7Qm2.js'), 'console.log(1);');

/**
 * Every route the app has, asked over a real socket of @hono/node-server (as `npm start` serves it,
 * so an answer built outside the middleware, the payment poll's from memory, is scanned as sent),
 * with and without a token: every answer, whatever its status, carries every security header.
 */
describe('a scan of the running server: the security headers on every route', () => {
  const t = useTestApp('pglite', { staticRoot });
  let origin = '';
  let close = () => {};
  let token = '';
  let orderNo = '';

  beforeAll(async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((listening) => server.once('listening', () => listening()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
    token = await t.login('13700006666');
    const list = await t.call('GET', `${meritApi.list.path}?channel=1`);
    const lamp = v
      .parse(meritApi.list.response, list.body)
      .data.find((i) => i.PRICE_MODEL === '1') as MeritItem;
    const order = buildMeritOrder(
      lamp,
      { quantity: 1, amount: null, choice: null, donor: '陈居士', wish: '' },
      '13700006666',
    );
    orderNo = v.parse(prePayAnswer, (await t.form(meritApi.order.path, order, token)).body).data.out_trade_no;
  });
  afterAll(() => {
    close();
    rmSync(staticRoot, { recursive: true, force: true });
  });

  /** A path of the route with its parameters filled in. */
  const pathOf = (route: string) =>
    route
      .replace(/:file\{[^}]*\}/, 'lotus.svg')
      .replace(/:[A-Za-z]+(\{[^}]*\})?/g, '1')
      .replace(/\*$/, 'index.html');

  const ask = async (method: string, path: string, withToken: boolean) => {
    const headers: Record<string, string> = {};
    if (withToken) headers.authorization = token;
    const init: RequestInit = { method, headers };
    if (method === 'POST') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      init.body = new URLSearchParams({ jsonObject: JSON.stringify({ out_trade_no: orderNo }) }).toString();
    }
    const res = await fetch(`${origin}${path}`, init);
    await res.arrayBuffer();
    return res;
  };

  it('puts every security header on every route, answered or refused, pages and the poll from memory included', async () => {
    const routes = new Map<string, { method: string; path: string }>();
    for (const route of t.app.routes) {
      const method = route.method === 'ALL' ? 'GET' : route.method;
      const path = pathOf(route.path);
      routes.set(`${method} ${path}`, { method, path });
    }
    for (const extra of ['/', '/index.html', '/assets/index-Bx9a7Qm2.js', '/no/such/page'])
      routes.set(`GET ${extra}`, { method: 'GET', path: extra });
    // The poll first (the first reads the database, the next is answered from memory); the routes
    // that end the session last, so the others are asked signed in.
    const poll = { method: 'POST', path: payApi.payResult.path };
    const ending = (path: string) => /logout|revoke/.test(path);
    const order = [
      poll,
      poll,
      ...[...routes.values()].filter((r) => !ending(r.path)),
      ...[...routes.values()].filter((r) => ending(r.path)),
    ];

    const missing: string[] = [];
    const statuses = new Set<number>();
    const polls: number[] = [];
    for (const { method, path } of order)
      for (const withToken of [false, true]) {
        const res = await ask(method, path, withToken);
        if (path === poll.path && withToken) polls.push(res.status);
        statuses.add(res.status);
        for (const [name, value] of Object.entries(SECURITY_HEADERS))
          if (res.headers.get(name) !== value) missing.push(`${method} ${path} (${res.status}): ${name}`);
      }
    expect(missing).toEqual([]);
    expect(polls.slice(0, 2)).toEqual([200, 200]);
    expect(routes.size).toBeGreaterThan(40);
    // Answers and refusals both scanned.
    expect([...statuses].some((s) => s === 200)).toBe(true);
    expect([...statuses].some((s) => s >= 400)).toBe(true);
    const csp = SECURITY_HEADERS['content-security-policy'] ?? '';
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe("'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(SECURITY_HEADERS['x-content-type-options']).toBe('nosniff');
  });
});
