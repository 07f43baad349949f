import { smsCountdownMachine } from '@machines/sms-countdown.machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deferred } from '../support/deferred';

const start = (send: () => Promise<void>) => {
  const phones: string[] = [];
  const actor = createActor(
    smsCountdownMachine.provide({
      actors: {
        sendCode: fromPromise(async ({ input }) => {
          phones.push(input.phone);
          await send();
        }),
      },
    }),
    { input: { seconds: 60 } },
  ).start();
  return { actor, phones };
};

describe('sms countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends, counts 60 seconds down one by one, then offers to resend', async () => {
    const answer = deferred<void>();
    const { actor, phones } = start(() => answer.promise);
    actor.send({ type: 'code.send', phone: '13812345678' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(phones).toEqual(['13812345678']);

    answer.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().hasTag('counting')).toBe(true);
    expect(actor.getSnapshot().context.remaining).toBe(60);
    // While counting the button is disabled: another send is not accepted.
    expect(actor.getSnapshot().can({ type: 'code.send', phone: '13812345678' })).toBe(false);

    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.remaining).toBe(59);
    await vi.advanceTimersByTimeAsync(58_000);
    expect(actor.getSnapshot().context.remaining).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().matches('resendable')).toBe(true);

    actor.send({ type: 'code.send', phone: '13812345678' });
    expect(actor.getSnapshot().matches('sending')).toBe(true);
    expect(phones).toHaveLength(2);
  });

  it('goes back to idle when the server refuses, so the believer can try again', async () => {
    const { actor } = start(() => Promise.reject(new Error('验证码已发送，请42秒后再试')));
    actor.send({ type: 'code.send', phone: '13812345678' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'code.send', phone: '13812345678' })).toBe(true);
  });
});
