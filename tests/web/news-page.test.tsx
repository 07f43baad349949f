import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeRoute, fakeApi, ok, refused } from '../support/fake-api';
import { renderApp } from '../support/render-app';

const NEWS = '/api/yxs-app/news';
const HOE = '/api/yxs-app/fh/queryHoeList';

const article = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  newsMenuId: 2,
  title: `寺院新闻${id}`,
  subTitle: `副标题${id}`,
  imageUrl: '/images/lotus.svg',
  content: `<p>正文${id}</p>`,
  link: null,
  videoUrl: null,
  fhName: null,
  businessMode: 'trend',
  newDate: `2026-11-${String(30 - id).padStart(2, '0')}`,
  ...over,
});

/** 23 articles, paged as the server pages them. */
const articles = Array.from({ length: 23 }, (_, i) => article(i + 1));
const pagedNews: FakeRoute = ({ url }) => {
  const page = Number(url.searchParams.get('page'));
  const size = Number(url.searchParams.get('size'));
  return ok({ content: articles.slice(page * size, (page + 1) * size), totalElements: articles.length });
};

const hoe = {
  id: 3,
  title: '药师法会',
  subTitle: '农历九月廿三至廿九',
  image: '/images/lotus.svg',
  newDate: '2026-11-13',
  startDate: '2026-11-13',
  endDate: '2026-11-19',
  year: 2026,
};

const UNSAFE = [
  '<p>安全过滤检验</p>',
  "<script>window.__pwned = 'script'</script>",
  '<img src=x onerror="window.__pwned = 1">',
  '<a href="javascript:window.__pwned = 2">点击此处查看详情</a>',
  '<a href="https://example.org/" target="_blank">原文</a>',
].join('');

describe('the news page (寺院动态)', () => {
  it('pages 信息资讯 by 10, highlights the first line, splits the date, and keeps the page in the URL', async () => {
    const { calls } = fakeApi({ [`GET ${NEWS}`]: pagedNews });
    const { user } = renderApp('#/NewsConsulting');
    const list = await screen.findByRole('list', { name: '信息资讯' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(10);
    expect(links[0]).toHaveAttribute('href', '/#/newsDetail?id=1');
    expect(within(links[0] as HTMLElement).getByText('29')).toBeInTheDocument();
    expect(within(links[0] as HTMLElement).getByText('2026-11')).toBeInTheDocument();
    expect(links[0]?.className).toContain('bg-temple-pale');
    expect(links[1]?.className).not.toContain('bg-temple-pale');
    const first = calls.find((c) => c.path === NEWS);
    expect(first).toBeDefined();

    await user.click(
      within(screen.getByRole('navigation', { name: '信息资讯分页' })).getByRole('button', {
        name: '下一页',
      }),
    );
    expect(await within(list).findByText('寺院新闻11')).toBeInTheDocument();
    expect(window.location.hash).toContain('newsPage=1');
    expect(screen.getByText(/第 2 页（共 3 页），共 23 条/)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('每页条数'), '20');
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(20));
    expect(window.location.hash).toContain('newsSize=20');
    expect(window.location.hash).toContain('newsPage=0');
  });

  it('opens an item with a link on its own site, in a new tab that cannot reach back', async () => {
    fakeApi({
      [`GET ${NEWS}`]: () =>
        ok({ content: [article(1), article(2, { link: 'https://www.sara.gov.cn/' })], totalElements: 2 }),
    });
    renderApp('#/NewsConsulting');
    const external = await screen.findByRole('link', { name: /寺院新闻2/ });
    expect(external).toHaveAttribute('href', 'https://www.sara.gov.cn/');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(external).toHaveAccessibleName(/在新窗口打开/);
  });

  it('shows 法会安排 in its own tab, with its own page in the URL, each line opening the registration', async () => {
    const { calls } = fakeApi({
      [`GET ${NEWS}`]: pagedNews,
      [`GET ${HOE}`]: () => ok({ content: [hoe], totalElements: 1 }),
    });
    const { user } = renderApp('#/NewsConsulting?newsPage=1');
    await screen.findByText('寺院新闻11');
    await user.click(screen.getByRole('tab', { name: '法会安排' }));
    const line = await screen.findByRole('link', { name: /药师法会/ });
    expect(line).toHaveAttribute('href', expect.stringContaining('/#/homeDetail?year=2026&name='));
    expect(within(line).getByText('2026-11-13 至 2026-11-19')).toBeInTheDocument();
    expect(window.location.hash).toContain('tab=hoe');
    expect(window.location.hash).toContain('newsPage=1');
    const hoeCall = calls.find((c) => c.path === HOE);
    expect(hoeCall).toBeDefined();
  });

  it('says 暂无数据 for an empty list, and shows a failure beside 重试, which loads it again', async () => {
    let fail = true;
    fakeApi({
      [`GET ${NEWS}`]: () => ok({ content: [], totalElements: 0 }),
      [`GET ${HOE}`]: () =>
        fail ? refused(503, '服务器繁忙，请稍后再试') : ok({ content: [hoe], totalElements: 1 }),
    });
    const { user } = renderApp('#/NewsConsulting');
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '法会安排' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('法会安排加载失败，请稍后再试');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('link', { name: /药师法会/ })).toBeInTheDocument();
  });
});

