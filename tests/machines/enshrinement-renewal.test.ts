import { MEMBERSHIP_MESSAGES } from '@contract/membership';
import { RENEWAL_MESSAGES } from '@contract/renewal';
import {
  enshrinementRenewalMachine,
  isRenewalReservation,
  modelEnshrinement,
  renewalTotalOf,
} from '@machines/enshrinement-renewal.machine';
import { ON_A_COMPUTER } from '@machines/payment.machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor } from 'xstate';
import { fakeCheckout, type HeldOrder } from '../support/fake-checkout';
import { renewalAnswer } from '../support/statecharts/fixtures/enshrinement-renewal';

const phone = '13812345678';

/**
 * The renewal with fakes that record its effects: orders asked (with their keys), lists refreshed;
 * the checkout child is the real machine with a fake order call and poll.
 */
const start = ({ paid = true } = {}) => {
  const orders: HeldOrder[] = [];
  const effects: string[] = [];
  const actor = createActor(
    enshrinementRenewalMachine.provide({
      actors: {
        checkout: fakeCheckout(orders, () => paid),
      },
      actions: { ordersChanged: () => effects.push('ordersChanged') },
    }),
    { input: { item: modelEnshrinement } },
  ).start();
  const state = () => actor.getSnapshot();
  const submit = (key = 'key-renew-0001') =>
    actor.send({ type: 'order.submit', device: ON_A_COMPUTER, mobile: phone, key });
  const checkout = () => state().children.checkout as AnyActorRef | undefined;
  /** The believer closes the open QR. */
  const closeQr = () => checkout()?.getSnapshot().children.payment?.send({ type: 'payment.close' });
  /** The YEARS of each order asked. */
  const years = () => orders.map((o) => (o.input.order as { YEARS: number }).YEARS);
  return { actor, state, orders, effects, submit, checkout, closeQr, years };
};

