import type { MeritOrderRequest } from '@contract/merit';
import type { PrePayAnswer } from '@contract/payment';
import { meritOrderMachine } from '@machines/merit-order.machine';
import { paymentMachine } from '@machines/payment.machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deferred } from '../support/deferred';

const draft = { type: 5, GD_FM: '陈居士' } as MeritOrderRequest;
const answer: PrePayAnswer = {
  code_img_url: 'http://x/pay/sandbox/WF1',
  out_trade_no: 'WF1',
  expire_time: '',
  description: '功德供养·佛前供灯',
  amount: 200,
};
const submit = { type: 'order.submit' as const, problem: null, overLimit: false, loggedIn: true, draft };

const start = (paid: boolean) => {
  const created = deferred<PrePayAnswer>();
  const effects: string[] = [];
  const actor = createActor(
    meritOrderMachine.provide({
      actors: {
        createOrder: fromPromise(() => created.promise),
        payment: paymentMachine.provide({
          actors: { queryStatus: fromPromise(async () => ({ code: 0, msg: paid ? '1' : '0' })) },
        }),
      },
      actions: {
        showProblem: (_, problem) => effects.push(`problem:${problem}`),
        requestLogin: () => effects.push('login'),
        leaveToList: () => effects.push('list'),
        goToSuccess: () => effects.push('success'),
      },
    }),
  ).start();
  return { actor, created, effects };
};

describe('merit order journeys', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('submit, confirm, pay: ends on the success screen', async () => {
    const { actor, created, effects } = start(true);
    actor.send(submit);
    expect(actor.getSnapshot().context.draft).toBe(draft);
    actor.send({ type: 'order.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'order.confirm' })).toBe(false);
    created.resolve(answer);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('paying')).toBe(true);
    expect(actor.getSnapshot().context.payment?.outTradeNo).toBe('WF1');
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().matches('paid')).toBe(true);
    expect(effects).toEqual(['success']);
  });

  it('a problem, the login and the over-limit notice keep the believer on the page', () => {
    const { actor, effects } = start(true);
    actor.send({ ...submit, problem: '请选择功德金!', draft: null });
    actor.send({ ...submit, loggedIn: false, draft: null });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ ...submit, overLimit: true, draft: null });
    actor.send({ type: 'overLimit.confirm' });
    expect(actor.getSnapshot().matches('left')).toBe(true);
    expect(effects).toEqual(['problem:请选择功德金!', 'login', 'list']);
  });

  it('a refused order returns to the confirmation; closing the QR returns to the form', async () => {
    const { actor, created } = start(false);
    actor.send(submit);
    actor.send({ type: 'order.confirm' });
    created.reject(new Error('功德金超过10000，请前往寺庙办理'));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('confirming')).toBe(true);

    const second = start(false);
    second.actor.send(submit);
    second.actor.send({ type: 'order.confirm' });
    second.created.resolve(answer);
    await vi.advanceTimersByTimeAsync(2500);
    second.actor.getSnapshot().children.payment?.send({ type: 'payment.close' });
    expect(second.actor.getSnapshot().matches('editing')).toBe(true);
  });
});