describe('the news detail (新闻详情)', () => {
  it('shows the title and date under 首页 / 寺院动态 / 新闻详情, the article with no script, no handler and no javascript: link', async () => {
    fakeApi({ [`GET ${NEWS}/7`]: () => ok(article(7, { content: UNSAFE })) });
    renderApp('#/newsDetail?id=7');
    expect(await screen.findByRole('heading', { level: 1, name: '寺院新闻7' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: '当前位置' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
        .filter((t) => t !== '/'),
    ).toEqual(['首页', '寺院动态', '新闻详情']);
    const body = screen.getByRole('article');
    expect(within(body).getByText('安全过滤检验')).toBeInTheDocument();
    expect(body.querySelector('script')).toBeNull();
    expect(body.innerHTML).not.toMatch(/onerror|__pwned|javascript:/i);
    // A picture that is neither an upload of ours nor the drawn art (here `src=x`) is removed whole.
    expect(body.querySelector('img')).toBeNull();
    const details = within(body).getByText('点击此处查看详情');
    expect(details.getAttribute('href')).toBeNull();
    expect(within(body).getByRole('link', { name: '原文' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  });

  it('shows the same article at /listDetail/{id}', async () => {
    fakeApi({ [`GET ${NEWS}/8`]: () => ok(article(8)) });
    renderApp('#/listDetail/8');
    expect(await screen.findByRole('heading', { level: 1, name: '寺院新闻8' })).toBeInTheDocument();
    expect(screen.getByText('正文8')).toBeInTheDocument();
  });

  it('says the article is gone for an unknown id and for an id that is no number, without asking twice', async () => {
    const { calls } = fakeApi({ [`GET ${NEWS}/9`]: () => refused(404, '该文章不存在或已下线') });
    const { unmount } = renderApp('#/newsDetail?id=9');
    expect(await screen.findByRole('heading', { name: '该文章不存在或已下线' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === `${NEWS}/9`)).toHaveLength(1);
    expect(screen.getByRole('link', { name: '返回寺院动态' })).toHaveAttribute('href', '/#/NewsConsulting');
    unmount();
    renderApp('#/listDetail/abc');
    expect(await screen.findByRole('heading', { name: '该文章不存在或已下线' })).toBeInTheDocument();
  });

  it('offers 重试 when the article cannot be loaded', async () => {
    let fail = true;
    fakeApi({
      [`GET ${NEWS}/5`]: () => (fail ? refused(503, '服务器繁忙，请稍后再试') : ok(article(5))),
    });
    const { user } = renderApp('#/newsDetail?id=5');
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('文章加载失败，请稍后再试');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { level: 1, name: '寺院新闻5' })).toBeInTheDocument();
  });
});
