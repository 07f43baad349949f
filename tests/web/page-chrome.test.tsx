import type { MeritItem } from '@contract/merit';
import { DEMO_BANNER } from '@contract/site';
import { defaultSiteConfig } from '@server/db/seed/site';
import { act, screen, waitFor, within } from '@testing-library/react';
import { toast, toastQueue } from '@web/components/ui/toast';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, ok, portalOk } from '../support/fake-api';
import { renderApp } from '../support/render-app';

const temple = defaultSiteConfig.templeName;
const lamp: MeritItem = {
  ID: 1,
  GD_NAME: '佛前供灯',
  IMAGE: '/images/lamp.svg',
  PARTICULARS: '于佛前供灯一盏。',
  PRICE_MODEL: '1',
  GD_TYPE: '1',
  GD_PRICE: 100,
  GDM: [],
};
/** The site configuration, the merit list, one item and an empty wish wall. */
const site = (demo = true) =>
  fakeApi({
    'GET /api/yxs-app/site/config': () => ok({ ...defaultSiteConfig, demo }),
    'GET /portal/rs/gdapi/findByGdList': () => portalOk([lamp]),
    'GET /portal/rs/gdapi/selectById': () => portalOk(lamp),
    'GET /portal/rs/wish-api/v1/wish/getWishList': () => portalOk([]),
  });
const logIn = () => {
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('mobile', '13812345678');
};
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

afterEach(() => {
  for (const item of [...toastQueue.visibleToasts]) toastQueue.close(item.key);
});

describe('page chrome', () => {
  it('names every page in the document title: 页面名 - 寺名', async () => {
    site();
    const { router } = renderApp('#/index');
    await waitFor(() => expect(document.title).toBe(`首页 - ${temple}`));
    await act(() => router.navigate({ to: '/merit' }));
    await waitFor(() => expect(document.title).toBe(`功德供养 - ${temple}`));
    await act(() => router.navigate({ to: '/meritDetail', search: { id: 1 } }));
    await waitFor(() => expect(document.title).toBe(`佛前供灯 - ${temple}`));
  });

  it('shows the merit trail: 首页 / 功德供养 (a link) / the item', async () => {
    site();
    renderApp('#/meritDetail?id=1');
    const trail = await screen.findByRole('navigation', { name: '当前位置' });
    await waitFor(() => expect(within(trail).getByText('佛前供灯')).toHaveAttribute('aria-current', 'page'));
    expect(within(trail).getByRole('link', { name: '首页' })).toHaveAttribute('href', '/#/index');
    expect(within(trail).getByRole('link', { name: '功德供养' })).toHaveAttribute('href', '/#/merit');
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['首页', '功德供养', '佛前供灯']); // the separators are hidden from screen readers
  });

  it.each([true, false])(
    'says so on every page while payment and SMS are simulated (demo: %s)',
    async (demo) => {
      site(demo);
      renderApp('#/merit');
      await screen.findByRole('heading', { name: '客堂业务' });
      const banner = screen.queryByRole('complementary', { name: '演示模式' });
      if (demo) expect(banner).toHaveTextContent(DEMO_BANNER);
      else expect(banner).not.toBeInTheDocument();
    },
  );

  it('answers an unknown address with a Chinese 404 inside the site', async () => {
    site();
    renderApp('#/no/such/page');
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeInTheDocument();
    expect(screen.queryByText(/not found/i)).not.toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/#/index');
    expect(screen.getByRole('navigation', { name: '主菜单' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`页面不存在 - ${temple}`));
  });

  it.each([
    ['#/login', '#/index'],
    ['#/login?redirect=%2Fmerit', '#/merit'],
    ['#/login?redirect=%2Flogin', '#/index'],
  ])('sends a logged-in believer opening %s on to %s, never to 登录已失效', async (from, to) => {
    logIn();
    site();
    renderApp(from);
    await waitFor(() => expect(window.location.hash).toBe(to));
    expect(screen.queryByText(/登录已失效/)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('clears the previous page’s toasts on navigation, keeping one shown with it', async () => {
    site();
    const { router } = renderApp('#/index');
    await screen.findByRole('navigation', { name: '主菜单' });
    act(() => void toast.error('首页的提示'));
    expect(await screen.findByText('首页的提示')).toBeInTheDocument();
    await pause(600);
    // 登录成功 and its redirect: the toast and the navigation come together.
    await act(async () => {
      toast.success('登录成功');
      await router.navigate({ to: '/merit' });
    });
    await screen.findByRole('heading', { name: '客堂业务' });
    expect(screen.queryByText('首页的提示')).not.toBeInTheDocument();
    expect(screen.getByText('登录成功')).toBeInTheDocument();
  });

  it('speaks Chinese in React Aria’s own words (stepper buttons, the toast region)', async () => {
    logIn();
    site();
    renderApp('#/meritDetail?id=1');
    await screen.findByRole('textbox', { name: /数量/ }, { timeout: 3000 });
    const steps = screen.getAllByRole('button', { name: /数量/ });
    expect(steps).toHaveLength(2);
    for (const step of steps) expect(step).toHaveAccessibleName(/^[\u4e00-\u9fa5 ]+数量$/);
    act(() => void toast.info('已保存'));
    expect(await screen.findByRole('region', { name: '1 个通知。' })).toBeInTheDocument();
  });
});
