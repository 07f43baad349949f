import { WECHAT_LOGIN_MESSAGES, wechatLoginApi } from '@contract/wechat-login';
import type { WechatBindingContext, WechatBindingInput } from '@machines/wechat-binding.machine';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@web/api/session';
import { WechatBindingCard } from '@web/features/user-center/wechat-binding-card';
import { bindingDeclined } from '@web/shared/wechat/wechat-arrival';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { fakeApi, heldCalls, ok, refused } from '../../support/fake-api';
import { session } from '../../support/statecharts/fixtures/auth-dialog';
import { settle, type ViewAdapter } from '../../support/statecharts/run-on-view';

/** A refusal as the server says it: the status that goes with each of the fixtures' words. */
const refusalOf = (event: AnyEventObject) => {
  const message = (event.error as Error).message;
  return refused(message === WECHAT_LOGIN_MESSAGES.unavailable ? 503 : 409, message);
};

/**
 * 个人中心's WeChat binding card, logged in, over the real calls (held until the model's answer):
 * the question and its buttons, the bound line and 解除绑定, a refusal under them, a notice.
 */
export const wechatBindingView: ViewAdapter = async (input) => {
  const lookUps = heldCalls();
  const binds = heldCalls();
  const unbinds = heldCalls();
  const api = fakeApi({
    [`GET ${wechatLoginApi.binding.path}`]: lookUps.next,
    [`POST ${wechatLoginApi.bind.path}`]: binds.next,
    [`POST ${wechatLoginApi.unbind.path}`]: unbinds.next,
  });
  sessionStore.save(session);
  const user = userEvent.setup({ delay: null });
  const started = input as WechatBindingInput;
  const view = render(<WechatBindingCard {...started} />);
  await settle();
  const card = () => screen.queryByRole('region', { name: '微信支付' });
  const button = (name: string) => within(card() ?? document.body).getByRole('button', { name });
  const calls = (path: string) => api.calls.filter((c) => c.path === path);
  let accepts = 0;
  let undos = 0;
  return {
    async exec(event) {
      switch (event.type) {
        case 'binding.accept':
          accepts += 1;
          await user.click(button(WECHAT_LOGIN_MESSAGES.bindAccept));
          break;
        case 'binding.decline':
          await user.click(button(WECHAT_LOGIN_MESSAGES.bindDecline));
          break;
        case 'binding.undo':
          undos += 1;
          await user.click(button(WECHAT_LOGIN_MESSAGES.unbind));
          break;
        case 'xstate.done.actor.lookUp':
          lookUps.answer(ok({ bound: event.output }));
          break;
        case 'xstate.done.actor.bind':
          binds.answer(ok({ bound: true }, WECHAT_LOGIN_MESSAGES.bound));
          break;
        case 'xstate.done.actor.unbind':
          unbinds.answer(ok({ bound: false }, WECHAT_LOGIN_MESSAGES.unbound));
          break;
        case 'xstate.error.actor.lookUp':
          lookUps.answer(refusalOf(event));
          break;
        case 'xstate.error.actor.bind':
          binds.answer(refusalOf(event));
          break;
        case 'xstate.error.actor.unbind':
          unbinds.answer(refusalOf(event));
          break;
      }
      await settle(10);
    },
    async check(snapshot) {
      const { notice, error, visit, declined } = snapshot.context as WechatBindingContext;
      const shows = snapshot.matches('offered') || snapshot.matches('binding');
      const bound = snapshot.matches('bound') || snapshot.matches('unbinding');
      // The question only where it is asked; the bound line only for a bound believer.
      expect(screen.queryByText(WECHAT_LOGIN_MESSAGES.bindOffer) !== null).toBe(shows);
      expect(screen.queryByText(WECHAT_LOGIN_MESSAGES.boundLine) !== null).toBe(bound);
      if (!shows && !bound) expect(card()).toBeNull();
      if (snapshot.matches('offered')) {
        expect(button(WECHAT_LOGIN_MESSAGES.bindAccept)).toBeEnabled();
        expect(button(WECHAT_LOGIN_MESSAGES.bindDecline)).toBeEnabled();
      }
      if (snapshot.matches('binding')) {
        expect(within(card() as HTMLElement).getByRole('button', { name: '请稍候…' })).toHaveAttribute(
          'aria-disabled',
          'true',
        );
        expect(button(WECHAT_LOGIN_MESSAGES.bindDecline)).toBeDisabled();
        // The visit the tab holds is what is bound.
        expect(calls(wechatLoginApi.bind.path).at(-1)?.body).toEqual({ visit });
      }
      if (snapshot.matches('bound')) expect(button(WECHAT_LOGIN_MESSAGES.unbind)).toBeEnabled();
      if (snapshot.matches('unbinding'))
        expect(within(card() as HTMLElement).getByRole('button', { name: '请稍候…' })).toHaveAttribute(
          'aria-disabled',
          'true',
        );
      const statuses = screen.queryAllByRole('status').map((s) => s.textContent);
      expect(statuses).toEqual(bound ? [WECHAT_LOGIN_MESSAGES.boundLine] : notice ? [notice] : []);
      const alerts = screen.queryAllByRole('alert').map((a) => a.textContent);
      expect(alerts).toEqual(error && (shows || bound) ? [error] : []);
      // One look-up on opening; a call for each press, and for nothing else.
      expect(calls(wechatLoginApi.binding.path)).toHaveLength(1);
      expect(calls(wechatLoginApi.bind.path)).toHaveLength(accepts);
      expect(calls(wechatLoginApi.unbind.path)).toHaveLength(undos);
      // 暂不 is kept for the tab: the question is not asked again in it.
      if (declined && !started.declined) expect(bindingDeclined()).toBe(true);
    },
    unmount: view.unmount,
  };
};
