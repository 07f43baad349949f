import { CEREMONY_MESSAGES, CEREMONY_RULES, type CeremonyTypeDetail } from '@contract/ceremony';
import type { CeremonyForm } from '@contract/ceremony-form';
import { PAYMENT_MESSAGES } from '@contract/payment';
import { ceremonyBookingMachine } from '@machines/ceremony-booking.machine';
import { modelCeremony } from '@machines/index';
import type { MemorialEntryEvent } from '@machines/memorial-entry.machine';
import { ON_A_COMPUTER } from '@machines/payment.machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromPromise } from 'xstate';
import { deferred } from '../support/deferred';
import { fakeCheckout, type HeldOrder } from '../support/fake-checkout';
import { ceremonyPrePay } from '../support/statecharts/fixtures/ceremony-booking';

const phone = '13812345678';
const SENT_AT = '2026-12-01 10:00:00';
const good: CeremonyForm = { tabletType: '往生莲位', tier: '一堂', date: '2026-12-08', time: '08:30-10:00' };
const submit = (form: Partial<CeremonyForm> = {}, mobile: string | null = phone, key = 'key-00000003') => ({
  type: 'order.submit' as const,
  device: ON_A_COMPUTER,
  form: { ...good, ...form },
  mobile,
  key,
});

/** The booking with fakes recording every effect; the editor child is the real machine. */
const start = (detail: CeremonyTypeDetail = modelCeremony, paid = true) => {
  const orders: HeldOrder[] = [];
  const logins: ReturnType<typeof deferred<string>>[] = [];
  const effects: string[] = [];
  /** Each time what lists the believer's orders is asked again (我的订单). */
  const ordersChanged: string[] = [];
  const actor = createActor(
    ceremonyBookingMachine.provide({
      actors: {
        checkout: fakeCheckout(orders, () => paid),
        awaitLogin: fromPromise(() => {
          const answer = deferred<string>();
          logins.push(answer);
          return answer.promise;
        }),
      },
      actions: {
        goToSuccess: (_, { outTradeNo }) => effects.push(`/success?no=${outTradeNo}`),
        // The hook asks the calendar again for both: the sessions left may have changed.
        refused: () => effects.push('refused: calendar asked again'),
        closedUnpaid: () => effects.push('closedUnpaid: calendar asked again'),
        ordersChanged: () => void ordersChanged.push('我的订单'),
      },
    }),
    { input: { detail, now: () => SENT_AT } },
  ).start();
  const state = () => actor.getSnapshot();
  const editor = () => state().children.entries as AnyActorRef | undefined;
  const checkout = () => state().children.checkout as AnyActorRef | undefined;
  const toEditor = (...events: MemorialEntryEvent[]) => {
    for (const event of events) editor()?.send(event);
  };
  /** Adds a deceased entry with its dates through the editor, as the dialog would. */
  const addDeceased = (name = '张三') =>
    toEditor(
      { type: 'entry.add' },
      { type: 'entry.change', field: 'seat1', value: '父母' },
      { type: 'entry.change', field: 'name1', value: name },
      { type: 'entry.change', field: 'birth1', value: '1930-01-01' },
      { type: 'entry.change', field: 'death1', value: '2020-01-01' },
      { type: 'entry.change', field: 'shang1', value: '张小明' },
      { type: 'entry.save' },
    );
  /** From the screen to the order dialog, logged in. */
  const toOrderDialog = (form: Partial<CeremonyForm> = {}) => {
    actor.send(submit(form));
    actor.send({ type: 'notice.confirm' });
  };
  /** The order dialog filled (an entry, the cause, the agreement), 确定 and 确定，支付定金. */
  const toCheckout = () => {
    toOrderDialog();
    addDeceased();
    actor.send({ type: 'cause.change', cause: '缘由' });
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'order.confirm' });
    actor.send({ type: 'reservation.confirm' });
  };
  return {
    actor,
    state,
    orders,
    logins,
    effects,
    ordersChanged,
    editor,
    checkout,
    toEditor,
    addDeceased,
    toOrderDialog,
    toCheckout,
  };
};

