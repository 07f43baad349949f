import { NEWS_MENU, type NewsItem } from '@contract/news';
import {
  NEWS_EDIT_MESSAGES as M,
  type NewsArticleInput,
  type NewsEditable,
  type NewsRow,
} from '@contract/news-editing';
import { templeDateTime, templeToday } from '@contract/temple-day';
import { VERSIONED_ITEM_MESSAGES } from '@contract/versioned-item';
import { consoleCall, signedInStaff, type TestStaff } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 25, news in the console: 内容 staff write, schedule, publish and unpublish articles and
 * order the home carousel; every field refused in Chinese, the HTML sanitised on save by the
 * site's own policy (no script, no handler, only our pictures), a version check that loses no
 * save (409), the public lists showing a change at once and a scheduled article at its time even
 * though nothing moved the catalogue's version (the cached answer's horizon), every write audited.
 */
const UPLOAD = 'a1b2c3d4e5f60718293a4b5c';
const UPLOAD_URL = `/uploads/${UPLOAD}`;
const ART = '/images/lotus.svg?title=%E6%B3%95%E4%BC%9A&tone=2';

describe.each(databaseKinds())('news in the console (%s)', (kind) => {
  const t = useTestApp(kind);
  let editor: TestStaff;
  beforeAll(async () => {
    editor = await signedInStaff(t, ['content'], 'newseditor');
    await t.database.db
      .insertInto('content_images')
      .values({
        id: UPLOAD,
        width: 1600,
        height: 1200,
        byte_size: 1000,
        uploaded_by: null,
        uploaded_by_name: 'test',
        uploaded_at: t.clock.now(),
      })
      .execute();
  });

  const today = () => templeToday(t.clock.now());
  const article = (over: Partial<NewsArticleInput> = {}): NewsArticleInput => ({
    menu: NEWS_MENU.news,
    title: '冬至普佛法会圆满',
    subTitle: '阖寺大众共修',
    businessMode: 'trend',
    image: UPLOAD_URL,
    content: `<p>冬至日，本寺举行普佛法会。</p><p><img src="${UPLOAD_URL}" alt="大殿"></p>`,
    link: '',
    newDate: today(),
    publish: 'now',
    publishAt: '',
    ...over,
  });
  const create = async (over: Partial<NewsArticleInput> = {}, cookie = editor.cookie) =>
    consoleCall(t, 'POST', '/admin/api/news', { cookie, body: { article: article(over) } });
  const created = async (over: Partial<NewsArticleInput> = {}) => {
    const res = await create(over);
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as NewsEditable;
  };
  const update = (id: number, body: unknown, cookie = editor.cookie) =>
    consoleCall(t, 'PUT', `/admin/api/news/${id}`, { cookie, body });
  const publicList = async (menu: number = NEWS_MENU.news) => {
    const res = await t.call('GET', `/api/yxs-app/news?newsMenuId=${menu}&status=1&page=0&size=20`);
    expect(res.status).toBe(200);
    return (res.body.data as { content: NewsItem[] }).content;
  };
  const publicTitles = async (menu: number = NEWS_MENU.news) => (await publicList(menu)).map((n) => n.title);
  const detailStatus = async (id: number) => (await t.call('GET', `/api/yxs-app/news/${id}`)).status;
  const lastAudit = async (action: string) =>
    t.database.db
      .selectFrom('staff_audit')
      .select(['username', 'subject', 'before', 'after'])
      .where('action', '=', action)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();

  it('publishes a new article on the news page at once, audited with what it holds', async () => {
    await publicTitles(); // the list is cached before the article exists
    const saved = await created({ title: '腊八施粥通告' });
    expect(saved).toMatchObject({ state: 'published', version: 1, updatedBy: '测试员' });
    expect(await publicTitles()).toContain('腊八施粥通告');
    expect(await detailStatus(saved.id)).toBe(200);
    const row = await lastAudit('news.created');
    expect(row).toMatchObject({ username: editor.username, subject: `news:${saved.id}` });
    expect(row.after).toMatchObject({ title: '腊八施粥通告', menu: 2, publish: 'now' });
  });

  it('sanitises the HTML on save: no script, no handler, no javascript: link, no picture from elsewhere', async () => {
    const saved = await created({
      title: '含有脚本的文章',
      content: [
        '<p>正文第一段。</p>',
        "<script>window.__pwned = 'script'</script>",
        '<p><img src="x" onerror="window.__pwned = 1"></p>',
        '<p><img src="https://evil.example/p.jpg" alt="外站"></p>',
        `<p><img src="${UPLOAD_URL}" onerror="alert(1)" alt="大殿"></p>`,
        '<p><a href="javascript:alert(1)">点我</a> <a href="https://www.sara.gov.cn/" target="_self">原文</a></p>',
        '<p style="color:red" class="x" onclick="alert(1)">样式</p>',
        '<iframe src="https://evil.example"></iframe>',
      ].join(''),
    });
    const stored = saved.article.content;
    expect(stored).not.toMatch(/script|onerror|onclick|javascript:|evil\.example|iframe|style=|class=/i);
    expect(stored).toContain('<p>正文第一段。</p>');
    expect(stored).toContain(`src="/uploads/${UPLOAD}-960.webp"`);
    expect(stored).toContain(`srcset="/uploads/${UPLOAD}-480.webp 480w`);
    expect(stored).toContain('alt="大殿"');
    expect(stored).toContain('href="https://www.sara.gov.cn/" target="_blank" rel="noopener noreferrer"');
    expect((stored.match(/<img/g) ?? []).length).toBe(1);
    const [publicItem] = (await publicList()).filter((n) => n.id === saved.id);
    expect(publicItem?.content).toBe(stored);
  });

  it.each([
    ['title', '', M.titleEmpty],
    ['title', '  ', M.titleEmpty],
    ['title', '题'.repeat(61), M.titleTooLong],
    ['title', 'a\u0007b', M.textInvalid],
    ['title', '<b>浴佛节</b>法会通知', M.markup],
    ['subTitle', '欢迎<script>alert(1)</script>', M.markup],
    ['subTitle', '副'.repeat(101), M.subTitleTooLong],
    ['menu', 6, M.menuInvalid],
    ['menu', '2', M.menuInvalid],
    ['businessMode', 'popup', M.businessModeInvalid],
    ['image', '', M.imageEmpty],
    ['image', 'https://evil.example/a.jpg', M.imageInvalid],
    ['image', 'javascript:alert(1)', M.imageInvalid],
    ['image', '/uploads/ffffffffffffffffffffffff', M.imageInvalid],
    ['content', '', M.contentEmpty],
    ['content', '<script>alert(1)</script>', M.contentEmpty],
    ['content', `<p>${'文'.repeat(16_001)}</p>`, M.contentTooLong],
    ['content', '<p><img src="/uploads/ffffffffffffffffffffffff"></p>', M.imageInvalid],
    ['link', 'http://www.sara.gov.cn/', M.linkInvalid],
    ['link', 'javascript:alert(1)', M.linkInvalid],
    ['newDate', '2026-02-30', M.dateInvalid],
    ['newDate', '', M.dateInvalid],
    ['publish', 'later', M.publishInvalid],
  ])('refuses %s = %j with its Chinese message and stores nothing', async (field, value, message) => {
    const before = await t.database.db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await create({ [field]: value } as Partial<NewsArticleInput>);
    expect([res.status, res.body.msg]).toEqual([400, message]);
    const after = await t.database.db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses a schedule that is not a time, or not a later one', async () => {
    const bad = await create({ publish: 'scheduled', publishAt: '明天上午' });
    expect([bad.status, bad.body.msg]).toEqual([400, M.publishAtInvalid]);
    const past = templeDateTime(new Date(t.clock.now().getTime() - 60_000)).slice(0, 16);
    const late = await create({ publish: 'scheduled', publishAt: past });
    expect([late.status, late.body.msg]).toEqual([400, M.publishAtPast]);
  });

  it('an external link item needs no body and keeps its https address', async () => {
    const saved = await created({
      title: '转载：宗教活动场所消防提示',
      content: '',
      link: 'https://www.sara.gov.cn/',
    });
    const item = (await publicList()).find((n) => n.id === saved.id);
    expect(item).toMatchObject({ link: 'https://www.sara.gov.cn/', content: '' });
  });

  it('refuses a believer (401) and a clerk (403), and stores nothing', async () => {
    const clerk = await signedInStaff(t, ['clerk'], 'newsclerk');
    expect((await create({ title: '客堂写的' }, clerk.cookie)).status).toBe(403);
    const token = await t.login('13900004444');
    const res = await consoleCall(t, 'POST', '/admin/api/news', {
      headers: { authorization: `Bearer ${token}` },
      body: { article: article({ title: '信众写的' }) },
    });
    expect(res.status).toBe(401);
    const titles = await t.database.db.selectFrom('news').select('title').execute();
    expect(titles.map((r) => r.title)).not.toContain('客堂写的');
    expect(titles.map((r) => r.title)).not.toContain('信众写的');
  });

  it('of two saves read at one version, exactly one is kept and the other answers 409; nothing is lost', async () => {
    const saved = await created({ title: '并发修改的文章' });
    const [a, b] = await Promise.all([
      update(saved.id, { article: article({ title: '甲的标题' }), version: saved.version }),
      update(saved.id, { article: article({ title: '乙的标题' }), version: saved.version }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    const winner = (a.status === 200 ? a : b).body.data as NewsEditable;
    expect(loser.body.msg).toBe(VERSIONED_ITEM_MESSAGES.stale);
    const read = (await consoleCall(t, 'GET', `/admin/api/news/${saved.id}`, { cookie: editor.cookie })).body
      .data as NewsEditable;
    expect(read.article.title).toBe(winner.article.title);
    expect(read.version).toBe(saved.version + 1);
    // The loser reads again and saves over the new version: both changes are now in the history.
    const again = await update(saved.id, { article: article({ title: '乙的标题' }), version: read.version });
    expect(again.status).toBe(200);
    const audits = await t.database.db
      .selectFrom('staff_audit')
      .select('after')
      .where('subject', '=', `news:${saved.id}`)
      .where('action', '=', 'news.updated')
      .execute();
    expect(audits).toHaveLength(2);
  });

  it('of ten saves sent at once against one version, one is kept and nine answer 409', async () => {
    const saved = await created({ title: '十人同时修改' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        update(saved.id, { article: article({ title: `修改${i}` }), version: saved.version }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
  });

  it('a scheduled article appears on the site at its time, though nothing moved the catalogue version', async () => {
    const at = new Date(t.clock.now().getTime() + 2 * 3600_000);
    const saved = await created({
      title: '定时发布的法会通告',
      publish: 'scheduled',
      publishAt: templeDateTime(at).slice(0, 16),
    });
    expect(saved.state).toBe('scheduled');
    expect(saved.article.publishAt).toBe(templeDateTime(at).slice(0, 16));
    expect(await publicTitles()).not.toContain('定时发布的法会通告');
    expect(await detailStatus(saved.id)).toBe(404);
    const version = async () =>
      (await t.database.db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow())
        .version;
    const before = await version();
    t.clock.advance(2 * 3600 - 60);
    expect(await publicTitles()).not.toContain('定时发布的法会通告');
    t.clock.advance(60);
    expect(await publicTitles()).toContain('定时发布的法会通告');
    expect(await detailStatus(saved.id)).toBe(200);
    expect(await version()).toBe(before);
    // Two hours on, the console's session has ended (30 minutes without a call): sign in again.
    editor = await signedInStaff(t, ['content'], 'newseditor');
    const listed = await consoleCall(t, 'GET', `/admin/api/news?q=${encodeURIComponent('定时发布的法会')}`, {
      cookie: editor.cookie,
    });
    expect((listed.body.data as { rows: NewsRow[] }).rows[0]?.state).toBe('published');
  });

  it('an article taken off the site disappears from the public list and detail at once', async () => {
    const saved = await created({ title: '即将下线的文章' });
    expect(await publicTitles()).toContain('即将下线的文章');
    const res = await update(saved.id, {
      article: article({ title: '即将下线的文章', publish: 'draft' }),
      version: 1,
    });
    expect(res.status, res.body.msg).toBe(200);
    expect((res.body.data as NewsEditable).state).toBe('draft');
    expect(await publicTitles()).not.toContain('即将下线的文章');
    expect(await detailStatus(saved.id)).toBe(404);
  });

  it('lists by menu, state and title words, 20 a page, with who changed each', async () => {
    await created({ title: '草稿：春节安排', publish: 'draft' });
    const list = async (q: string) =>
      (await consoleCall(t, 'GET', `/admin/api/news?${q}`, { cookie: editor.cookie })).body.data as {
        rows: NewsRow[];
        total: number;
      };
    const drafts = await list('state=draft');
    expect(drafts.rows.map((r) => r.title)).toContain('草稿：春节安排');
    expect(drafts.rows.every((r) => r.state === 'draft')).toBe(true);
    const found = await list(`q=${encodeURIComponent('春节')}`);
    expect(found.rows.map((r) => r.title)).toEqual(['草稿：春节安排']);
    expect(found.rows[0]?.updatedBy).toBe('测试员');
    const home = await list('menu=1');
    expect(home.rows.length).toBeGreaterThan(0);
    expect(home.rows.every((r) => r.menu === 1)).toBe(true);
    const all = await list('');
    expect(all.rows).toHaveLength(20);
    expect(all.rows.every((r) => r.menu === 1 || r.menu === 2)).toBe(true);
    for (const q of ['menu=6', 'state=gone', 'page=0', `q=${'字'.repeat(41)}`]) {
      const res = await consoleCall(t, 'GET', `/admin/api/news?${q}`, { cookie: editor.cookie });
      expect(res.status).toBe(400);
    }
  });

  it('the carousel order saved shows on the home list; an order read before a change answers 409', async () => {
    const extra = await created({ menu: NEWS_MENU.home, title: '首页新增一条' });
    const read = async () =>
      (await consoleCall(t, 'GET', '/admin/api/news-carousel', { cookie: editor.cookie })).body
        .data as NewsRow[];
    const current = await read();
    expect(current[0]?.id).toBe(extra.id);
    const from = current.map((r) => r.id);
    const to = [...from].reverse();
    const saved = await consoleCall(t, 'PUT', '/admin/api/news-carousel', {
      cookie: editor.cookie,
      body: { from, to },
    });
    expect(saved.status, saved.body.msg).toBe(200);
    expect((await publicList(NEWS_MENU.home)).map((n) => n.id)).toEqual(to);
    const row = await lastAudit('news.carouselOrdered');
    expect(row.after).toEqual(current.map((r) => r.title).reverse());
    const stale = await consoleCall(t, 'PUT', '/admin/api/news-carousel', {
      cookie: editor.cookie,
      body: { from, to: from },
    });
    expect([stale.status, stale.body.msg]).toEqual([409, M.carouselChanged]);
    const missing = await consoleCall(t, 'PUT', '/admin/api/news-carousel', {
      cookie: editor.cookie,
      body: { from: to, to: to.slice(1) },
    });
    expect([missing.status, missing.body.msg]).toEqual([400, M.carouselInvalid]);
    expect((await publicList(NEWS_MENU.home)).map((n) => n.id)).toEqual(to);
  });

  it('a new drawn-art cover is accepted, and an unknown article is not found', async () => {
    expect((await create({ image: ART, title: '用绘图作封面' })).status).toBe(200);
    const res = await consoleCall(t, 'GET', '/admin/api/news/999999', { cookie: editor.cookie });
    expect([res.status, res.body.msg]).toEqual([404, M.notFound]);
  });
});
