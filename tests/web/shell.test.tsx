import { defaultSiteConfig } from '@server/db/seed/site';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, refused } from '../support/fake-api';
import { renderApp } from '../support/render-app';

const session = { token: 'tok-1', userInfo: { phone: '13812345678', userType: 1, realName: '陈居士' } };

describe('site shell', () => {
  it('shows the menus and the temple facts from the configuration', async () => {
    fakeApi({});
    renderApp('#/index');
    const nav = await screen.findByRole('navigation', { name: '主菜单' });
    for (const item of [
      '首页',
      '寺院动态',
      '志工',
      '法会报名',
      '功德供养',
      '独姓佛事',
      '圣像供奉',
      '牌位供奉',
    ]) {
      expect(within(nav).getByRole('link', { name: item })).toBeInTheDocument();
    }
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(`地址：${defaultSiteConfig.address}`)).toBeInTheDocument();
    expect(within(footer).getByText(defaultSiteConfig.icpLicence)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: '中国佛教协会' })).toBeInTheDocument();
  });

  it('logs in through the dialog: digits only, phone checked, countdown, masked phone in the header', async () => {
    const api = fakeApi({
      'POST /api/register/verify': () => ok(null, '发送成功'),
      'POST /api/login/mobile': ({ body }) =>
        (body as { captcha: string }).captcha === '246810'
          ? ok(session, '登录成功')
          : refused(400, '验证码错误，还可尝试4次'),
    });
    const { user } = renderApp('#/index');
    await user.click(await screen.findByRole('button', { name: '登录' }));
    const dialog = await screen.findByRole('dialog', { name: '验证码登录' });
    const phone = within(dialog).getByLabelText('手机号');

    await user.type(phone, '1234');
    await user.click(within(dialog).getByRole('button', { name: '发送验证码' }));
    expect(within(dialog).getByText('请填写正确的手机号码')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/register/verify')).toBe(false);

    await user.clear(phone);
    await user.type(phone, '138-1234 5678');
    expect(phone).toHaveValue('13812345678');
    await user.click(within(dialog).getByRole('button', { name: '发送验证码' }));
    expect(await within(dialog).findByRole('button', { name: '60秒后重发' })).toBeDisabled();

    await user.type(within(dialog).getByLabelText('验证码'), '246810');
    await user.click(within(dialog).getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: /138\*\*\*\*5678/ })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(localStorage.getItem('USER_TYPE')).toBe('1');
  });

  it('keeps the dialog and what was typed when the code is refused', async () => {
    fakeApi({
      'POST /api/register/verify': () => ok(null),
      'POST /api/login/mobile': () => refused(400, '验证码错误，还可尝试4次'),
    });
    const { user } = renderApp('#/index');
    await user.click(await screen.findByRole('button', { name: '登录' }));
    const dialog = await screen.findByRole('dialog', { name: '验证码登录' });
    await user.type(within(dialog).getByLabelText('手机号'), '13812345678');
    await user.type(within(dialog).getByLabelText('验证码'), '111111');
    await user.click(within(dialog).getByRole('button', { name: '登录' }));
    expect(await screen.findByText('验证码错误，还可尝试4次')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('手机号')).toHaveValue('13812345678');
    expect(within(dialog).getByRole('button', { name: '登录' })).toBeEnabled();
  });

  it('checks the register form before sending it', async () => {
    const api = fakeApi({});
    const { user } = renderApp('#/index');
    await user.click(await screen.findByRole('button', { name: '注册' }));
    const dialog = await screen.findByRole('dialog', { name: '手机号注册' });
    await user.click(within(dialog).getByRole('button', { name: '注册并登录' }));
    expect(within(dialog).getByText('请填写姓名')).toBeInTheDocument();
    expect(within(dialog).getByText('请填写手机号码')).toBeInTheDocument();
    expect(within(dialog).getByText('验证码不能为空')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends a visitor from a login-only page home, with the login dialog and its notice', async () => {
    fakeApi({});
    renderApp('#/guangciVolunteers');
    const dialog = await screen.findByRole('dialog', { name: '验证码登录' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('此内容需登录后查看。');
    expect(window.location.hash).toBe('#/index');
  });

  it('logs out: the session is cleared, the server told, and the header offers login again', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('mobile', '13812345678');
    const api = fakeApi({ 'POST /api/logout': () => ok(null) });
    const { user } = renderApp('#/index');
    await user.click(await screen.findByRole('button', { name: /138\*\*\*\*5678/ }));
    await user.click(await screen.findByRole('menuitem', { name: '退出登录' }));
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(api.calls.find((c) => c.path === '/api/logout')?.headers.get('Authorization')).toBe(
      'Bearer tok-1',
    );
  });

  it('a 401 on a login-only page leads to /login, which returns there after logging in', async () => {
    localStorage.setItem('token', 'revoked');
    localStorage.setItem('mobile', '13812345678');
    fakeApi({ 'GET /api/yxs-app/user/me': () => refused(401, '登录已失效，请重新登录') });
    renderApp('#/UserCenter');
    const dialog = await screen.findByRole('dialog', { name: '验证码登录' }, { timeout: 5000 });
    expect(dialog).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/login\?redirect=.*UserCenter/));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
