import { NEWS_MENU, NEWS_MESSAGES, NEWS_UNPAGED_MAX, newsApi, newsDetailEndpoint } from '@contract/news';
import { LINKED_ARTICLE_TITLE } from '@server/db/seed/news';
import { insertUnsafeArticle, UNSAFE_ARTICLE_TITLE } from '@tests/support/news-fixtures';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

const list = (params: Record<string, string>) => `${newsApi.list.path}?${new URLSearchParams(params)}`;
const hoe = (params: Record<string, string>) => `${newsApi.hoeList.path}?${new URLSearchParams(params)}`;

describe.each(databaseKinds())('the news calls on %s', (kind) => {
  const t = useTestApp(kind);
  const get = async (path: string) => (await t.call('GET', path)).body;
  const newsPage = async (params: Record<string, string>) =>
    v.parse(newsApi.list.response, await get(list(params))).data;
  let hiddenId = 0;

  beforeAll(async () => {
    // The sanitising fixture: never in the seed a temple sees, inserted here for these calls.
    await insertUnsafeArticle(t.database.db, t.clock.now());
    // An unpublished article (status 0) of the news page: no call may answer it.
    const row = await t.database.db
      .insertInto('news')
      .values({
        menu_id: 2,
        title: '未发布的草稿',
        sub_title: '',
        image_url: '/images/lotus.svg',
        content: '<p>草稿</p>',
        link: null,
        video_url: null,
        fh_name: null,
        business_mode: 'trend',
        new_date: '2099-01-01',
        status: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    hiddenId = row.id;
  });

  it('pages the news page (menu 2) newest first, zero-based, with the total of published items', async () => {
    const first = await newsPage({ newsMenuId: '2', page: '0', size: '10', status: '1' });
    const second = await newsPage({ newsMenuId: '2', page: '1', size: '10', status: '1' });
    expect(first.totalElements).toBe(12);
    expect(second.totalElements).toBe(12);
    expect(first.content).toHaveLength(10);
    expect(second.content).toHaveLength(2);
    const all = [...first.content, ...second.content];
    expect(new Set(all.map((n) => n.id)).size).toBe(12);
    expect(all.every((n) => n.newsMenuId === 2)).toBe(true);
    const dates = all.map((n) => n.newDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.map((n) => n.title)).not.toContain('未发布的草稿');
    expect(all.map((n) => n.title)).toEqual(
      expect.arrayContaining([UNSAFE_ARTICLE_TITLE, LINKED_ARTICLE_TITLE]),
    );
    expect(all.find((n) => n.title === LINKED_ARTICLE_TITLE)?.link).toMatch(/^https:\/\//);
    const eight = await newsPage({ newsMenuId: '2', page: '1', size: '8' });
    expect(eight.content.map((n) => n.id)).toEqual(all.slice(8, 16).map((n) => n.id));
  });

  it('answers the home call (menu 1, no page) whole, newest first', async () => {
    const home = await newsPage({ newsMenuId: String(NEWS_MENU.home), status: '1' });
    expect(home.content).toHaveLength(6);
    expect(home.totalElements).toBe(6);
    expect(home.content.every((n) => n.newsMenuId === 1)).toBe(true);
    const dates = home.content.map((n) => n.newDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(home.content.length).toBeLessThanOrEqual(NEWS_UNPAGED_MAX);
    const banners = await newsPage({ newsMenuId: '1', businessMode: 'banner' });
    expect(banners.content.map((n) => n.businessMode)).toEqual(['banner', 'banner']);
  });

  it('pages the videos (menu 6) by 6 and finds one by id', async () => {
    const videos = await newsPage({
      newsMenuId: String(NEWS_MENU.videos),
      page: '0',
      size: '6',
      status: '1',
    });
    expect(videos.content).toHaveLength(6);
    expect(videos.totalElements).toBe(8);
    expect(videos.content.every((n) => n.videoUrl?.startsWith('/media/videos/'))).toBe(true);
    const id = videos.content[2]?.id ?? 0;
    const one = await newsPage({ id: String(id), page: '0', size: '6' });
    expect(one.content.map((n) => n.id)).toEqual([id]);
  });

  it('answers an article by id, as stored (the page sanitises it), and 404 for an unknown or unpublished one', async () => {
    const { content } = await newsPage({ newsMenuId: '2', page: '0', size: '20' });
    const unsafe = content.find((n) => n.title === UNSAFE_ARTICLE_TITLE);
    const answer = await get(newsDetailEndpoint(unsafe?.id ?? 0).path);
    const detail = v.parse(newsApi.detail.response, answer).data;
    expect(detail.title).toBe(UNSAFE_ARTICLE_TITLE);
    expect(detail.content).toContain('<script>');
    for (const id of [hiddenId, 999_999]) {
      const missing = await t.call('GET', newsDetailEndpoint(id).path);
      expect(missing.status).toBe(404);
      expect(missing.body.msg).toBe(NEWS_MESSAGES.notFound);
    }
    expect((await newsPage({ id: String(hiddenId) })).content).toEqual([]);
    const bad = await t.call('GET', '/api/yxs-app/news/ECHO');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).not.toContain('ECHO');
  });

  it('pages the ceremony schedule (法会安排) from the assemblies, in date order', async () => {
    const first = v.parse(
      newsApi.hoeList.response,
      await get(hoe({ page: '0', size: '8', status: '1' })),
    ).data;
    const second = v.parse(
      newsApi.hoeList.response,
      await get(hoe({ page: '1', size: '8', status: '1' })),
    ).data;
    const count = await t.database.db
      .selectFrom('assemblies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(first.totalElements).toBe(Number(count.n));
    expect(first.content).toHaveLength(8);
    expect(second.content).toHaveLength(Number(count.n) - 8);
    const all = [...first.content, ...second.content];
    const dates = all.map((h) => h.newDate);
    expect(dates).toEqual([...dates].sort());
    expect(all[0]).toMatchObject({ title: expect.any(String), subTitle: expect.stringContaining('农历') });
    expect(all.every((h) => h.image && h.startDate <= h.endDate && h.newDate === h.startDate)).toBe(true);
  });

  it.each([
    ['size=7'],
    ['size=100'],
    ['page=-1'],
    ['page=ECHO'],
    ['page=1.5'],
    ['status=0'],
    ['businessMode=ECHO'],
    ['newsMenuId=ECHO'],
    ['id=99999999999'],
  ])('refuses %s with a Chinese message that echoes nothing', async (params) => {
    for (const path of [newsApi.list.path, newsApi.hoeList.path]) {
      if (path === newsApi.hoeList.path && /Menu|business|id=/.test(params)) continue;
      const answer = await t.call('GET', `${path}?${params}`);
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe(NEWS_MESSAGES.query);
    }
  });
});
