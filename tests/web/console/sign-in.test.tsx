import { STAFF_MESSAGES } from '@contract/staff';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refused } from '../../support/fake-api';
import { api, renderConsole, staffMe, todayAnswer } from '../../support/fake-console-api';

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const password = () => screen.getByLabelText('密码') as HTMLInputElement;

const openSignIn = async (signIn = () => ok(staffMe(), '登录成功')) => {
  const app = renderConsole(
    '#/login',
    { [`POST ${api('/session')}`]: signIn, [`GET ${api('/today')}`]: () => ok(todayAnswer()) },
    { me: null },
  );
  await screen.findByRole('heading', { name: '登录工作台' });
  return app;
};

const fill = async (user: ReturnType<typeof renderConsole>['user'], code = '123456') => {
  await user.type(field('用户名'), 'kt.wang');
  await user.type(password(), 'a long enough password');
  await user.type(field('动态验证码'), code);
};

describe('the console sign-in page', () => {
  it('says each rule beside its field, focuses the first, and sends nothing', async () => {
    const { user, sent } = await openSignIn();
    await user.type(field('动态验证码'), '12');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(field('用户名')).toHaveAccessibleDescription(STAFF_MESSAGES.usernameEmpty);
    expect(field('用户名')).toHaveAttribute('aria-invalid', 'true');
    expect(field('用户名')).toHaveFocus();
    expect(password()).toHaveAccessibleDescription(STAFF_MESSAGES.passwordEmpty);
    expect(field('动态验证码')).toHaveAccessibleDescription(STAFF_MESSAGES.codeInvalid);
    expect(sent('POST', '/session')).toHaveLength(0);
  });

  it('asks the code as a one-time numeric code', async () => {
    await openSignIn();
    expect(field('动态验证码')).toHaveAttribute('inputmode', 'numeric');
    expect(field('动态验证码')).toHaveAttribute('autocomplete', 'one-time-code');
    expect(password()).toHaveAttribute('type', 'password');
  });

  it.each([
    [401, STAFF_MESSAGES.signInFailed],
    [423, STAFF_MESSAGES.locked],
    [429, STAFF_MESSAGES.tooManySignIns],
  ])('shows the server refusal (%i) above the button and stays', async (status, message) => {
    const { user, sent } = await openSignIn(() => refused(status, message));
    await fill(user);
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(sent('POST', '/session')).toHaveLength(1);
    expect(window.location.hash).toBe('#/login');
    expect(field('用户名')).toHaveValue('kt.wang');
  });

  it('signs in with the three parts and goes to 今日', async () => {
    const { user, sent } = await openSignIn();
    await fill(user, '654321');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('heading', { name: /今日/ })).toBeInTheDocument();
    expect(sent('POST', '/session')[0]?.body).toEqual({
      username: 'kt.wang',
      password: 'a long enough password',
      code: '654321',
    });
    await waitFor(() => expect(window.location.hash).toBe('#/today'));
    expect(screen.getByText('王师兄')).toBeInTheDocument();
  });

  it('lands a member on the first screen their roles open (内容: 站点信息, not 今日)', async () => {
    const { user } = await openSignIn(() => ok(staffMe(['content']), '登录成功'));
    await fill(user);
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(window.location.hash).toBe('#/site'));
  });
});
