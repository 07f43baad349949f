import { MEMBERSHIP_MESSAGES, type MemberLookupAnswer } from '@contract/membership';
import { PAYMENT_MESSAGES } from '@contract/payment';
import { modelMembershipPackages } from '@machines/index';
import { ON_A_COMPUTER } from '@machines/payment.machine';
import { proxyRenewalMachine } from '@machines/proxy-renewal.machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromPromise } from 'xstate';
import { deferred } from '../support/deferred';
import { fakeCheckout, type HeldOrder } from '../support/fake-checkout';
import {
  MEMBER_CODE,
  MEMBER_NAME,
  otherMember,
  proxyPrePay,
  RELATION,
  selfMember,
} from '../support/statecharts/fixtures/proxy-renewal';

const phone = '13812345678';
const lookup = (hyCode = MEMBER_CODE, name = MEMBER_NAME) => ({
  type: 'lookup.submit' as const,
  hyCode,
  name,
});
const submit = (key = 'key-proxy-0001') => ({
  type: 'order.submit' as const,
  device: ON_A_COMPUTER,
  mobile: phone,
  key,
});

/** The proxy renewal with fakes recording lookups, orders and effects (navigation); the real checkout. */
const start = ({ paid = true } = {}) => {
  const lookups: {
    input: { hyCode: string; name: string };
    answer: ReturnType<typeof deferred<MemberLookupAnswer>>;
  }[] = [];
  const orders: HeldOrder[] = [];
  const effects: string[] = [];
  const actor = createActor(
    proxyRenewalMachine.provide({
      actors: {
        lookupMember: fromPromise(({ input }) => {
          const answer = deferred<MemberLookupAnswer>();
          lookups.push({ input, answer });
          return answer.promise;
        }),
        checkout: fakeCheckout(orders, () => paid),
      },
      actions: { goToRenewals: () => effects.push('/Renewals') },
    }),
    { input: { packages: modelMembershipPackages } },
  ).start();
  const state = () => actor.getSnapshot();
  const checkout = () => state().children.checkout as AnyActorRef | undefined;
  return { actor, state, lookups, orders, effects, checkout };
};

/** Looked up and confirmed as another member. */
const found = async (paid = true) => {
  const run = start({ paid });
  run.actor.send(lookup());
  run.lookups[0]?.answer.resolve(otherMember);
  await vi.advanceTimersByTimeAsync(0);
  return run;
};

