import { emptySelection, MERIT_MESSAGES, type MeritSelection } from '@contract/merit';
import { PAYMENT_MESSAGES } from '@contract/payment';
import { modelMeritItem } from '@machines/index';
import { meritOrderMachine, meritOrderOf } from '@machines/merit-order.machine';
import { ON_A_COMPUTER } from '@machines/payment.machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromPromise } from 'xstate';
import { deferred } from '../support/deferred';
import { fakeCheckout, type HeldOrder } from '../support/fake-checkout';
import { prePay } from '../support/statecharts/fixtures/merit-order';

const phone = '13812345678';
const good: MeritSelection = { ...emptySelection, quantity: 2, donor: '陈居士' };
const submit = (form: Partial<MeritSelection> = {}, mobile: string | null = phone, key = 'key-00000001') => ({
  type: 'order.submit' as const,
  device: ON_A_COMPUTER,
  form: { ...good, ...form },
  mobile,
  key,
});

/**
 * The merit order with fakes that record every side effect: orders requested (with their keys),
 * login dialogs opened, navigation, the believer's lists asked again. Each fake is a promise the
 * test settles.
 */
const start = ({ paid = true } = {}) => {
  const orders: HeldOrder[] = [];
  const logins: { notice: string; answer: ReturnType<typeof deferred<string>> }[] = [];
  const effects: string[] = [];
  /** Each time what lists the believer's orders is asked again (我的订单). */
  const ordersChanged: string[] = [];
  const actor = createActor(
    meritOrderMachine.provide({
      actors: {
        checkout: fakeCheckout(orders, () => paid),
        awaitLogin: fromPromise(({ input }) => {
          const answer = deferred<string>();
          logins.push({ notice: input.notice, answer });
          return answer.promise;
        }),
      },
      actions: {
        leave: () => effects.push('/merit'),
        goToSuccess: (_, { outTradeNo }) => effects.push(`/success?no=${outTradeNo}`),
        ordersChanged: () => void ordersChanged.push('我的订单'),
      },
    }),
    { input: { item: modelMeritItem } },
  ).start();
  const state = () => actor.getSnapshot();
  const checkout = () => state().children.checkout as AnyActorRef | undefined;
  return { actor, state, orders, logins, effects, ordersChanged, checkout };
};