describe('enshrinement renewal journeys', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens on one year at the yearly price, paid online', () => {
    const { state } = start();
    expect(state().value).toBe('editing');
    expect(state().context.years).toBe(1);
    expect(renewalTotalOf(state().context)).toBe(4000);
    expect(isRenewalReservation(state().context)).toBe(false);
  });

  it('1 year: one order of ¥4,000 (FX_YD_FLAG 0) with the submission’s key, the QR, paid: the lists refresh', async () => {
    const { state, orders, effects, submit } = start();
    submit('key-renew-1');
    expect(state().value).toEqual({ ordering: 'checkingOut' });
    expect(state().children.checkout?.getSnapshot().hasTag('busy')).toBe(true);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.input).toEqual({
      idempotencyKey: 'key-renew-1',
      order: expect.objectContaining({
        type: 4,
        ID: modelEnshrinement.ID,
        YEARS: 1,
        customAmount: 4000,
        FX_YD_FLAG: '0',
        FX_PRICE: 4000,
        MOBILE: phone,
      }),
    });
    orders[0]?.answer.resolve(renewalAnswer(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().children.checkout?.getSnapshot().value).toBe('paying');
    expect(state().children.checkout?.getSnapshot().context.payment).toMatchObject({
      outTradeNo: renewalAnswer(1).out_trade_no,
      amount: 4000,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(state().value).toBe('paid');
    expect(state().status).toBe('done');
    expect(effects).toEqual(['ordersChanged']);
  });

  it('3 years at ¥12,000: FX_YD_FLAG 1, the answer has no QR: 预订成功, never a payment', async () => {
    const { actor, state, orders, effects, submit } = start();
    actor.send({ type: 'years.choose', years: 3 });
    expect(renewalTotalOf(state().context)).toBe(12000);
    expect(isRenewalReservation(state().context)).toBe(true);
    submit();
    expect(orders[0]?.input.order).toMatchObject({ YEARS: 3, customAmount: 12000, FX_YD_FLAG: '1' });
    orders[0]?.answer.resolve(renewalAnswer(3));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('reserved');
    expect(state().children.checkout).toBeUndefined();
    // The reservation is an order in 我的订单 now: the lists are asked again.
    expect(effects).toEqual(['ordersChanged']);
    actor.send({ type: 'reserved.close' });
    expect(state().value).toBe('left');
    expect(effects).toEqual(['ordersChanged']);
  });

  it('a refusal stays beside the button in the server’s words; choosing again clears it; a new try, a new key', async () => {
    const { actor, state, orders, submit } = start();
    submit('key-renew-a');
    orders[0]?.answer.reject(new Error(RENEWAL_MESSAGES.totalMismatch));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('editing');
    expect(state().context.orderError).toBe(RENEWAL_MESSAGES.totalMismatch);
    actor.send({ type: 'years.choose', years: 2 });
    expect(state().context.orderError).toBeNull();
    expect(state().context.years).toBe(2);
    submit('key-renew-b');
    expect(orders.map((o) => o.input.idempotencyKey)).toEqual(['key-renew-a', 'key-renew-b']);
    expect(orders[1]?.input.order).toMatchObject({ YEARS: 2, customAmount: 8000 });
  });

  it('a failure without the server’s words says 获取二维码失败 and the button can be pressed again', async () => {
    const { state, orders, submit } = start();
    submit();
    expect(state().can({ type: 'order.submit', device: ON_A_COMPUTER, mobile: phone, key: 'again' })).toBe(
      false,
    );
    orders[0]?.answer.reject(new Error(''));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('editing');
    expect(state().context.orderError).toBe(MEMBERSHIP_MESSAGES.qrFailed);
    expect(state().can({ type: 'order.submit', device: ON_A_COMPUTER, mobile: phone, key: 'again' })).toBe(
      true,
    );
  });

  it('a QR closed unpaid goes back to the choice; 取消 ends the flow; years outside 1-3 change nothing', async () => {
    const { actor, state, orders, effects, submit, checkout, closeQr } = start({ paid: false });
    actor.send({ type: 'years.choose', years: 4 });
    actor.send({ type: 'years.choose', years: 0 });
    expect(state().context.years).toBe(1);
    submit();
    orders[0]?.answer.resolve(renewalAnswer(1));
    await vi.advanceTimersByTimeAsync(2500);
    expect(checkout()?.getSnapshot().matches('paying')).toBe(true);
    closeQr();
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('editing');
    expect(state().context.orderError).toBeNull();
    // The unpaid order waits in 我的订单: the lists are asked again.
    expect(effects).toEqual(['ordersChanged']);
    actor.send({ type: 'renewal.cancel' });
    expect(state().value).toBe('left');
    expect(state().status).toBe('done');
    expect(effects).toEqual(['ordersChanged']);
  });

  it('a retry after a failure or a QR closed unpaid keeps the key (the same order resumed); another term makes a new one', async () => {
    const { actor, state, orders, submit, checkout, closeQr, years } = start({ paid: false });
    submit('key-1');
    orders[0]?.answer.reject(new Error(''));
    await vi.advanceTimersByTimeAsync(0);
    // The answer may have been lost after the order was made: the same key cannot make a second.
    submit('key-2');
    orders[1]?.answer.resolve(renewalAnswer(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(checkout()?.getSnapshot().matches('paying')).toBe(true);
    closeQr();
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('editing');
    expect(state().context.idempotencyKey).toBe('key-1');
    submit('key-3');
    expect(state().value).toEqual({ ordering: 'checkingOut' });
    expect(orders[2]?.input).toEqual(orders[0]?.input);
    orders[2]?.answer.reject(new Error(RENEWAL_MESSAGES.totalMismatch));
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'years.choose', years: 2 });
    submit('key-4');
    // Choosing the years already chosen is no change: the key stays.
    orders[3]?.answer.reject(new Error(''));
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'years.choose', years: 2 });
    submit('key-5');
    expect(orders.map((o) => o.input.idempotencyKey)).toEqual(['key-1', 'key-1', 'key-1', 'key-4', 'key-4']);
    expect(years()).toEqual([1, 1, 1, 2, 2]);
  });
});
