import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, portalOk } from '../support/fake-api';
import { renderApp } from '../support/render-app';

/**
 * 菜单, the menu of a narrow screen (the menu bar does not fit a phone): the site's menus and the
 * account in a full-screen sheet. jsdom has no layout, so both the bar and 菜单 are on the page
 * here; which one a phone shows is the e2e phone spec's to check.
 */
describe('the phone menu (菜单)', () => {
  /** The merit list (empty will do): the page the sheet is opened on. */
  const meritList = { 'GET /portal/rs/gdapi/findByGdList': () => portalOk([]) };
  const openSheet = async (hash: string) => {
    const app = renderApp(hash);
    await app.user.click(await screen.findByRole('button', { name: '菜单' }));
    const sheet = await screen.findByRole('dialog', { name: '网站导航' });
    return { ...app, sheet };
  };

  it('lists every entry of the menu bar, the page’s own marked, and a row goes there and closes it', async () => {
    fakeApi(meritList);
    const { user, sheet } = await openSheet('#/merit');
    const menu = within(within(sheet).getByRole('navigation', { name: '主菜单' }));
    // The menu bar, behind the sheet (hidden from assistive technology while it is open).
    const bar = within(screen.getAllByRole('navigation', { name: '主菜单', hidden: true })[0] as HTMLElement);
    const names = (scope: typeof menu) =>
      scope.getAllByRole('link', { hidden: true }).map((link) => link.textContent?.replace('›', '').trim());
    expect(names(menu)).toEqual(names(bar));
    expect(menu.getByRole('link', { name: /功德供养/ })).toHaveAttribute('aria-current', 'page');

    await user.click(menu.getByRole('link', { name: /独姓佛事/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '网站导航' })).not.toBeInTheDocument());
    await waitFor(() => expect(window.location.hash).toBe('#/ceremony'));
    await waitFor(() => expect(screen.getByRole('button', { name: '菜单' })).toHaveFocus());
  });

  it('closes with 关闭 and with Esc, the page left as it was', async () => {
    fakeApi(meritList);
    const { user, sheet } = await openSheet('#/merit');
    await user.click(within(sheet).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: '菜单' }));
    await screen.findByRole('dialog', { name: '网站导航' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.hash).toBe('#/merit');
  });

  it('logged out: 登录 closes the sheet and opens the login dialog, 注册 the register one', async () => {
    fakeApi({});
    const { user, sheet } = await openSheet('#/index');
    await user.click(
      within(within(sheet).getByRole('region', { name: '我的账号' })).getByRole('button', { name: '登录' }),
    );
    expect(await screen.findByRole('dialog', { name: '验证码登录' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '网站导航' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '菜单' }));
    const again = await screen.findByRole('dialog', { name: '网站导航' });
    await user.click(within(again).getByRole('button', { name: '注册' }));
    expect(await screen.findByRole('dialog', { name: '手机号注册' })).toBeInTheDocument();
  });

  it('logged in: the masked phone, 个人中心, and 退出登录, which ends the session with the server', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('mobile', '13812345678');
    const api = fakeApi({ ...meritList, 'POST /api/logout': () => ok(null) });
    const { user, sheet } = await openSheet('#/merit');
    const account = within(within(sheet).getByRole('region', { name: '我的账号' }));
    expect(account.getByText('138****5678')).toBeInTheDocument();
    expect(account.getByRole('link', { name: '个人中心' })).toHaveAttribute('href', '/#/UserCenter');
    await user.click(account.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(api.calls.find((call) => call.path === '/api/logout')?.headers.get('Authorization')).toBe(
      'Bearer tok-1',
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '网站导航' })).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
  });
});