describe('merit order journeys', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('submit, confirm, pay: one order with the confirmation’s key, then the success page of that order', async () => {
    const { actor, state, orders, effects, checkout } = start();
    actor.send(submit({}, phone, 'key-confirm-1'));
    expect(state().value).toEqual({ ordering: 'confirming' });
    expect(meritOrderOf(state().context)).toMatchObject({ GD_FM: '陈居士', MOBILE: phone });
    expect(orders).toHaveLength(0);

    actor.send({ type: 'order.confirm' });
    expect(state().value).toEqual({ ordering: 'checkingOut' });
    expect(checkout()?.getSnapshot().hasTag('busy')).toBe(true);
    expect(state().can({ type: 'order.confirm' })).toBe(false);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.input.idempotencyKey).toBe('key-confirm-1');
    expect(orders[0]?.input.order).toMatchObject({ meritItemList: [{ QUANTITY: 2, GDJ: 200 }] });

    orders[0]?.answer.resolve(prePay);
    await vi.advanceTimersByTimeAsync(0);
    expect(checkout()?.getSnapshot().matches('paying')).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(state().value).toBe('paid');
    expect(effects).toEqual([`/success?no=${prePay.out_trade_no}`]);
  });

  describe('guard precedence: the form’s problem, then the limit, then the login', () => {
    it('a form problem while logged out: the message under its field, no login dialog, no order', () => {
      const { actor, state, logins, orders } = start();
      actor.send(submit({ donor: '' }, null));
      expect(state().value).toBe('editing');
      expect(state().context.errors).toEqual({ donor: MERIT_MESSAGES.donorEmpty });
      expect(logins).toHaveLength(0);
      expect(orders).toHaveLength(0);
    });

    it('over the limit while logged out: the advice, no login dialog', () => {
      const { actor, state, logins } = start();
      actor.send(submit({ quantity: 101 }, null));
      expect(state().value).toBe('overLimit');
      expect(logins).toHaveLength(0);
    });

    it('a form problem over the limit: the problem first', () => {
      const { actor, state } = start();
      actor.send(submit({ quantity: 101, donor: '' }));
      expect(state().value).toBe('editing');
      expect(state().context.errors).toEqual({ donor: MERIT_MESSAGES.donorEmpty });
    });

    it('a valid form while logged out: the login dialog says why', () => {
      const { actor, state, logins, orders } = start();
      actor.send(submit({}, null));
      expect(state().value).toBe('awaitingLogin');
      expect(logins.map((l) => l.notice)).toEqual([MERIT_MESSAGES.loginFirst]);
      expect(orders).toHaveLength(0);
    });
  });

  it('after logging in the submission continues to the confirmation, with the phone logged in', async () => {
    const { actor, state, logins, orders } = start();
    actor.send(submit({}, null));
    logins[0]?.answer.resolve('13900001111');
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toEqual({ ordering: 'confirming' });
    expect(meritOrderOf(state().context)?.MOBILE).toBe('13900001111');
    expect(orders).toHaveLength(0);
  });

  it('closing the login dialog returns to the form as it was', async () => {
    const { actor, state, logins, orders } = start();
    actor.send(submit({}, null));
    logins[0]?.answer.reject(new Error('login dismissed'));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('editing');
    // No confirmation is open and no order is made: 提交 again starts over.
    expect(state().can({ type: 'order.confirm' })).toBe(false);
    expect(state().context.mobile).toBeNull();
    expect(orders).toHaveLength(0);
  });

  it('a refused order: the server’s message in the confirmation, and a retry sends the same key', async () => {
    const { actor, state, orders } = start();
    actor.send(submit({}, phone, 'key-retry-0001'));
    actor.send({ type: 'order.confirm' });
    orders[0]?.answer.reject(new Error('该功德项目暂停供养，请稍后再试'));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toEqual({ ordering: 'confirming' });
    expect(state().context.orderError).toBe('该功德项目暂停供养，请稍后再试');
    expect(state().children.checkout).toBeUndefined();

    actor.send({ type: 'order.confirm' });
    expect(state().context.orderError).toBeNull();
    expect(orders.map((o) => o.input.idempotencyKey)).toEqual(['key-retry-0001', 'key-retry-0001']);
  });

  it('a new confirmation makes a new key; the old one is not reused', () => {
    const { actor, state } = start();
    actor.send(submit({}, phone, 'key-first-0001'));
    actor.send({ type: 'order.cancel' });
    actor.send(submit({}, phone, 'key-second-001'));
    expect(state().context.idempotencyKey).toBe('key-second-001');
  });

  it('a refusal without words (the network) says 下单失败，请稍后再试 in the confirmation', async () => {
    const { actor, state, orders } = start();
    actor.send(submit());
    actor.send({ type: 'order.confirm' });
    orders[0]?.answer.reject(new Error(''));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toEqual({ ordering: 'confirming' });
    expect(state().context.orderError).toBe(PAYMENT_MESSAGES.orderFailed);
  });

  it('closing the QR without paying returns to the form and goes nowhere; the next 提交 is a new confirmation', async () => {
    const { actor, state, orders, effects, ordersChanged, checkout } = start({ paid: false });
    actor.send(submit({}, phone, 'key-closed-001'));
    actor.send({ type: 'order.confirm' });
    orders[0]?.answer.resolve(prePay);
    await vi.advanceTimersByTimeAsync(2500);
    expect(checkout()?.getSnapshot().matches('paying')).toBe(true);
    checkout()?.getSnapshot().children.payment?.send({ type: 'payment.close' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('editing');
    expect(state().children.checkout).toBeUndefined();
    expect(state().context.orderError).toBeNull();
    expect(effects).toEqual([]);
    // The order left unpaid is kept for its hold: 我的订单 is asked again.
    expect(ordersChanged).toHaveLength(1);
    actor.send(submit({}, phone, 'key-closed-002'));
    expect(state().value).toEqual({ ordering: 'confirming' });
    expect(orders).toHaveLength(1);
  });

  it('the over-limit advice: 确定 leaves for /merit, 取消 stays on the form', () => {
    const first = start();
    first.actor.send(submit({ quantity: 101 }));
    first.actor.send({ type: 'overLimit.confirm' });
    expect(first.state().value).toBe('left');
    expect(first.effects).toEqual(['/merit']);

    const second = start();
    second.actor.send(submit({ quantity: 101 }));
    second.actor.send({ type: 'overLimit.cancel' });
    expect(second.state().value).toBe('editing');
    expect(second.effects).toEqual([]);
  });

  it('editing a field takes its message away, and only its own', () => {
    const { actor, state } = start();
    actor.send(submit({ donor: '' }));
    actor.send({ type: 'form.edit', field: 'wish' });
    expect(state().context.errors).toEqual({ donor: MERIT_MESSAGES.donorEmpty });
    actor.send({ type: 'form.edit', field: 'donor' });
    expect(state().context.errors).toEqual({});
  });
});
