import { PHONE_MESSAGES } from '@contract/phone';
import { VOLUNTEER_MESSAGES } from '@contract/volunteer';
import { type PhoneRule, smsCountdownMachine } from '@machines/sms-countdown.machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deferred } from '../support/deferred';

const start = (send: () => Promise<void>, phoneRule?: PhoneRule) => {
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
    { input: { seconds: 60, phoneRule } },
  ).start();
  return { actor, phones };
};

describe('sms countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    [undefined, '', PHONE_MESSAGES.empty],
    [undefined, '1381234', PHONE_MESSAGES.invalid],
    ['volunteer' as const, '', VOLUNTEER_MESSAGES.telEmpty],
    ['volunteer' as const, '1381234', VOLUNTEER_MESSAGES.telInvalid],
  ])("judges the phone by its form's rule (%s, %j): %s, and sends nothing", (rule, phone, message) => {
    const { actor, phones } = start(() => Promise.resolve(), rule);
    actor.send({ type: 'code.send', phone });
    expect(actor.getSnapshot().context.phoneError).toBe(message);
    expect(phones).toEqual([]);
  });

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
    const { actor } = start(() => Promise.reject(new Error('请求超时，请稍后再试')));
    actor.send({ type: 'code.send', phone: '13812345678' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'code.send', phone: '13812345678' })).toBe(true);
  });

  it('follows the server’s remaining time when it says to wait (the login right after registering)', async () => {
    const { actor, phones } = start(() => Promise.reject(new Error('验证码已发送，请57秒后再试')));
    actor.send({ type: 'code.send', phone: '13812345678' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().hasTag('counting')).toBe(true);
    expect(actor.getSnapshot().context.remaining).toBe(57);
    expect(actor.getSnapshot().context.phoneError).toBeNull();
    await vi.advanceTimersByTimeAsync(57_000);
    expect(actor.getSnapshot().matches('resendable')).toBe(true);
    expect(phones).toHaveLength(1);
  });

  it('sends nothing to a phone the rule refuses, and says why under the field until it is edited', () => {
    const { actor, phones } = start(async () => {});
    actor.send({ type: 'code.send', phone: '1234' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.phoneError).toBe('请填写正确的手机号码');
    expect(phones).toEqual([]);
    actor.send({ type: 'phone.edit' });
    expect(actor.getSnapshot().context.phoneError).toBeNull();
  });

  it('keeps another refusal’s message under the phone field', async () => {
    const { actor } = start(() => Promise.reject(new Error('该手机号尚未注册，请先注册')));
    actor.send({ type: 'code.send', phone: '13812345678' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.phoneError).toBe('该手机号尚未注册，请先注册');
  });
});
