import { PAYMENT_MESSAGES, type PrePayAnswer } from '@contract/payment';
import { type CreateOrderInput, checkoutMachine } from '@machines/checkout.machine';
import { ON_A_COMPUTER, type PayingDevice, paymentMachine } from '@machines/payment.machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deferred } from '../support/deferred';
import { checkoutPrePay, checkoutReserved } from '../support/statecharts/fixtures/checkout';

/** The checkout with a held order call and a poll that answers `paid` (or not). */
const start = (qrDelay = 0, paid = true, device: PayingDevice = ON_A_COMPUTER) => {
  const calls: { input: CreateOrderInput; answer: ReturnType<typeof deferred<PrePayAnswer>> }[] = [];
  let polls = 0;
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        createOrder: fromPromise(({ input }) => {
          const answer = deferred<PrePayAnswer>();
          calls.push({ input, answer });
          return answer.promise;
        }),
        payment: paymentMachine.provide({
          actors: {
            queryStatus: fromPromise(async () => {
              polls += 1;
              return { code: 0, msg: paid ? '1' : '0' };
            }),
          },
        }),
      },
    }),
    { input: { order: { type: 5, GD_FM: '陈居士' }, idempotencyKey: 'key-checkout1', qrDelay, device } },
  ).start();
  return { actor, calls, state: () => actor.getSnapshot(), polls: () => polls };
};

describe('checkout journeys', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('makes the order once with the confirmation’s key, waits the QR delay busy, then pays', async () => {
    const { calls, state, polls } = start(2000);
    expect(state().hasTag('busy')).toBe(true);
    expect(calls.map((c) => c.input)).toEqual([
      { order: { type: 5, GD_FM: '陈居士' }, idempotencyKey: 'key-checkout1' },
    ]);
    calls[0]?.answer.resolve(checkoutPrePay);
    await vi.advanceTimersByTimeAsync(1999);
    expect(state().value).toBe('showingQr');
    expect(state().hasTag('busy')).toBe(true);
    expect(state().children.payment).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(state().value).toBe('paying');
    expect(state().hasTag('busy')).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(polls()).toBe(1);
    expect(state().output).toEqual({
      outcome: 'paid',
      outTradeNo: checkoutPrePay.out_trade_no,
      message: null,
    });
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['a computer', { phone: false }, 'http://localhost/pay/sandbox/WF1', 'scanQr'],
    ['a phone, the demo’s pay page', { phone: true }, 'http://localhost/pay/sandbox/WF1', 'openPayPage'],
    ['a phone, a WeChat code', { phone: true }, 'weixin://wxpay/bizpayurl?pr=abc', 'payElsewhere'],
  ] as const)(
    'on %s the payment is offered as %s… and polled all the same',
    async (_, device, codeUrl, channel) => {
      const { calls, state, polls } = start(0, true, device);
      calls[0]?.answer.resolve({ ...checkoutPrePay, code_img_url: codeUrl });
      await vi.advanceTimersByTimeAsync(0);
      const payment = state().children.payment?.getSnapshot();
      expect(payment?.context).toMatchObject({ device, codeUrl, channel });
      await vi.advanceTimersByTimeAsync(1000);
      expect(polls()).toBe(1);
      expect(state().output?.outcome).toBe('paid');
    },
  );

  it('a QR closed unpaid ends closed with the order’s number: the order is kept, not cancelled', async () => {
    const { calls, state } = start(0, false);
    calls[0]?.answer.resolve(checkoutPrePay);
    await vi.advanceTimersByTimeAsync(0);
    state().children.payment?.send({ type: 'payment.close' });
    expect(state().output).toEqual({
      outcome: 'closed',
      outTradeNo: checkoutPrePay.out_trade_no,
      message: null,
    });
  });

  it('a reservation (办理成功, no QR) ends at once, with no poll', async () => {
    const { calls, state, polls } = start();
    calls[0]?.answer.resolve(checkoutReserved);
    await vi.advanceTimersByTimeAsync(5000);
    expect(state().output).toMatchObject({ outcome: 'reserved', outTradeNo: checkoutReserved.out_trade_no });
    expect(polls()).toBe(0);
  });

  it.each([
    ['the server’s words', new Error('该位置已被选择'), '该位置已被选择'],
    ['下单失败，请稍后再试 when there are none', new Error(''), PAYMENT_MESSAGES.orderFailed],
  ])('a refusal ends refused with %s', async (_, error, message) => {
    const { calls, state } = start();
    calls[0]?.answer.reject(error);
    await vi.advanceTimersByTimeAsync(0);
    expect(state().output).toEqual({ outcome: 'refused', outTradeNo: '', message });
  });
});
