import { mainEnvelope } from '@contract/envelope';
import { siteApi } from '@contract/site';
import type { Database } from '@server/db/schema';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { sql } from 'kysely';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

describe.each(databaseKinds())('platform on %s', (kind) => {
  const t = useTestApp(kind);

  it('is healthy', async () => {
    expect(await t.call('GET', '/healthz')).toMatchObject({ status: 200 });
  });

  it('serves the seeded site configuration in the contract shape', async () => {
    const res = await t.call('GET', siteApi.config.path);
    const { data } = v.parse(siteApi.config.response, res.body);
    expect(data.templeName).toBe('上海万福禅寺');
    expect(data.friendlyLinks.length).toBeGreaterThan(0);
  });

  it('seeds every area of the spec', async () => {
    const { db } = t.database;
    const count = async (table: keyof Database) =>
      Number(
        (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]?.n,
      );
    expect(await count('assemblies')).toBeGreaterThanOrEqual(9);
    const models = await db.selectFrom('merit_items').select('price_model').distinct().execute();
    expect(models.map((m) => m.price_model).sort()).toEqual(['1', '2', '3']);
    for (const table of [
      'ceremony_types',
      'ceremony_slots',
      'festival_days',
      'statue_seats',
      'tablet_seats',
      'wishes',
    ] as const) {
      expect(await count(table), table).toBeGreaterThan(0);
    }
    const menus = await db.selectFrom('news').select('menu_id').distinct().orderBy('menu_id').execute();
    expect(menus.map((m) => m.menu_id)).toEqual([1, 2, 6]);
  });

  it('seeds only what a temple would publish: no test fixture (script, onerror, javascript: link, broken picture)', async () => {
    const articles = await t.database.db.selectFrom('news').select(['title', 'content']).execute();
    expect(articles.length).toBeGreaterThan(0);
    for (const { title, content } of articles) {
      expect(title, title).not.toMatch(/测试/);
      expect(content, title).not.toMatch(/<script|\bon[a-z]+\s*=|javascript:|src=x\b/i);
    }
  });

  it('draws seed images and answers unknown API paths with a Chinese 404', async () => {
    const image = await t.app.request('/images/lotus.svg?title=浴佛节');
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
    expect(await image.text()).toContain('浴佛节');
    const missing = await t.call('GET', '/api/nothing-here');
    expect(missing).toMatchObject({ status: 404, body: { msg: '接口不存在' } });
  });

  it('keeps the dev outbox behind a valid phone', async () => {
    const res = await t.call('GET', '/dev/sms/outbox?phone=123');
    expect(res.status).toBe(400);
    expect(v.is(mainEnvelope(v.array(v.unknown())), res.body)).toBe(false);
  });
});
