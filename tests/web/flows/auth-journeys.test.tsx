import { AUTH_MESSAGES } from '@contract/auth';
import { PHONE_MESSAGES } from '@contract/phone';
import { render, screen, within } from '@testing-library/react';
import { Stepper } from '@web/components/ui/stepper';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, refused } from '../../support/fake-api';
import { renderApp } from '../../support/render-app';
import { session } from '../../support/statecharts/fixtures/auth-dialog';

const openLogin = async () => {
  const app = renderApp('#/index');
  await app.user.click(await screen.findByRole('button', { name: '登录' }, { timeout: 5000 }));
  // The dialog loads on its first opening.
  return { ...app, dialog: await screen.findByRole('dialog', { name: '验证码登录' }) };
};

describe('the login dialog', () => {
  afterEach(() => {
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('a code asked too soon (right after registering): the button counts the server’s seconds, no toast', async () => {
    const api = fakeApi({ 'POST /api/register/verify': () => refused(429, AUTH_MESSAGES.tooSoon(57)) });
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByRole('textbox', { name: '手机号' }), session.userInfo.phone);
    await user.click(within(dialog).getByRole('button', { name: '发送验证码' }));
    const button = await within(dialog).findByRole('button', { name: '57秒后重发' });
    expect(button).toBeDisabled();
    expect(toastQueue.visibleToasts).toHaveLength(0);
    expect(within(dialog).getByRole('textbox', { name: '手机号' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('a phone the rule refuses: the message under the field, nothing sent', async () => {
    const api = fakeApi({});
    const { user, dialog } = await openLogin();
    const phone = within(dialog).getByRole('textbox', { name: '手机号' });
    await user.type(phone, '1234');
    await user.click(within(dialog).getByRole('button', { name: '发送验证码' }));
    expect(phone).toHaveAccessibleDescription(PHONE_MESSAGES.invalid);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(phone, '5');
    expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('an empty form: each message beside its field, the first focused, no request', async () => {
    const api = fakeApi({ 'POST /api/login/mobile': () => ok(session) });
    const { user, dialog } = await openLogin();
    await user.click(within(dialog).getByRole('button', { name: '登录' }));
    const phone = within(dialog).getByRole('textbox', { name: '手机号' });
    const code = within(dialog).getByRole('textbox', { name: '验证码' });
    expect(phone).toHaveAccessibleDescription(PHONE_MESSAGES.empty);
    expect(code).toHaveAccessibleDescription(AUTH_MESSAGES.codeEmpty);
    expect(phone).toHaveFocus();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(toastQueue.visibleToasts).toHaveLength(0);
  });

  it('on a phone: a number keypad for both fields, and the SMS just received offered for the code', async () => {
    fakeApi({});
    const { dialog } = await openLogin();
    const phone = within(dialog).getByRole('textbox', { name: '手机号' });
    const code = within(dialog).getByRole('textbox', { name: '验证码' });
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
  });
});

describe('the server’s refusal of a login', () => {
  afterEach(() => {
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('a wrong code: the message under the code field, what was typed kept, no toast', async () => {
    fakeApi({ 'POST /api/login/mobile': () => refused(400, AUTH_MESSAGES.codeWrong(4)) });
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByRole('textbox', { name: '手机号' }), session.userInfo.phone);
    await user.type(within(dialog).getByRole('textbox', { name: '验证码' }), '123456');
    await user.click(within(dialog).getByRole('button', { name: '登录' }));
    const code = within(dialog).getByRole('textbox', { name: '验证码' });
    await vi.waitFor(() => expect(code).toHaveAccessibleDescription(AUTH_MESSAGES.codeWrong(4)));
    expect(code).toHaveValue('123456');
    expect(toastQueue.visibleToasts).toHaveLength(0);
  });

  it('a refusal about no field: said above the form', async () => {
    fakeApi({ 'POST /api/login/mobile': () => refused(503, '服务器繁忙，请稍后再试') });
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByRole('textbox', { name: '手机号' }), session.userInfo.phone);
    await user.type(within(dialog).getByRole('textbox', { name: '验证码' }), '123456');
    await user.click(within(dialog).getByRole('button', { name: '登录' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('服务器繁忙，请稍后再试');
  });
});

describe('UI primitives in Chinese whatever the browser’s language', () => {
  it('the stepper’s buttons are 增加 and 减少 without an I18nProvider', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    render(<Stepper label="数量" value={2} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: '增加 数量' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '减少 数量' })).toBeInTheDocument();
  });
});