describe('proxy renewal journeys', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lookup, relation, package, pay: one proxy order naming the lookup’s token and the relation', async () => {
    const { actor, state, lookups, orders, effects } = start();
    actor.send(lookup(` ${MEMBER_CODE} `, MEMBER_NAME));
    expect(state().value).toBe('lookingUp');
    expect(state().hasTag('busy')).toBe(true);
    expect(lookups.map((l) => l.input)).toEqual([{ hyCode: MEMBER_CODE, name: MEMBER_NAME }]);
    lookups[0]?.answer.resolve(otherMember);
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('editing');
    expect(state().context.member).toEqual(otherMember);

    actor.send({ type: 'relation.choose', relation: RELATION });
    actor.send({ type: 'package.choose', itemNo: 'HY3' });
    actor.send(submit('key-proxy-0003'));
    expect(state().value).toEqual({ ordering: 'checkingOut' });
    expect(orders[0]?.input).toEqual({
      order: {
        type: 6,
        RENEW: 1,
        CHANNEL: 'pc',
        MOBILE: phone,
        PRODUCT_ID: 'HY3',
        customAmount: 1000,
        TARGET_ID: otherMember.ID,
        RELATION,
      },
      idempotencyKey: 'key-proxy-0003',
    });
    orders[0]?.answer.resolve(proxyPrePay);
    await vi.advanceTimersByTimeAsync(1000);
    expect(state().value).toBe('paid');
    expect(state().status).toBe('done');
    expect(effects).toEqual([]);
  });

  it('self-lookup redirects to Renewals: no confirmation, no order', async () => {
    const { actor, state, lookups, orders, effects } = start();
    actor.send(lookup());
    lookups[0]?.answer.resolve(selfMember);
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('redirected');
    expect(state().status).toBe('done');
    expect(effects).toEqual(['/Renewals']);
    expect(orders).toHaveLength(0);
  });

  it.each([
    ['no code', '', MEMBER_NAME, { hyCode: MEMBERSHIP_MESSAGES.hyCode }],
    ['no name', MEMBER_CODE, ' ', { name: MEMBERSHIP_MESSAGES.hyName }],
    ['neither', '', '', { hyCode: MEMBERSHIP_MESSAGES.hyCode, name: MEMBERSHIP_MESSAGES.hyName }],
  ])('the lookup form: %s gives its messages and asks nothing', (_, hyCode, name, errors) => {
    const { actor, state, lookups } = start();
    actor.send(lookup(hyCode, name));
    expect(state().value).toBe('lookup');
    expect(state().context.lookupErrors).toEqual(errors);
    expect(lookups).toHaveLength(0);
  });

  it('editing a field takes its message away, and only its own', () => {
    const { actor, state } = start();
    actor.send(lookup('', ''));
    actor.send({ type: 'lookup.edit', field: 'name', value: '陈' });
    expect(state().context.lookupErrors).toEqual({ hyCode: MEMBERSHIP_MESSAGES.hyCode });
    // What is typed is held by the machine (the page keeps its snapshot for the session).
    expect(state().context.query).toEqual({ hyCode: '', name: '陈' });
  });

  it.each([
    ['no such member', MEMBERSHIP_MESSAGES.lookupFailed, MEMBERSHIP_MESSAGES.lookupFailed],
    ['rate-limited', MEMBERSHIP_MESSAGES.tooManyLookups, MEMBERSHIP_MESSAGES.tooManyLookups],
    ['a failure without words', '', MEMBERSHIP_MESSAGES.lookupFailed],
  ])('a failed lookup (%s) says so on the lookup step', async (_, message, shown) => {
    const { actor, state, lookups } = start();
    actor.send(lookup());
    lookups[0]?.answer.reject(new Error(message));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('lookup');
    expect(state().context.lookupFailure).toBe(shown);
    actor.send(lookup());
    expect(state().context.lookupFailure).toBeNull();
  });

  it('确认续费 without a relation: 请选择与会员的关系, no order; choosing one takes it away', async () => {
    const { actor, state, orders } = await found();
    actor.send(submit());
    expect(state().value).toBe('editing');
    expect(state().context.relationError).toBe(MEMBERSHIP_MESSAGES.relation);
    expect(orders).toHaveLength(0);
    actor.send({ type: 'relation.choose', relation: RELATION });
    expect(state().context.relationError).toBeNull();
  });

  it('no QR: the checkout’s words (获取二维码失败 on the page), 确认续费 usable again with the same key', async () => {
    const { actor, state, orders } = await found();
    actor.send({ type: 'relation.choose', relation: RELATION });
    actor.send(submit('key-first-0001'));
    orders[0]?.answer.reject(new Error(''));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('editing');
    expect(state().context.orderError).toBe(PAYMENT_MESSAGES.orderFailed);
    actor.send(submit('key-second-001'));
    expect(orders.map((o) => o.input.idempotencyKey)).toEqual(['key-first-0001', 'key-first-0001']);
  });

  it('another relation is another purchase: a new key', async () => {
    const { actor, orders } = await found();
    actor.send({ type: 'relation.choose', relation: RELATION });
    actor.send(submit('key-first-0001'));
    orders[0]?.answer.reject(new Error(''));
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'relation.choose', relation: '7' });
    actor.send(submit('key-second-001'));
    expect(orders[1]?.input).toMatchObject({ idempotencyKey: 'key-second-001', order: { RELATION: '7' } });
  });

  it('a lookup that ran out sends the believer back to the lookup with 查找结果已失效', async () => {
    const { actor, state, orders } = await found();
    actor.send({ type: 'relation.choose', relation: RELATION });
    actor.send(submit());
    orders[0]?.answer.reject(new Error(MEMBERSHIP_MESSAGES.targetExpired));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('lookup');
    expect(state().context.lookupFailure).toBe(MEMBERSHIP_MESSAGES.targetExpired);
    expect(state().context.member).toBeNull();
    expect(state().context.query).toEqual({ hyCode: MEMBER_CODE, name: MEMBER_NAME });
  });

  it('重新查找 returns to the lookup and forgets the member and the query', async () => {
    const { actor, state } = await found();
    actor.send({ type: 'lookup.restart' });
    expect(state().value).toBe('lookup');
    expect(state().context.member).toBeNull();
    expect(state().context.query).toBeNull();
  });

  it('a QR closed unpaid returns to the confirmation with the member; 确认续费 checks the same order out with the same key', async () => {
    const { actor, state, orders, checkout } = await found(false);
    actor.send({ type: 'relation.choose', relation: RELATION });
    actor.send(submit('key-first-0001'));
    orders[0]?.answer.resolve(proxyPrePay);
    await vi.advanceTimersByTimeAsync(2500);
    expect(checkout()?.getSnapshot().matches('paying')).toBe(true);
    checkout()?.getSnapshot().children.payment?.send({ type: 'payment.close' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('editing');
    expect(state().context).toMatchObject({ member: otherMember, relation: RELATION, orderError: null });
    expect(state().children.checkout).toBeUndefined();
    actor.send(submit('key-second-001'));
    expect(state().value).toEqual({ ordering: 'checkingOut' });
    expect(orders.map((o) => o.input.idempotencyKey)).toEqual(['key-first-0001', 'key-first-0001']);
    expect(orders[1]?.input.order).toEqual(orders[0]?.input.order);
  });
});
