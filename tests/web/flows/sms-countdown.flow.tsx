import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SendCodeButton } from '@web/features/auth/send-code-button';
import { expect } from 'vitest';
import { fakeApi, heldCalls, ok, refused } from '../../support/fake-api';
import { passSecond, settle, type ViewAdapter } from '../../support/statecharts/run-on-view';

/** The send-code button alone, counting 2 seconds as the registry's model does. */
export const smsCountdownView: ViewAdapter = async () => {
  const sends = heldCalls();
  fakeApi({ 'POST /api/register/verify': sends.next });
  const user = userEvent.setup({ delay: null });
  const view = render(<SendCodeButton purpose="login" validPhone={() => '13812345678'} seconds={2} />);
  await settle();
  const button = () => screen.getByRole('button');
  return {
    async exec(event) {
      if (event.type === 'code.send') await user.click(button());
      else if (event.type === 'xstate.done.actor.sendCode') sends.answer(ok(null, '发送成功'));
      else if (event.type === 'xstate.error.actor.sendCode')
        sends.answer(refused(429, '验证码已发送，请42秒后再试'));
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
    },
    unmount: view.unmount,
  };
};
