import { AUTH_MESSAGES, authApi } from '@contract/auth';
import { act, screen, waitFor, within } from '@testing-library/react';
import { mainClient } from '@web/api/client';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, heldCalls, ok, refused } from '../support/fake-api';
import { renderApp } from '../support/render-app';
import { openVolunteerPage, volunteerApi } from './flows/volunteer-application.flow';

const logIn = () => {
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('mobile', '13812345678');
};
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
/** How many times `text` is on the page (a toast, a notice, a page's text). */
const said = (text: string) => screen.queryAllByText(text).length;

afterEach(() => {
  vi.useRealTimers();
  for (const item of [...toastQueue.visibleToasts]) toastQueue.close(item.key);
});

describe('发送成功 after a code is sent', () => {
  it.each([
    ['登录', '验证码登录'],
    ['注册', '手机号注册'],
  ])('in the %s dialog: under the code field, in a polite status', async (opener, title) => {
    fakeApi({ 'POST /api/register/verify': () => ok(null, AUTH_MESSAGES.codeSent) });
    const { user } = renderApp('#/index');
    await user.click(await screen.findByRole('button', { name: opener }));
    const dialog = await screen.findByRole('dialog', { name: title });
    const status = within(dialog).getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('');
    await user.type(within(dialog).getByLabelText('手机号'), '13812345678');
    await user.click(within(dialog).getByRole('button', { name: '发送验证码' }));
    await within(dialog).findByRole('button', { name: /秒后重发/ });
    expect(status).toHaveTextContent(AUTH_MESSAGES.codeSent);
  });

  it('not when the phone is refused', async () => {
    fakeApi({ 'POST /api/register/verify': () => refused(400, '该手机号尚未注册，请先注册') });
    const { user } = renderApp('#/index');
    await user.click(await screen.findByRole('button', { name: '登录' }));
    const dialog = await screen.findByRole('dialog', { name: '验证码登录' });
    await user.type(within(dialog).getByLabelText('手机号'), '13812345678');
    await user.click(within(dialog).getByRole('button', { name: '发送验证码' }));
    expect(await within(dialog).findByText('该手机号尚未注册，请先注册')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('');
  });

  it('on the volunteer form', async () => {
    volunteerApi();
    const { user } = await openVolunteerPage();
    const field = document.querySelector('[data-field="verifCode"]') as HTMLElement;
    const status = within(field).getByRole('status');
    expect(status).toHaveTextContent('');
    await user.click(within(field).getByRole('button', { name: '发送验证码' }));
    await waitFor(() => expect(status).toHaveTextContent(AUTH_MESSAGES.codeSent));
  });
});

describe('the end of a session is said once', () => {
  it('a 401 on several calls in flight: 登录已失效，请重新登录 once, and /login', async () => {
    logIn();
    const held = heldCalls();
    fakeApi({ 'GET /api/yxs-app/user/me': held.next });
    renderApp('#/index');
    await screen.findByRole('navigation', { name: '主菜单' });
    // Three calls carry the token; the first answer ends the session, the others come after it.
    const calls = [1, 2, 3].map(() => mainClient(authApi.me).catch(() => undefined));
    await waitFor(() => expect(held.count).toBe(3));
    held.answer(refused(401, AUTH_MESSAGES.unauthorized));
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/login\?redirect=/));
    await pause(100);
    held.answer(refused(401, AUTH_MESSAGES.unauthorized));
    held.answer(refused(401, AUTH_MESSAGES.unauthorized));
    await act(() => Promise.all(calls));
    await pause(100);
    expect(said(AUTH_MESSAGES.unauthorized)).toBe(1);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a stale 401 does not end the session logged in again since', async () => {
    logIn();
    const held = heldCalls();
    fakeApi({ 'GET /api/yxs-app/user/me': held.next });
    renderApp('#/index');
    await screen.findByRole('navigation', { name: '主菜单' });
    const call = mainClient(authApi.me).catch(() => undefined);
    await waitFor(() => expect(held.count).toBe(1));
    localStorage.setItem('token', 'tok-2');
    held.answer(refused(401, AUTH_MESSAGES.unauthorized));
    await act(() => call);
    await pause(100);
    expect(localStorage.getItem('token')).toBe('tok-2');
    expect(window.location.hash).toBe('#/index');
    expect(said(AUTH_MESSAGES.unauthorized)).toBe(0);
  });

  /** Another tab of the site logs out: its storage changes, this tab hears a `storage` event. */
  const logOutElsewhere = () =>
    act(() => {
      for (const key of ['token', 'mobile', 'userInfo', 'USER_TYPE']) {
        const oldValue = localStorage.getItem(key);
        localStorage.removeItem(key);
        window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue: null }));
      }
    });

  it('a logout in another tab, on a login-only page: one message, and /login returning there', async () => {
    logIn();
    fakeApi({
      'GET /api/yxs-app/news': () => ok({ content: [], totalElements: 0 }),
      'GET /api/yxs-app/user/me': () => refused(401, AUTH_MESSAGES.unauthorized),
    });
    renderApp('#/wfVideo');
    await screen.findByRole('heading', { name: '视频专区', level: 1 });
    logOutElsewhere();
    expect(await screen.findByText(AUTH_MESSAGES.loggedOutElsewhere)).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/login\?redirect=%2FwfVideo/));
    // What the page still asks without the token answers 401: quietly.
    await act(() => mainClient(authApi.me).catch(() => undefined));
    await pause(100);
    expect(said(AUTH_MESSAGES.loggedOutElsewhere)).toBe(1);
    expect(said(AUTH_MESSAGES.unauthorized)).toBe(0);
    expect(screen.queryByText(AUTH_MESSAGES.loginRequired)).not.toBeInTheDocument();
  });

  it('a logout in another tab, on a public page: one message, and the page stays', async () => {
    logIn();
    fakeApi({});
    renderApp('#/index');
    expect(await screen.findByRole('button', { name: /138\*\*\*\*5678/ })).toBeInTheDocument();
    logOutElsewhere();
    expect(await screen.findByText(AUTH_MESSAGES.loggedOutElsewhere)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    await pause(100);
    expect(window.location.hash).toBe('#/index');
    expect(said(AUTH_MESSAGES.loggedOutElsewhere)).toBe(1);
  });
});
