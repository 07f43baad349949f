import { MEMBERSHIP_MESSAGES } from '@contract/membership';
import type { JoinFormValues } from '@contract/membership-form';
import { PAYMENT_MESSAGES } from '@contract/payment';
import { modelMembershipPackages } from '@machines/index';
import { joinOrderOfContext, membershipJoinMachine } from '@machines/membership-join.machine';
import { ON_A_COMPUTER } from '@machines/payment.machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor } from 'xstate';
import { fakeCheckout, type HeldOrder } from '../support/fake-checkout';
import {
  emptyJoin,
  goodJoin,
  joinDefaults,
  joinPrePay,
} from '../support/statecharts/fixtures/membership-join';

const phone = '13812345678';
const JOIN_KEY_1 = 'key-join-00000001';
const submit = (form: JoinFormValues = goodJoin, key = JOIN_KEY_1) => ({
  type: 'order.submit' as const,
  device: ON_A_COMPUTER,
  form,
  mobile: phone,
  key,
});

/**
 * The join wizard with fakes that record every side effect: orders requested, user type stored;
 * the checkout child is the real machine with a fake order call and poll.
 */
const start = ({ paid = true } = {}) => {
  const orders: HeldOrder[] = [];
  const effects: string[] = [];
  const actor = createActor(
    membershipJoinMachine.provide({
      actors: {
        checkout: fakeCheckout(orders, () => paid),
      },
      actions: { storeMember: () => effects.push('USER_TYPE=2') },
    }),
    { input: { packages: modelMembershipPackages, mobile: phone, values: joinDefaults } },
  ).start();
  const state = () => actor.getSnapshot();
  /** To the confirmation with the complete form, agreed or not. */
  const toConfirm = (agreed: boolean) => {
    actor.send({ type: 'package.next' });
    actor.send(submit());
    if (agreed) actor.send({ type: 'consent.set', agreed: true });
  };
  const checkout = () => state().children.checkout as AnyActorRef | undefined;
  return { actor, state, orders, effects, toConfirm, checkout };
};