describe('ceremony booking journeys', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('notice, order, reservation, deposit: the order carries the choices, the entries and the key', async () => {
    const { actor, state, orders, effects, checkout, addDeceased } = start();
    actor.send(submit({}, phone, 'key-abcdefgh'));
    expect(state().value).toBe('notice');
    expect(orders).toHaveLength(0);
    actor.send({ type: 'notice.confirm' });
    expect(state().matches('ordering.confirming')).toBe(true);
    addDeceased();
    actor.send({ type: 'cause.change', cause: '祈愿先父往生净土' });
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'order.confirm' });
    expect(state().matches('ordering.reserving')).toBe(true);
    expect(orders).toHaveLength(0);
    actor.send({ type: 'reservation.confirm' });
    expect(state().matches('ordering.checkingOut')).toBe(true);
    expect(checkout()?.getSnapshot().hasTag('busy')).toBe(true);
    // The pending flag: a second confirm while the first is out sends nothing.
    actor.send({ type: 'reservation.confirm' });
    actor.send({ type: 'order.confirm' });
    expect(orders).toHaveLength(1);
    const [order] = orders;
    expect(order?.input.idempotencyKey).toBe('key-abcdefgh');
    expect(order?.input.order).toEqual({
      type: 2,
      CHANNEL: 'pc',
      FS_TYPE: '1',
      FS_DATE: '2026-12-08',
      FS_TIME: '08:30-10:00',
      MANY: '一堂',
      GDJ_TOTAL: 3800,
      FS_CONTENT: '往生莲位',
      FS_ADDRESS: '',
      FS_CAUSE: '祈愿先父往生净土',
      REMARK: '',
      MOBILE: phone,
      WS_FG_JY: '父母张三 生1930-01-01 殁2020-01-01',
      WS_YS: '张小明',
      WS_FG_ZZ: '',
      PAY_METHOD: '3',
      MONEY: 1000,
      BLR: 'pc',
      JF_DATE: SENT_AT,
      jyList: [
        {
          JY1: '父母张三',
          JY2: '',
          JY3: '',
          BIRTH_DAY1: '1930-01-01',
          BIRTH_DAY2: '',
          BIRTH_DAY3: '',
          DEATH_DAY1: '2020-01-01',
          DEATH_DAY2: '',
          DEATH_DAY3: '',
        },
      ],
      ysList: [{ YS1: '张小明', YS2: '', YS3: '', YS4: '', YS5: '', YS6: '' }],
      zzList: [],
    });
    order?.answer.resolve(ceremonyPrePay);
    await vi.advanceTimersByTimeAsync(0);
    expect(checkout()?.getSnapshot().value).toBe('paying');
    expect(checkout()?.getSnapshot().children.payment?.getSnapshot().context.amount).toBe(1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(state().value).toBe('paid');
    expect(effects).toEqual([`/success?no=${ceremonyPrePay.out_trade_no}`]);
  });

  it('the form is judged first: 请确认选项 beside the tablet type or tier, 请选择时间 beside the calendar', () => {
    const { actor, state, logins, orders } = start();
    actor.send(submit({ tabletType: '', tier: '' }, null));
    expect(state().value).toBe('editing');
    expect(state().context.errors).toEqual({ tabletType: CEREMONY_MESSAGES.unknownTier });
    actor.send({ type: 'form.edit', field: 'tabletType' });
    expect(state().context.errors).toEqual({});
    actor.send(submit({ tier: '' }, null));
    expect(state().context.errors).toEqual({ tier: CEREMONY_MESSAGES.unknownTier });
    actor.send(submit({ date: null, time: null }));
    expect(state().context.errors).toEqual({ time: CEREMONY_MESSAGES.chooseTime });
    // A slot the type does not have, or a tier of another tablet type, is no choice either.
    actor.send(submit({ time: '19:00-20:00' }));
    expect(state().context.errors).toEqual({ time: CEREMONY_MESSAGES.chooseTime });
    actor.send(submit({ tier: '七堂' }));
    expect(state().context.errors).toEqual({ tier: CEREMONY_MESSAGES.unknownTier });
    expect(logins).toHaveLength(0);
    expect(orders).toHaveLength(0);
    actor.send(submit());
    expect(state().context.errors).toEqual({});
    expect(state().value).toBe('notice');
  });

  it('cancelling the notice goes back to the screen and sends nothing', () => {
    const { actor, state, orders, editor } = start();
    actor.send(submit());
    actor.send({ type: 'notice.cancel' });
    expect(state().value).toBe('editing');
    expect(editor()).toBeUndefined();
    expect(orders).toHaveLength(0);
  });

  it('cancelling the order dialog clears the entries, the cause and the agreement', () => {
    const { actor, state, orders, editor, addDeceased, toOrderDialog } = start();
    toOrderDialog();
    addDeceased();
    actor.send({ type: 'cause.change', cause: '缘由' });
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'order.cancel' });
    expect(state().value).toBe('editing');
    expect(state().context).toMatchObject({ entries: [], agreed: false, cause: '', orderError: null });
    expect(editor()).toBeUndefined();
    toOrderDialog();
    expect(editor()?.getSnapshot().context.entries).toEqual([]);
    expect(orders).toHaveLength(0);
  });

  it('cancelling the reservation returns to the order dialog with everything kept', () => {
    const { actor, state, orders, editor, addDeceased, toOrderDialog } = start();
    toOrderDialog();
    addDeceased();
    actor.send({ type: 'cause.change', cause: '缘由' });
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'order.confirm' });
    actor.send({ type: 'reservation.cancel' });
    expect(state().matches('ordering.confirming')).toBe(true);
    expect(state().context).toMatchObject({ agreed: true, cause: '缘由' });
    expect(editor()?.getSnapshot().context.entries).toHaveLength(1);
    expect(orders).toHaveLength(0);
    actor.send({ type: 'order.confirm' });
    actor.send({ type: 'reservation.confirm' });
    expect(orders).toHaveLength(1);
  });

  it('logged out: the login dialog, then on to the notice with the new mobile; dismissed: back', async () => {
    const { actor, state, logins, orders, addDeceased } = start();
    actor.send(submit({}, null));
    expect(state().value).toBe('awaitingLogin');
    logins[0]?.reject(new Error('dismissed'));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('editing');
    actor.send(submit({}, null));
    logins[1]?.resolve('13900001111');
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('notice');
    actor.send({ type: 'notice.confirm' });
    addDeceased();
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'order.confirm' });
    actor.send({ type: 'reservation.confirm' });
    expect(orders[0]?.input.order).toMatchObject({ MOBILE: '13900001111' });
  });

  it('the order dialog rules in their order: an entry, the agreement, the cause', () => {
    const { actor, state, orders, addDeceased, toOrderDialog } = start();
    toOrderDialog();
    actor.send({ type: 'order.confirm' });
    expect(state().context.orderError).toBe(CEREMONY_MESSAGES.addEntry);
    addDeceased();
    actor.send({ type: 'order.confirm' });
    expect(state().context.orderError).toBe(CEREMONY_MESSAGES.agree);
    actor.send({ type: 'agreement.set', agreed: true });
    expect(state().context.orderError).toBeNull();
    actor.send({ type: 'cause.change', cause: '愿先父往生🙏' });
    actor.send({ type: 'order.confirm' });
    expect(state().context.orderError).toBe(CEREMONY_MESSAGES.cause);
    actor.send({ type: 'cause.change', cause: '愿'.repeat(301) });
    actor.send({ type: 'order.confirm' });
    expect(state().context.orderError).toBe(CEREMONY_MESSAGES.cause);
    actor.send({ type: 'cause.change', cause: '愿'.repeat(300) });
    // The editor refuses a sixth entry (000 section 9: five in the ceremony).
    for (const name of ['李四', '王五', '赵六', '钱七', '孙八']) addDeceased(name);
    expect(state().context.entries).toHaveLength(CEREMONY_RULES.maxEntries);
    expect(state().matches('ordering.confirming')).toBe(true);
    expect(orders).toHaveLength(0);
    actor.send({ type: 'order.confirm' });
    actor.send({ type: 'reservation.confirm' });
    expect(orders[0]?.input.order).toHaveProperty('jyList.length', CEREMONY_RULES.maxEntries);
  });

  it('请添加明细信息 goes as soon as an entry is added, and comes back when the last is deleted', () => {
    const { actor, state, addDeceased, toEditor, toOrderDialog } = start();
    toOrderDialog();
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'order.confirm' });
    expect(state().context.orderError).toBe(CEREMONY_MESSAGES.addEntry);
    addDeceased();
    expect(state().context.orderError).toBeNull();
    toEditor({ type: 'entry.delete', index: 0 });
    expect(state().context.orderError).toBeNull();
    actor.send({ type: 'order.confirm' });
    expect(state().context.orderError).toBe(CEREMONY_MESSAGES.addEntry);
  });

  it('a refusal (the slot sold out meanwhile) shows in the order dialog and asks the calendar again', async () => {
    const { actor, state, orders, effects, addDeceased, toOrderDialog } = start();
    toOrderDialog();
    addDeceased();
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'order.confirm' });
    actor.send({ type: 'reservation.confirm' });
    orders[0]?.answer.reject(new Error(CEREMONY_MESSAGES.soldOut));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().matches('ordering.confirming')).toBe(true);
    expect(state().context.orderError).toBe(CEREMONY_MESSAGES.soldOut);
    expect(state().children.checkout).toBeUndefined();
    expect(state().context.entries).toHaveLength(1);
    expect(effects).toEqual(['refused: calendar asked again']);
  });

  it('a refusal without the server’s words says 下单失败，请稍后再试', async () => {
    const { state, orders, toCheckout } = start();
    toCheckout();
    orders[0]?.answer.reject(new Error(''));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().matches('ordering.confirming')).toBe(true);
    expect(state().context.orderError).toBe(PAYMENT_MESSAGES.orderFailed);
  });

  it('sold out, 取消 and another time: the dialog opens again with the entries and the cause, the agreement to tick', async () => {
    const { actor, state, orders, editor, toCheckout } = start();
    toCheckout();
    orders[0]?.answer.reject(new Error(CEREMONY_MESSAGES.soldOut));
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'order.cancel' });
    expect(state().value).toBe('editing');
    expect(state().context).toMatchObject({ cause: '缘由', agreed: false, orderError: null, refused: false });
    expect(state().context.entries).toHaveLength(1);
    expect(editor()).toBeUndefined();
    actor.send(submit({ time: '13:30-15:00' }, phone, 'key-another1'));
    actor.send({ type: 'notice.confirm' });
    expect(state().matches('ordering.confirming')).toBe(true);
    expect(editor()?.getSnapshot().context.entries).toHaveLength(1);
    expect(state().context).toMatchObject({ cause: '缘由', agreed: false, orderError: null });
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'order.confirm' });
    actor.send({ type: 'reservation.confirm' });
    expect(orders[1]?.input.idempotencyKey).toBe('key-another1');
    expect(orders[1]?.input.order).toMatchObject({
      FS_TIME: '13:30-15:00',
      FS_CAUSE: '缘由',
      WS_FG_JY: '父母张三 生1930-01-01 殁2020-01-01',
    });
  });

  it('a cancel after a refusal keeps them once: the next plain cancel clears them', async () => {
    const { actor, state, orders, editor, toCheckout, toOrderDialog } = start();
    toCheckout();
    orders[0]?.answer.reject(new Error(CEREMONY_MESSAGES.soldOut));
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'order.cancel' });
    toOrderDialog();
    expect(editor()?.getSnapshot().context.entries).toHaveLength(1);
    actor.send({ type: 'order.cancel' });
    expect(state().context).toMatchObject({ entries: [], cause: '', agreed: false });
    toOrderDialog();
    expect(editor()?.getSnapshot().context.entries).toEqual([]);
  });

  it('the QR closed unpaid: back in the order dialog with all kept; confirmed again it asks for the same order', async () => {
    const { actor, state, orders, effects, ordersChanged, checkout, editor, toCheckout } = start(
      modelCeremony,
      false,
    );
    toCheckout();
    orders[0]?.answer.resolve(ceremonyPrePay);
    await vi.advanceTimersByTimeAsync(0);
    expect(checkout()?.getSnapshot().value).toBe('paying');
    checkout()?.getSnapshot().children.payment?.send({ type: 'payment.close' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state().matches('ordering.confirming')).toBe(true);
    expect(state().children.checkout).toBeUndefined();
    expect(state().context).toMatchObject({ cause: '缘由', agreed: true, orderError: null });
    expect(editor()?.getSnapshot().context.entries).toHaveLength(1);
    expect(effects).toEqual(['closedUnpaid: calendar asked again']);
    // The deposit's order left unpaid is kept for its hold: 我的订单 is asked again.
    expect(ordersChanged).toHaveLength(1);
    actor.send({ type: 'order.confirm' });
    expect(state().matches('ordering.reserving')).toBe(true);
    actor.send({ type: 'reservation.confirm' });
    expect(orders.map((o) => o.input.idempotencyKey)).toEqual(['key-00000003', 'key-00000003']);
    expect(orders[1]?.input.order).toEqual(orders[0]?.input.order);
  });

  it('提交 twice (a double click): the notice opens once and stays; the first 提交 goes on', () => {
    const { actor, state, orders } = start();
    actor.send(submit({}, phone, 'key-firstone'));
    actor.send(submit({}, phone, 'key-secondone'));
    expect(state().value).toBe('notice');
    expect(state().context.idempotencyKey).toBe('key-firstone');
    actor.send({ type: 'notice.confirm' });
    expect(state().matches('ordering.confirming')).toBe(true);
    expect(orders).toHaveLength(0);
  });

  it('a blessing ceremony opens the 延生 dialog and sends zzList with the birth dates', () => {
    const blessing: CeremonyTypeDetail = {
      ...modelCeremony,
      FS_TYPE: '2',
      FS_NAME: '延生普佛',
      priceList: [{ FS_TYPE: '2', FS_CONTENT: '延生禄位', MANY: '一堂', PRICE: 3800 }],
    };
    const { actor, orders, toEditor } = start(blessing);
    actor.send(submit({ tabletType: '延生禄位' }));
    actor.send({ type: 'notice.confirm' });
    toEditor(
      { type: 'entry.add' },
      { type: 'entry.change', field: 'y1', value: '王小红' },
      { type: 'entry.change', field: 'birth1', value: '1990-05-01' },
      { type: 'entry.save' },
    );
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'order.confirm' });
    actor.send({ type: 'reservation.confirm' });
    expect(orders[0]?.input.order).toMatchObject({
      FS_TYPE: '2',
      jyList: [],
      ysList: [],
      zzList: [{ ZZ1: '王小红', BIRTH_DAY1: '1990-05-01' }],
      WS_FG_ZZ: '王小红 生1990-05-01',
      WS_FG_JY: '',
    });
  });
});
