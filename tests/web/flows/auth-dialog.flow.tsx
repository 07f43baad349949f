import { AUTH_MESSAGES } from '@contract/auth';
import { screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { fakeApi, heldCalls, ok, refused } from '../../support/fake-api';
import { renderApp } from '../../support/render-app';
import { settle, type ViewAdapter } from '../../support/statecharts/run-on-view';

const session = { token: 'tok', userInfo: { phone: '13812345678', userType: 1, realName: '陈居士' } };

/** The whole app at /index, logged out: the header opens the dialogs, a login-only page opens it with the notice. */
export const authDialogView: ViewAdapter = async () => {
  const logins = heldCalls();
  const registrations = heldCalls();
  fakeApi({ 'POST /api/login/mobile': logins.next, 'POST /api/register': registrations.next });
  const app = renderApp('#/index');
  // The first render loads the route's code for real: wait for it, not for the fake clock.
  await vi.waitFor(() => screen.getByRole('button', { name: '登录' }), { timeout: 5000 });
  const { user } = app;
  const dialog = () => screen.getByRole('dialog');
  const fill = async (label: string, text: string) => {
    const field = within(dialog()).getByLabelText(label);
    await user.clear(field);
    await user.type(field, text);
  };
  return {
    async exec(event, before) {
      switch (event.type) {
        case 'dialog.openLogin':
          if (event.notice) window.location.hash = '#/wfVideo';
          else if (before.matches('closed')) await user.click(screen.getByRole('button', { name: '登录' }));
          else await user.click(within(dialog()).getByRole('button', { name: '验证码登录' }));
          break;
        case 'dialog.openRegister':
          if (before.matches('closed')) await user.click(screen.getByRole('button', { name: '注册' }));
          else await user.click(within(dialog()).getByRole('button', { name: '手机号注册' }));
          break;
        case 'dialog.close':
          await user.click(within(dialog()).getByRole('button', { name: '关闭窗口' }));
          break;
        case 'login.submit':
          await fill('手机号', event.form.account);
          await fill('验证码', event.form.captcha);
          await user.click(within(dialog()).getByRole('button', { name: '登录' }));
          break;
        case 'register.submit':
          await fill('姓名', event.form.realName);
          await fill('手机号', event.form.account);
          await fill('验证码', event.form.captcha);
          await user.click(within(dialog()).getByRole('button', { name: '注册并登录' }));
          break;
        case 'xstate.done.actor.login':
          logins.answer(ok(session, AUTH_MESSAGES.loggedIn));
          break;
        case 'xstate.error.actor.login':
          logins.answer(refused(400, AUTH_MESSAGES.codeWrong(4)));
          break;
        case 'xstate.done.actor.register':
          registrations.answer(ok(session, AUTH_MESSAGES.registered));
          break;
        default:
          registrations.answer(refused(400, AUTH_MESSAGES.codeExpired));
      }
      await settle(10);
    },
    async check(snapshot) {
      if (snapshot.matches('closed')) {
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
        return;
      }
      const isLogin = snapshot.matches('login');
      const open = screen.getByRole('dialog', { name: isLogin ? '验证码登录' : '手机号注册' });
      const submit = isLogin ? '登录' : '注册并登录';
      if (snapshot.hasTag('busy')) {
        expect(within(open).getByRole('button', { name: '请稍候…' })).toBeInTheDocument();
      } else {
        expect(within(open).getByRole('button', { name: submit })).toBeEnabled();
      }
      const notice = within(open).queryByRole('alert');
      if (isLogin && snapshot.context.notice) expect(notice).toHaveTextContent(AUTH_MESSAGES.loginRequired);
      else expect(notice).not.toBeInTheDocument();
    },
    unmount: app.unmount,
  };
};