describe('membership join journeys', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('package, form, consent, buy, pay: one order of the chosen package, then user type 2', async () => {
    const { actor, state, orders, effects } = start();
    expect(state().value).toBe('choosing');
    expect(state().context.productId).toBe('HY1');
    actor.send({ type: 'package.choose', itemNo: 'HY3' });
    actor.send({ type: 'package.next' });
    expect(state().value).toBe('editing');
    expect(state().context.values).toMatchObject({ GFR1: '十方法界一切众生', YS1: '陈明' });

    actor.send(submit(goodJoin, 'key-join-1'));
    expect(state().value).toEqual({ ordering: 'confirming' });
    expect(joinOrderOfContext(state().context)).toMatchObject({
      type: 6,
      PRODUCT_ID: 'HY3',
      customAmount: 1000,
      MOBILE: phone,
      SSQ_NAME: ['上海市', '市辖区', '黄浦区'],
    });
    actor.send({ type: 'consent.set', agreed: true });
    actor.send({ type: 'order.confirm' });
    expect(state().value).toEqual({ ordering: 'checkingOut' });
    expect(state().children.checkout?.getSnapshot().hasTag('busy')).toBe(true);
    expect(state().can({ type: 'order.confirm' })).toBe(false);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.input.idempotencyKey).toBe('key-join-1');

    orders[0]?.answer.resolve(joinPrePay);
    await vi.advanceTimersByTimeAsync(0);
    expect(state().children.checkout?.getSnapshot().value).toBe('paying');
    expect(effects).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(state().value).toBe('paid');
    expect(state().status).toBe('done');
    expect(effects).toEqual(['USER_TYPE=2']);
  });

  it('consent gates buy: no order until 同意 is ticked, none after it is unticked', () => {
    const { actor, state, orders, toConfirm } = start();
    toConfirm(false);
    // Not agreed, 立即购买 is taken and changes nothing: the same step, the same context, no order.
    const before = state();
    actor.send({ type: 'order.confirm' });
    expect(state().value).toEqual({ ordering: 'confirming' });
    expect(state().context).toEqual(before.context);
    expect(orders).toHaveLength(0);

    actor.send({ type: 'consent.set', agreed: true });
    actor.send({ type: 'consent.set', agreed: false });
    actor.send({ type: 'order.confirm' });
    expect(state().value).toEqual({ ordering: 'confirming' });
    expect(orders).toHaveLength(0);

    actor.send({ type: 'consent.set', agreed: true });
    expect(state().can({ type: 'order.confirm' })).toBe(true);
    actor.send({ type: 'order.confirm' });
    expect(state().value).toEqual({ ordering: 'checkingOut' });
    expect(orders).toHaveLength(1);
  });

  it('QR failure: the checkout’s words (获取二维码失败 on the page), buy enabled again, the retry sends the same key', async () => {
    const { actor, state, orders, effects, toConfirm } = start();
    toConfirm(true);
    actor.send({ type: 'order.confirm' });
    orders[0]?.answer.reject(new Error(''));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toEqual({ ordering: 'confirming' });
    expect(state().context.orderError).toBe(PAYMENT_MESSAGES.orderFailed);
    expect(state().can({ type: 'order.confirm' })).toBe(true);

    actor.send({ type: 'order.confirm' });
    expect(state().context.orderError).toBeNull();
    expect(orders).toHaveLength(2);
    expect(orders[1]?.input.idempotencyKey).toBe(orders[0]?.input.idempotencyKey);
    expect(effects).toEqual([]);
  });

  it('a member is refused with the server’s words (您已是功德会会员，请办理续费)', async () => {
    const { actor, state, orders, toConfirm } = start();
    toConfirm(true);
    actor.send({ type: 'order.confirm' });
    orders[0]?.answer.reject(new Error(MEMBERSHIP_MESSAGES.alreadyMember));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toEqual({ ordering: 'confirming' });
    expect(state().context.orderError).toBe(MEMBERSHIP_MESSAGES.alreadyMember);
  });

  it('a form problem stays on the form with every message, and nothing is ordered', () => {
    const { actor, state, orders } = start();
    actor.send({ type: 'package.next' });
    actor.send(submit({ ...joinDefaults, GFR1: '', YS1: '' }));
    expect(state().value).toBe('editing');
    expect(state().context.errors).toEqual({
      SEX: MEMBERSHIP_MESSAGES.sex,
      BIRTH_DATE: MEMBERSHIP_MESSAGES.birthDate,
      SSQ_NAME: MEMBERSHIP_MESSAGES.region,
      GFR1: MEMBERSHIP_MESSAGES.gfr1,
      YS1: MEMBERSHIP_MESSAGES.ys1,
    });
    actor.send({ type: 'form.edit', field: 'GFR1', values: { ...joinDefaults, GFR1: '陈' } });
    // What is typed is held by the machine (the page keeps its snapshot for the session).
    expect(state().context.values.GFR1).toBe('陈');
    expect(state().context.errors.GFR1).toBeUndefined();
    expect(state().context.errors.YS1).toBe(MEMBERSHIP_MESSAGES.ys1);
    expect(joinOrderOfContext(state().context)).toBeNull();
    expect(orders).toHaveLength(0);
    actor.send(submit(emptyJoin));
    expect(Object.keys(state().context.errors)).toEqual(['BIRTH_DATE', 'GFR1', 'YS1']);
  });

  it('going back keeps the entries and the package; back from the confirmation asks consent again', () => {
    const { actor, state } = start();
    actor.send({ type: 'package.choose', itemNo: 'HY3' });
    actor.send({ type: 'package.next' });
    const typed = { ...goodJoin, GFR2: '陈父', YS2: '陈母' };
    actor.send({ type: 'form.back', values: typed });
    expect(state().value).toBe('choosing');
    expect(state().context.productId).toBe('HY3');
    actor.send({ type: 'package.next' });
    expect(state().context.values).toEqual(typed);

    actor.send(submit(typed));
    actor.send({ type: 'consent.set', agreed: true });
    actor.send({ type: 'order.cancel' });
    expect(state().value).toBe('editing');
    expect(state().context.values).toEqual(typed);
    expect(state().context.agreed).toBe(false);
  });

  it('an unknown package is not chosen', () => {
    const { actor, state } = start();
    actor.send({ type: 'package.choose', itemNo: 'HY9' });
    expect(state().context.productId).toBe('HY1');
  });

  it('a QR closed unpaid returns to the confirmation, still agreed; 立即购买 checks the same order out with the same key', async () => {
    const { actor, state, orders, effects, toConfirm, checkout } = start({ paid: false });
    toConfirm(true);
    actor.send({ type: 'order.confirm' });
    orders[0]?.answer.resolve(joinPrePay);
    await vi.advanceTimersByTimeAsync(0);
    expect(checkout()?.getSnapshot().matches('paying')).toBe(true);
    checkout()?.getSnapshot().children.payment?.send({ type: 'payment.close' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toEqual({ ordering: 'confirming' });
    expect(state().context).toMatchObject({ agreed: true, orderError: null });
    expect(state().children.checkout).toBeUndefined();
    expect(effects).toEqual([]);

    actor.send({ type: 'order.confirm' });
    expect(state().value).toEqual({ ordering: 'checkingOut' });
    expect(orders.map((o) => o.input.idempotencyKey)).toEqual([JOIN_KEY_1, JOIN_KEY_1]);
    expect(orders[1]?.input.order).toEqual(orders[0]?.input.order);
  });
});
