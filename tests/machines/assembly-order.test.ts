import { ASSEMBLY_MESSAGES, type HoeDetail } from '@contract/assembly';
import type { AssemblyForm } from '@contract/assembly-form';
import { emptyBlessingForm, MEMORIAL_MESSAGES } from '@contract/memorial-entry';
import { RESERVATION_NOTICE } from '@contract/payment';
import { assemblyOrderMachine } from '@machines/assembly-order.machine';
import { modelHoe, modelHoePrices } from '@machines/index';
import type { MemorialEntryEvent } from '@machines/memorial-entry.machine';
import { ON_A_COMPUTER } from '@machines/payment.machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromPromise } from 'xstate';
import { deferred } from '../support/deferred';
import { fakeCheckout, type HeldOrder } from '../support/fake-checkout';
import {
  ASSEMBLY_REFUSAL,
  assemblyPrePay,
  reservationAnswer,
} from '../support/statecharts/fixtures/assembly-order';

const phone = '13812345678';
const good: AssemblyForm = {
  hoeType: '往生',
  tabletType: '小功德主',
  amount: null,
  quantity: 1,
  merit: [{ item: 'DENG', unitPrice: 100, count: 1 }],
};
const submit = (form: Partial<AssemblyForm> = {}, mobile: string | null = phone, key = 'key-00000001') => ({
  type: 'order.submit' as const,
  device: ON_A_COMPUTER,
  form: { ...good, ...form },
  mobile,
  key,
});

/** The assembly order with fakes recording every effect; the editor child is the real machine. */
const start = (hoe: Partial<HoeDetail> = {}, prices = modelHoePrices) => {
  const orders: HeldOrder[] = [];
  let paid = true;
  const logins: ReturnType<typeof deferred<string>>[] = [];
  const effects: string[] = [];
  /** Each time what lists the believer's orders is asked again (我的订单). */
  const ordersChanged: string[] = [];
  const actor = createActor(
    assemblyOrderMachine.provide({
      actors: {
        checkout: fakeCheckout(orders, () => paid),
        awaitLogin: fromPromise(() => {
          const answer = deferred<string>();
          logins.push(answer);
          return answer.promise;
        }),
      },
      actions: {
        leave: () => effects.push('/BusinessClass'),
        goToSuccess: (_, { outTradeNo }) => effects.push(`/success?no=${outTradeNo}`),
        ordersChanged: () => void ordersChanged.push('我的订单'),
      },
    }),
    { input: { hoe: { ...modelHoe, ...hoe }, prices } },
  ).start();
  const state = () => actor.getSnapshot();
  const editor = () => state().children.entries as AnyActorRef | undefined;
  const toEditor = (...events: MemorialEntryEvent[]) => {
    for (const event of events) editor()?.send(event);
  };
  /** Adds a deceased entry through the editor as the dialog would. */
  const addDeceased = (shang = '张小明') =>
    toEditor(
      { type: 'entry.add' },
      { type: 'entry.change', field: 'seat1', value: '十方法界一切众生' },
      { type: 'entry.change', field: 'shang1', value: shang },
      { type: 'entry.save' },
    );
  const checkout = () => state().children.checkout as AnyActorRef | undefined;
  const unpaid = () => {
    paid = false;
  };
  return {
    actor,
    state,
    orders,
    logins,
    effects,
    ordersChanged,
    editor,
    toEditor,
    addDeceased,
    checkout,
    unpaid,
  };
};

