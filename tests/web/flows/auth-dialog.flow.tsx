import { AUTH_MESSAGES, type AuthField } from '@contract/auth';
import { screen, within } from '@testing-library/react';
import { toastQueue } from '@web/components/ui/toast';
import { expect, vi } from 'vitest';
import { fakeApi, heldCalls, ok, refused } from '../../support/fake-api';
import { renderApp } from '../../support/render-app';
import { BUSY, session } from '../../support/statecharts/fixtures/auth-dialog';
import { settle, type ViewAdapter } from '../../support/statecharts/run-on-view';

const LABELS: Record<AuthField, string> = { realName: '姓名', account: '手机号', captcha: '验证码' };

/**
 * The login dialog that a login-only page's guard opened, once it shows. The guard's redirect to
 * /index comes at once, but the dialog shows with the shell, which renders once /index has loaded
 * (its route's code loads for real: a second or more on a busy machine, longer than vi.waitFor's
 * default 1 s). It is polled for cheaply (a failed getByRole lists the role and name of every
 * element of the page), then asked for by role and name.
 */
export const guardLoginDialog = async () => {
  await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull(), {
    timeout: 15_000,
  });
  return screen.getByRole('dialog', { name: '验证码登录' });
};

/** The whole app at /index, logged out: the header opens the dialogs, a login-only page opens it with the notice. */
export const authDialogView: ViewAdapter = async () => {
  const logins = heldCalls();
  const registrations = heldCalls();
  const api = fakeApi({ 'POST /api/login/mobile': logins.next, 'POST /api/register': registrations.next });
  for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  const app = renderApp('#/index');
  // The first render loads the route's code for real: wait for it, not for the fake clock. (Polled
  // with a queryBy: a failed getBy would list the role and name of every element of the page.)
  await vi.waitFor(() => expect(screen.queryByRole('button', { name: '登录' })).not.toBeNull(), {
    timeout: 5000,
  });
  const { user } = app;
  const dialog = () => screen.getByRole('dialog');
  /** A field's part of a dialog (its `data-field` wrapper), if the dialog has that field. */
  const fieldScope = (container: HTMLElement, field: AuthField) =>
    container.querySelector<HTMLElement>(`[data-field="${field}"]`);
  const field = (name: AuthField) =>
    within(fieldScope(dialog(), name) as HTMLElement).getByRole('textbox', { name: LABELS[name] });
  const fill = async (name: AuthField, text: string) => {
    await user.clear(field(name));
    if (text) await user.type(field(name), text);
  };
  const sent = () => api.calls.filter((c) => c.method === 'POST').length;
  let sentBefore = 0;
  return {
    async exec(event, before) {
      sentBefore = sent();
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
        case 'form.edit':
          await user.type(field(event.field as AuthField), '1');
          break;
        case 'login.submit':
          await fill('account', event.form.account);
          await fill('captcha', event.form.captcha);
          await user.click(within(dialog()).getByRole('button', { name: '登录' }));
          break;
        case 'register.submit':
          await fill('realName', event.form.realName);
          await fill('account', event.form.account);
          await fill('captcha', event.form.captcha);
          await user.click(within(dialog()).getByRole('button', { name: '注册并登录' }));
          break;
        case 'xstate.done.actor.login':
          logins.answer(ok(session, AUTH_MESSAGES.loggedIn));
          break;
        case 'xstate.error.actor.login':
          logins.answer(refused(event.error.message === BUSY ? 503 : 400, event.error.message));
          break;
        case 'xstate.done.actor.register':
          registrations.answer(ok(session, AUTH_MESSAGES.registered));
          break;
        default:
          registrations.answer(refused(400, event.error.message));
      }
      await settle(10);
    },
    async check(snapshot) {
      // A request goes out only when the machine started one: an invalid form sends nothing.
      expect(sent() - sentBefore).toBe(snapshot.hasTag('busy') ? 1 : 0);
      sentBefore = sent();
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
      // Each message of the form under its field (each field's query within its wrapper); the
      // login form has no 姓名.
      for (const name of Object.keys(LABELS) as AuthField[]) {
        const message = snapshot.context.errors[name];
        const scope = fieldScope(open, name);
        const shown = !isLogin || name !== 'realName';
        expect(scope !== null).toBe(shown);
        if (!scope) continue;
        const input = within(scope).getByRole('textbox', { name: LABELS[name] });
        if (message) {
          expect(input).toHaveAttribute('aria-invalid', 'true');
          expect(input).toHaveAccessibleDescription(message);
        } else expect(input).not.toHaveAttribute('aria-invalid', 'true');
      }
      // Above the form: why login is asked, and a refusal about no field; nothing else, no toast.
      const alerts = within(open)
        .queryAllByRole('alert')
        .map((alert) => alert.textContent);
      const expected = [
        ...(isLogin && snapshot.context.notice ? [AUTH_MESSAGES.loginRequired] : []),
        ...(snapshot.context.errors.general ? [snapshot.context.errors.general] : []),
      ];
      expect(alerts).toEqual(expected);
      expect(toastQueue.visibleToasts.filter((t) => t.content.tone === 'error')).toEqual([]);
    },
    unmount: app.unmount,
  };
};
