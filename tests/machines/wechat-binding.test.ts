import { WECHAT_LOGIN_MESSAGES } from '@contract/wechat-login';
import { MODEL_VISIT } from '@machines/index';
import { type WechatBindingInput, wechatBindingMachine } from '@machines/wechat-binding.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { deferred } from '../support/deferred';

/**
 * 个人中心's WeChat binding (issue 37, docs/privacy.md): asked once per tab inside WeChat, bound
 * only on 使用当前微信, undone by 解除绑定; what the server refuses is said and nothing is lost.
 */
const start = (input: WechatBindingInput, bound: boolean | Error = false) => {
  const binds: { visit: string; answer: ReturnType<typeof deferred<void>> }[] = [];
  const unbinds: ReturnType<typeof deferred<void>>[] = [];
  const effects: string[] = [];
  const actor = createActor(
    wechatBindingMachine.provide({
      actors: {
        lookUp: fromPromise(async () => {
          if (bound instanceof Error) throw bound;
          return bound;
        }),
        bind: fromPromise<void, string>(({ input: visit }) => {
          const answer = deferred<void>();
          binds.push({ visit, answer });
          return answer.promise;
        }),
        unbind: fromPromise(() => {
          const answer = deferred<void>();
          unbinds.push(answer);
          return answer.promise;
        }),
      },
      actions: {
        rememberDecline: () => effects.push('declined'),
        forgetVisit: () => effects.push('forgotVisit'),
      },
    }),
    { input },
  ).start();
  const settled = (state: 'asking' | 'offered' | 'binding' | 'bound' | 'unbinding' | 'quiet') =>
    waitFor(actor, (s) => s.matches(state));
  return { actor, binds, unbinds, effects, settled, send: actor.send.bind(actor) };
};
const inWechat = { visit: MODEL_VISIT, declined: false };

describe('the WeChat binding in 个人中心', () => {
  it('binds this tab’s WeChat only on 使用当前微信, and says so', async () => {
    const { send, binds, settled, actor, effects } = start(inWechat);
    await settled('offered');
    expect(binds).toEqual([]);
    send({ type: 'binding.accept' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    // A second press while binding sends nothing more.
    send({ type: 'binding.accept' });
    expect(binds.map((b) => b.visit)).toEqual([MODEL_VISIT]);
    binds[0]?.answer.resolve();
    await settled('bound');
    expect(effects).toEqual([]);
  });

  it('remembers 暂不 for the tab and asks nothing there again', async () => {
    const first = start(inWechat);
    await first.settled('offered');
    first.send({ type: 'binding.decline' });
    expect(first.actor.getSnapshot().value).toBe('quiet');
    expect(first.effects).toEqual(['declined']);
    expect(first.binds).toEqual([]);
    const again = start({ visit: MODEL_VISIT, declined: true });
    await again.settled('quiet');
    expect(again.binds).toEqual([]);
  });

  it('asks nothing without this tab’s web login, yet shows a binding to undo on any device', async () => {
    const computer = start({ visit: null, declined: false });
    await computer.settled('quiet');
    const bound = start({ visit: null, declined: false }, true);
    await bound.settled('bound');
    bound.send({ type: 'binding.undo' });
    bound.unbinds[0]?.resolve();
    await bound.settled('quiet');
    expect(bound.actor.getSnapshot().context.notice).toBe(WECHAT_LOGIN_MESSAGES.unbound);
    // The server forgot that WeChat's visits: so does the tab.
    expect(bound.effects).toEqual(['forgotVisit']);
  });

  it('keeps the question after a binding that raced, and binds on the next press', async () => {
    const { send, binds, settled, actor } = start(inWechat);
    await settled('offered');
    send({ type: 'binding.accept' });
    binds[0]?.answer.reject(new Error(WECHAT_LOGIN_MESSAGES.bindRaced));
    await settled('offered');
    expect(actor.getSnapshot().context.error).toBe(WECHAT_LOGIN_MESSAGES.bindRaced);
    send({ type: 'binding.accept' });
    expect(actor.getSnapshot().context.error).toBeNull();
    binds[1]?.answer.resolve();
    await settled('bound');
  });

  it('forgets a visit the server no longer knows, and says why', async () => {
    const { send, binds, settled, actor, effects } = start(inWechat);
    await settled('offered');
    send({ type: 'binding.accept' });
    binds[0]?.answer.reject(new Error(WECHAT_LOGIN_MESSAGES.visitUnknown));
    await settled('quiet');
    expect(actor.getSnapshot().context).toMatchObject({
      visit: null,
      notice: WECHAT_LOGIN_MESSAGES.visitUnknown,
    });
    expect(effects).toEqual(['forgotVisit']);
  });

  it('keeps the binding when 解除绑定 fails, with the server’s words', async () => {
    const { send, unbinds, settled, actor, effects } = start(inWechat, true);
    await settled('bound');
    send({ type: 'binding.undo' });
    unbinds[0]?.reject(new Error(WECHAT_LOGIN_MESSAGES.unavailable));
    await settled('bound');
    expect(actor.getSnapshot().context.error).toBe(WECHAT_LOGIN_MESSAGES.unavailable);
    expect(effects).toEqual([]);
  });

  it('goes on without the question when the server cannot say whether the believer is bound', async () => {
    const { settled, binds } = start(inWechat, new Error(WECHAT_LOGIN_MESSAGES.unavailable));
    await settled('quiet');
    expect(binds).toEqual([]);
  });
});