describe('assembly order journeys', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('submit, add an entry, agree, confirm, pay: the order carries the entry and the key', async () => {
    const { actor, state, orders, effects, addDeceased } = start();
    actor.send(submit({}, phone, 'key-abcdefgh'));
    expect(state().matches('ordering.confirming')).toBe(true);
    addDeceased();
    expect(state().context.entries).toHaveLength(1);
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'order.confirm' });
    expect(state().matches('ordering.checkingOut')).toBe(true);
    const [order] = orders;
    expect(order?.input.idempotencyKey).toBe('key-abcdefgh');
    expect(order?.input.order).toMatchObject({
      HOE_TYPE: '往生',
      TABLET_TYPE: '小功德主',
      HOE_GDJ_TOTAL: 400,
      QUANTITY: 1,
      START_DATE: '2026-04-17',
      END_DATE: '2026-04-19',
      jyList: [{ JY1: '十方法界一切众生', YS1: '张小明' }],
      zzList: [],
      meritItemList: [{ MERIT_ITEM: 'DENG', QUANTITY: 1, AMOUNT: 100 }],
      MOBILE: phone,
    });
    order?.answer.resolve(assemblyPrePay);
    await vi.advanceTimersByTimeAsync(1000);
    expect(state().value).toBe('paid');
    expect(effects).toEqual([`/success?no=${assemblyPrePay.out_trade_no}`]);
  });

  it('cancelling the dialog clears the entries, the agreement and the type chosen in the editor', () => {
    const { actor, state, editor, toEditor, addDeceased } = start();
    actor.send(submit({ hoeType: '往生' }));
    addDeceased();
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'order.cancel' });
    expect(state().value).toBe('editing');
    expect(state().context).toMatchObject({ entries: [], agreed: false, orderError: null });
    expect(editor()).toBeUndefined();
    // Submitting again opens an empty dialog with a fresh editor.
    actor.send(submit());
    expect(editor()?.getSnapshot().context.entries).toEqual([]);
    toEditor({ type: 'entry.add' });
    expect(editor()?.getSnapshot().matches('editingDeceased')).toBe(true);
    actor.send({ type: 'order.cancel' });
    expect(state().context.agreed).toBe(false);
  });

  it('a 延往生 editor asks the type first; the type chosen is gone after a cancel', () => {
    const prices = [
      ...modelHoePrices,
      { HOE_TYPE: '延往生', TABLET_TYPE: '往生会首', TABLET_PRICE: 3000, GDJ: 0 },
    ];
    const actor = createActor(assemblyOrderMachine, {
      input: { hoe: { ...modelHoe, LEADER_TABLET: true }, prices },
    }).start();
    actor.send(submit({ hoeType: '延往生', tabletType: '往生会首', merit: [] }));
    const editor = () => actor.getSnapshot().children.entries as AnyActorRef;
    editor().send({ type: 'entry.add' });
    editor().send({ type: 'entry.save' });
    expect(editor().getSnapshot().context.typeError).toBe(MEMORIAL_MESSAGES.chooseType);
    editor().send({ type: 'entry.type', entryType: '延生' });
    expect(editor().getSnapshot().matches('editingBlessing')).toBe(true);
    actor.send({ type: 'order.cancel' });
    actor.send(submit({ hoeType: '延往生', tabletType: '往生会首', merit: [] }));
    editor().send({ type: 'entry.add' });
    expect(editor().getSnapshot().matches('choosingType')).toBe(true);
    expect(editor().getSnapshot().context.blessing).toEqual(emptyBlessingForm);
  });

  it('a form problem comes before the login; over the limit before the login too', () => {
    const { actor, state, logins } = start();
    actor.send(submit({ hoeType: '' }, null));
    expect(state().value).toBe('editing');
    expect(state().context.errors).toEqual({ hoeType: ASSEMBLY_MESSAGES.chooseHoeType });
    actor.send(submit({ tabletType: '' }, null));
    expect(state().context.errors).toEqual({ tabletType: ASSEMBLY_MESSAGES.chooseTabletType });
    actor.send(submit({ merit: [{ item: 'DENG', unitPrice: 100, count: 200 }] }, null));
    expect(state().value).toBe('overLimit');
    expect(logins).toHaveLength(0);
    actor.send({ type: 'overLimit.cancel' });
    actor.send(submit({}, null));
    expect(state().value).toBe('awaitingLogin');
    expect(logins).toHaveLength(1);
  });

  it('the login continues to the dialog with the phone logged in with', async () => {
    const { actor, state, logins } = start();
    actor.send(submit({}, null));
    logins[0]?.resolve('13900000000');
    await vi.advanceTimersByTimeAsync(0);
    expect(state().matches('ordering.confirming')).toBe(true);
    expect(state().context.mobile).toBe('13900000000');
  });

  it('请添加明细信息 comes before 请勾选协议！, which comes before the entry count', () => {
    const { actor, state, orders, addDeceased } = start();
    actor.send(submit({ quantity: 2 }));
    actor.send({ type: 'order.confirm' });
    expect(state().context.orderError).toBe(ASSEMBLY_MESSAGES.addEntry);
    addDeceased();
    actor.send({ type: 'order.confirm' });
    expect(state().context.orderError).toBe(ASSEMBLY_MESSAGES.agree);
    actor.send({ type: 'agreement.set', agreed: true });
    expect(state().context.orderError).toBeNull();
    actor.send({ type: 'order.confirm' });
    expect(state().context.orderError).toBe(ASSEMBLY_MESSAGES.entriesShort(2, 1));
    expect(orders).toHaveLength(0);
  });

  it('the entry count message follows the entries: it counts each one added and goes when they match', () => {
    const { actor, state, orders, addDeceased, toEditor } = start();
    actor.send(submit({ quantity: 3 }));
    addDeceased();
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'order.confirm' });
    expect(state().context.orderError).toBe(ASSEMBLY_MESSAGES.entriesShort(3, 1));
    addDeceased('李小红');
    expect(state().context.orderError).toBe(ASSEMBLY_MESSAGES.entriesShort(3, 2));
    addDeceased('王小军');
    expect(state().context.orderError).toBeNull();
    toEditor({ type: 'entry.delete', index: 2 });
    expect(state().context.orderError).toBeNull();
    expect(orders).toHaveLength(0);
  });

  it('a refusal of the server’s stays when an entry changes, until the next 确认', async () => {
    const { actor, state, orders, addDeceased, toEditor } = start();
    actor.send(submit({ quantity: 2 }));
    addDeceased();
    addDeceased('李小红');
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'order.confirm' });
    orders[0]?.answer.reject(new Error(ASSEMBLY_REFUSAL));
    await vi.advanceTimersByTimeAsync(0);
    toEditor({ type: 'entry.delete', index: 1 });
    expect(state().context.orderError).toBe(ASSEMBLY_REFUSAL);
    actor.send({ type: 'order.confirm' });
    expect(state().context.orderError).toBe(ASSEMBLY_MESSAGES.entriesShort(2, 1));
  });

  it('the editor takes as many entries as QUANTITY and no more: a third for 数量 2 is never opened', () => {
    const { actor, state, orders, addDeceased, editor } = start();
    actor.send(submit({ quantity: 2 }));
    addDeceased();
    addDeceased('李小红');
    expect(editor()?.getSnapshot().can({ type: 'entry.add' })).toBe(false);
    addDeceased('王小军');
    expect(state().context.entries).toHaveLength(2);
    expect(editor()?.getSnapshot().context.limit.full).toBe(ASSEMBLY_MESSAGES.tooManyEntries(2));
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'order.confirm' });
    expect(orders).toHaveLength(1);
    expect(orders[0]?.input.order).toMatchObject({ jyList: [{ YS1: '张小明' }, { YS1: '李小红' }] });
  });

  it('a new-year-eve assembly takes one entry whatever the quantity; a leader-tablet one takes any number', () => {
    const eve = start({ NEW_YEAR_EVE: true });
    eve.actor.send(submit({ quantity: 5 }));
    eve.addDeceased();
    eve.addDeceased('李小红');
    expect(eve.state().context.entries).toHaveLength(1);
    expect(eve.editor()?.getSnapshot().context.limit.full).toBe(ASSEMBLY_MESSAGES.oneEntryOnly);
    eve.actor.send({ type: 'agreement.set', agreed: true });
    eve.actor.send({ type: 'order.confirm' });
    expect(eve.orders).toHaveLength(1);

    const leader = start({ LEADER_TABLET: true });
    leader.actor.send(submit());
    for (const name of ['甲', '乙', '丙']) leader.addDeceased(`张${name}`);
    leader.actor.send({ type: 'agreement.set', agreed: true });
    leader.actor.send({ type: 'order.confirm' });
    expect(leader.orders).toHaveLength(1);
  });

  it('a refused order stays in the dialog with the server’s words; the retry sends the same key', async () => {
    const { actor, state, orders, addDeceased } = start();
    actor.send(submit({}, phone, 'key-samekey1'));
    addDeceased();
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'order.confirm' });
    orders[0]?.answer.reject(new Error(ASSEMBLY_REFUSAL));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().matches('ordering.confirming')).toBe(true);
    expect(state().context.orderError).toBe(ASSEMBLY_REFUSAL);
    expect(state().context.entries).toHaveLength(1);
    expect(state().children.checkout).toBeUndefined();
    actor.send({ type: 'order.confirm' });
    expect(orders.map((o) => o.input.idempotencyKey)).toEqual(['key-samekey1', 'key-samekey1']);
  });

  it('a QR closed unpaid comes back to the dialog with its entries; 确认支付 again asks for the same order', async () => {
    const { actor, state, orders, checkout, addDeceased, unpaid, effects, ordersChanged } = start();
    unpaid();
    actor.send(submit({}, phone, 'key-resume01'));
    addDeceased();
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'order.confirm' });
    orders[0]?.answer.resolve(assemblyPrePay);
    await vi.advanceTimersByTimeAsync(0);
    expect(checkout()?.getSnapshot().matches('paying')).toBe(true);
    checkout()?.getSnapshot().children.payment?.send({ type: 'payment.close' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state().matches('ordering.confirming')).toBe(true);
    expect(state().context).toMatchObject({ agreed: true, orderError: null });
    expect(state().context.entries).toHaveLength(1);
    actor.send({ type: 'order.confirm' });
    expect(orders.map((o) => o.input.idempotencyKey)).toEqual(['key-resume01', 'key-resume01']);
    expect(orders[1]?.input.order).toEqual(orders[0]?.input.order);
    expect(effects).toEqual([]);
    // The order left unpaid is kept for its hold: 我的订单 is asked again.
    expect(ordersChanged).toHaveLength(1);
  });

  it('a reservation (办理成功, no QR) shows the 7-day notice and no payment', async () => {
    const { actor, state, orders, effects, ordersChanged, addDeceased } = start({ WATER_LAND: true }, [
      { HOE_TYPE: '往生', TABLET_TYPE: '往生莲位', TABLET_PRICE: 300, GDJ: 0 },
    ]);
    actor.send(submit({ tabletType: '往生莲位', merit: [{ item: 'DENG', unitPrice: 100, count: 200 }] }));
    expect(state().matches('ordering.confirming')).toBe(true);
    addDeceased();
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'order.confirm' });
    orders[0]?.answer.resolve(reservationAnswer);
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('reserved');
    expect(state().children.checkout).toBeUndefined();
    expect(RESERVATION_NOTICE).toBe('系统将为您保留位置7天，请于7日内前往寺院办理');
    // The reservation is an order of 我的订单 from now on.
    expect(ordersChanged).toHaveLength(1);
    actor.send({ type: 'reserved.close' });
    expect(state().value).toBe('left');
    expect(effects).toEqual(['/BusinessClass']);
  });
});
