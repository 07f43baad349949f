import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PhoneCodeFields } from '@web/features/auth/phone-code-fields';
import { useState } from 'react';
import { expect } from 'vitest';
import { fakeApi, heldCalls, ok, refused } from '../../support/fake-api';
import { passSecond, settle, type ViewAdapter } from '../../support/statecharts/run-on-view';

/** The phone and code fields of a login form, as a dialog holds them. */
function Fields() {
  const [values, setValues] = useState({ account: '', captcha: '' });
  return (
    <PhoneCodeFields
      purpose="login"
      values={values}
      errors={{}}
      onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
      seconds={2}
    />
  );
}

/** The send-code button beside its phone field, counting 2 seconds as the registry's model does. */
export const smsCountdownView: ViewAdapter = async () => {
  const sends = heldCalls();
  const api = fakeApi({ 'POST /api/register/verify': sends.next });
  const user = userEvent.setup({ delay: null });
  const view = render(<Fields />);
  await settle();
  const button = () => screen.getByRole('button');
  const phone = () => screen.getByRole('textbox', { name: '手机号' });
  return {
    async exec(event) {
      if (event.type === 'code.send') {
        await user.clear(phone());
        await user.type(phone(), event.phone);
        await user.click(button());
      } else if (event.type === 'phone.edit') await user.type(phone(), '8');
      else if (event.type === 'xstate.done.actor.sendCode') sends.answer(ok(null, '发送成功'));
      else if (event.type === 'xstate.error.actor.sendCode')
        sends.answer(refused(event.error.message.includes('秒后再试') ? 429 : 400, event.error.message));
      else return passSecond();
      await settle();
    },
    async check(snapshot) {
      if (snapshot.matches('idle')) expect(button()).toHaveTextContent('发送验证码');
      if (snapshot.matches('sending')) expect(button()).toHaveTextContent('请稍候…');
      if (snapshot.matches('counting')) {
        expect(button()).toHaveTextContent(`${snapshot.context.remaining}秒后重发`);
        expect(button()).toBeDisabled();
      }
      if (snapshot.matches('resendable')) expect(button()).toHaveTextContent('重新发送');
      if (snapshot.matches('idle') || snapshot.matches('resendable')) expect(button()).toBeEnabled();
      expect(sends.count).toBe(snapshot.matches('sending') ? 1 : 0);
      // A phone the machine would not send to, or the server's refusal, is said under the field.
      if (snapshot.context.phoneError) {
        expect(phone()).toHaveAttribute('aria-invalid', 'true');
        expect(phone()).toHaveAccessibleDescription(snapshot.context.phoneError);
      } else expect(phone()).not.toHaveAttribute('aria-invalid');
      expect(api.calls.filter((c) => c.body && (c.body as { phone?: string }).phone === '1234')).toEqual([]);
    },
    unmount: view.unmount,
  };
};
