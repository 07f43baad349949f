import { AUTH_MESSAGES } from '@contract/auth';
import type { NewsItem } from '@contract/news';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeRoute, fakeApi, heldCalls, ok } from '../support/fake-api';
import { renderApp } from '../support/render-app';

const video = (id: number): NewsItem => ({
  id,
  newsMenuId: 6,
  title: `影像${id}`,
  subTitle: '寺院影像',
  imageUrl: `/images/pagoda.svg?title=&tone=${id}`,
  content: '<p>影像</p>',
  link: null,
  videoUrl: `/media/videos/${id}.webm`,
  fhName: null,
  businessMode: 'trend',
  newDate: '2026-11-01',
});

/** The gallery's menu 6, 13 films, paged as the server pages it (zero-based page, size). */
const ALL = Array.from({ length: 13 }, (_, i) => video(i + 1));
/** The query of every list call, oldest first. */
let asked: Record<string, string>[] = [];
const pages: FakeRoute = ({ url }) => {
  asked.push(Object.fromEntries(url.searchParams));
  const page = Number(url.searchParams.get('page'));
  const size = Number(url.searchParams.get('size'));
  return ok({ content: ALL.slice(page * size, page * size + size), totalElements: ALL.length });
};

const logIn = () => {
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('mobile', '13812345678');
};

/** The films the grid shows, by title. */
const shown = () =>
  within(screen.getByRole('region', { name: '视频专区' }))
    .getAllByRole('link')
    .map((link) => link.textContent?.replace(/^▶ 观看/, '').replace(/\d{4}-\d{2}-\d{2}$/, ''));

describe('video gallery', () => {
  beforeEach(() => {
    asked = [];
  });

  it.each(['#/wfVideo', '#/videoDetail/1?info=%2Fimages%2Fpagoda.svg'])(
    'sends a visitor from %s to /index with the login dialog and 此内容需登录后查看。',
    async (hash) => {
      fakeApi({ 'GET /api/yxs-app/news': pages });
      renderApp(hash);
      const dialog = await screen.findByRole('dialog', { name: '验证码登录' });
      expect(within(dialog).getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.loginRequired);
      expect(window.location.hash).toBe('#/index');
      // Nothing of the gallery was asked for.
      expect(asked.filter((query) => query.newsMenuId === '6')).toEqual([]);
    },
  );

  it('shows 6 films of menu 6 by default, each linking to its detail with the poster as info', async () => {
    logIn();
    fakeApi({ 'GET /api/yxs-app/news': pages });
    renderApp('#/wfVideo');
    expect(await screen.findByRole('heading', { name: '视频专区', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(shown()).toEqual(['影像1', '影像2', '影像3', '影像4', '影像5', '影像6']));
    expect(asked[0]).toEqual({ newsMenuId: '6', status: '1', page: '0', size: '6' });
    const first = screen.getByRole('link', { name: /影像1/ });
    expect(first).toHaveAttribute(
      'href',
      `/#/videoDetail/1?info=${encodeURIComponent('/images/pagoda.svg?title=&tone=1')}`,
    );
    expect(within(first).getByRole('presentation', { hidden: true })).toHaveAttribute(
      'src',
      '/images/pagoda.svg?title=&tone=1',
    );
    // The shared pager's words: page 1 of 3, 13 films.
    expect(screen.getByRole('navigation', { name: '视频分页' })).toHaveTextContent(/第 1 页.*共 3 页.*13 条/);
  });

  it('pages forward and changes the page size, keeping both in the address', async () => {
    logIn();
    fakeApi({ 'GET /api/yxs-app/news': pages });
    const { user } = renderApp('#/wfVideo');
    await waitFor(() => expect(shown()).toHaveLength(6));
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(shown()[0]).toBe('影像7'));
    expect(window.location.hash).toBe('#/wfVideo?page=1&size=6');
    expect(screen.getByRole('button', { name: '上一页' })).toBeEnabled();

    await user.selectOptions(screen.getByLabelText('每页条数'), '10');
    await waitFor(() => expect(shown()).toHaveLength(10));
    // A new size starts at the first page.
    expect(window.location.hash).toBe('#/wfVideo?page=0&size=10');
    expect(screen.getByRole('option', { name: '6 条' })).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '6 条',
      '10 条',
      '15 条',
      '20 条',
    ]);
  });

  it('opens the page and size the address names, and falls back to 0 and 6 for nonsense', async () => {
    logIn();
    fakeApi({ 'GET /api/yxs-app/news': pages });
    renderApp('#/wfVideo?page=2&size=6');
    await waitFor(() => expect(shown()).toEqual(['影像13']));
    expect(screen.getByRole('button', { name: '下一页' })).toBeDisabled();
    window.location.hash = '#/wfVideo?page=-3&size=7';
    await waitFor(() => expect(shown()).toHaveLength(6));
    expect(asked.at(-1)).toMatchObject({ page: '0', size: '6' });
  });

  it('says 正在加载… while the list comes, then 暂无数据 when the gallery is empty', async () => {
    logIn();
    const held = heldCalls();
    fakeApi({ 'GET /api/yxs-app/news': held.next });
    renderApp('#/wfVideo');
    expect(await screen.findByRole('status')).toHaveTextContent('正在加载…');
    await waitFor(() => expect(held.count).toBe(1));
    held.answer(ok({ content: [], totalElements: 0 }));
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('says the list failed, with 重试, and shows the films once the retry succeeds', async () => {
    logIn();
    let fail = true;
    fakeApi({
      'GET /api/yxs-app/news': (request) =>
        fail ? { status: 503, body: { status: 503, msg: '服务繁忙' } } : pages(request),
    });
    const { user } = renderApp('#/wfVideo');
    // The query is tried twice (retry 1) before the page gives up.
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('视频加载失败，请稍后再试');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(shown()).toHaveLength(6));
  });
});
