import { MEMBERSHIP_MESSAGES } from '@contract/membership';
import { PAYMENT_MESSAGES } from '@contract/payment';
import { modelMembershipPackages } from '@machines/index';
import { membershipRenewalMachine } from '@machines/membership-renewal.machine';
import { ON_A_COMPUTER } from '@machines/payment.machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor } from 'xstate';
import { fakeCheckout, type HeldOrder } from '../support/fake-checkout';
import { renewalPrePay } from '../support/statecharts/fixtures/membership-renewal';

const phone = '13812345678';
const submit = (key = 'key-renew-0001') => ({
  type: 'order.submit' as const,
  device: ON_A_COMPUTER,
  mobile: phone,
  key,
});

/** The renewal with fakes recording every order requested and every effect (the real checkout). */
const start = ({ paid = true } = {}) => {
  const orders: HeldOrder[] = [];
  const effects: string[] = [];
  const actor = createActor(
    membershipRenewalMachine.provide({
      actors: {
        checkout: fakeCheckout(orders, () => paid),
      },
      actions: { renewed: () => effects.push('renewed') },
    }),
    { input: { packages: modelMembershipPackages } },
  ).start();
  const state = () => actor.getSnapshot();
  const checkout = () => state().children.checkout as AnyActorRef | undefined;
  return { actor, state, orders, effects, checkout };
};

describe('membership renewal journeys', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts on the first package; choosing, paying: one RENEW 1 order of the chosen package, then paid', async () => {
    const { actor, state, orders, effects } = start();
    expect(state().value).toBe('editing');
    expect(state().context.itemNo).toBe('HY1');
    actor.send({ type: 'package.choose', itemNo: 'HY3' });
    actor.send(submit('key-renew-0003'));
    expect(state().value).toEqual({ ordering: 'checkingOut' });
    expect(state().children.checkout?.getSnapshot().hasTag('busy')).toBe(true);
    expect(state().can(submit())).toBe(false);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.input).toEqual({
      order: { type: 6, RENEW: 1, CHANNEL: 'pc', MOBILE: phone, PRODUCT_ID: 'HY3', customAmount: 1000 },
      idempotencyKey: 'key-renew-0003',
    });
    orders[0]?.answer.resolve(renewalPrePay);
    await vi.advanceTimersByTimeAsync(0);
    expect(state().children.checkout?.getSnapshot().value).toBe('paying');
    expect(effects).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(state().value).toBe('paid');
    expect(state().status).toBe('done');
    expect(effects).toEqual(['renewed']);
  });

  it('no QR: the checkout’s words (获取二维码失败 on the page), the button usable again, and the retry sends the same key', async () => {
    const { actor, state, orders } = start();
    actor.send(submit('key-first-0001'));
    orders[0]?.answer.reject(new Error(''));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('editing');
    expect(state().context.orderError).toBe(PAYMENT_MESSAGES.orderFailed);
    expect(state().can(submit())).toBe(true);

    actor.send(submit('key-second-001'));
    expect(state().context.orderError).toBeNull();
    expect(orders.map((o) => o.input.idempotencyKey)).toEqual(['key-first-0001', 'key-first-0001']);
  });

  it('the server’s reason is shown as it is (not a member yet: 请先入会)', async () => {
    const { actor, state, orders } = start();
    actor.send(submit());
    orders[0]?.answer.reject(new Error(MEMBERSHIP_MESSAGES.notMember));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().context.orderError).toBe(MEMBERSHIP_MESSAGES.notMember);
  });

  it('another package is another purchase: a new key, the old message gone', async () => {
    const { actor, state, orders } = start();
    actor.send(submit('key-first-0001'));
    orders[0]?.answer.reject(new Error(''));
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'package.choose', itemNo: 'HY3' });
    expect(state().context.orderError).toBeNull();
    actor.send(submit('key-second-001'));
    expect(orders[1]?.input).toMatchObject({
      idempotencyKey: 'key-second-001',
      order: { PRODUCT_ID: 'HY3' },
    });
  });

  it('a QR closed unpaid returns to the packages, renews nothing; 立即续费 checks the same order out with the same key', async () => {
    const { actor, state, orders, effects, checkout } = start({ paid: false });
    actor.send(submit('key-first-0001'));
    orders[0]?.answer.resolve(renewalPrePay);
    await vi.advanceTimersByTimeAsync(2500);
    expect(checkout()?.getSnapshot().matches('paying')).toBe(true);
    checkout()?.getSnapshot().children.payment?.send({ type: 'payment.close' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('editing');
    expect(state().context.orderError).toBeNull();
    expect(state().children.checkout).toBeUndefined();
    expect(effects).toEqual([]);
    actor.send(submit('key-second-001'));
    expect(state().value).toEqual({ ordering: 'checkingOut' });
    expect(orders.map((o) => o.input.idempotencyKey)).toEqual(['key-first-0001', 'key-first-0001']);
    expect(orders[1]?.input.order).toEqual(orders[0]?.input.order);
  });

  it('packages are not changed while the order is being made', () => {
    const { actor, state } = start();
    actor.send(submit());
    expect(state().can({ type: 'package.choose', itemNo: 'HY3' })).toBe(false);
  });
});
