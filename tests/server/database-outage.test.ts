import { buildMeritOrder, type MeritItem, meritApi } from '@contract/merit';
import { openPostgres } from '@server/db/database';
import { portalForm } from '@tests/bench/fixtures';
import { type ProxyMode, startTcpProxy } from '@tests/support/tcp-proxy';
import { type AppInstance, useTestApp } from '@tests/support/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * PostgreSQL stopped or frozen under a running server: requests answer 503 服务器繁忙 within
 * 5 s (with Retry-After), /healthz says so, and the server serves again by itself once the
 * database is back. It needs a PostgreSQL server (the machine's, or TEST_DATABASE_URL).
 */
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

describe('the database away and back', () => {
  const t = useTestApp('postgres');
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let server: AppInstance;
  let token = '';
  let lamp: MeritItem | undefined;

  // A connection lost mid-query must reject that query, never end the process.
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught);
    const url = new URL(t.database.url ?? '');
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    server = t.instanceOver(openPostgres(url.toString()));
    token = await t.login('13700014001');
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    proxy.set('open');
    await proxy?.close();
  });

  const list = () => server.app.request(`${meritApi.list.path}?channel=1`);
  const timed = async (request: () => Response | Promise<Response>) => {
    const started = performance.now();
    const res = await request();
    return { res, seconds: (performance.now() - started) / 1000 };
  };
  const servesAgain = async () => {
    for (let tries = 0; tries < 40; tries += 1) {
      if ((await list()).status === 200 && (await server.app.request('/healthz')).status === 200) return true;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return false;
  };

  it('serves while the database answers', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, list));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const { data } = (await (await list()).json()) as { data: MeritItem[] };
    lamp = data.find((i) => i.PRICE_MODEL === '1');
    expect(lamp).toBeDefined();
  });

  /** A lamp order, as the merit page sends it: a write that needs a transaction. */
  const order = () =>
    server.app.request(
      meritApi.order.path,
      portalForm(
        buildMeritOrder(
          lamp as MeritItem,
          { quantity: 1, amount: null, choice: null, donor: '测试', wish: '' },
          '13700014001',
        ),
        token,
      ),
    );

  it.each<ProxyMode>(['down', 'frozen'])(
    'answers 503 within 5 s while the database is %s, then recovers by itself',
    async (mode) => {
      proxy.set(mode);
      const [api, health] = await Promise.all([timed(list), timed(() => server.app.request('/healthz'))]);
      for (const { res, seconds } of [api, health]) {
        expect(res.status).toBe(503);
        expect(seconds).toBeLessThan(5);
        expect(res.headers.get('retry-after')).toBe('5');
        expect((await res.json()).msg).toBe('服务器繁忙，请稍后再试');
      }
      // No hang: a burst of reads, writes and health checks each answers 503 within 5 s.
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          timed([list, order, () => server.app.request('/healthz')][i % 3] ?? list),
        ),
      );
      for (const { res, seconds } of burst) {
        expect(res.status).toBe(503);
        expect(seconds).toBeLessThan(5);
      }
      proxy.set('open');
      expect(await servesAgain()).toBe(true);
      expect((await order()).status).toBe(200);
      expect(uncaught).toEqual([]);
    },
    30_000,
  );
});
