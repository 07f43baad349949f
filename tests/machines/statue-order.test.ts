import { PAYMENT_MESSAGES } from '@contract/payment';
import { SEAT_MESSAGES, SEAT_STATUS, type SeatMap } from '@contract/seats';
import { STATUE_MESSAGES } from '@contract/statue';
import type { StatueForm } from '@contract/statue-form';
import { ON_A_COMPUTER } from '@machines/payment.machine';
import { seatSelectionMachine } from '@machines/seat-selection.machine';
import { statueOrderMachine } from '@machines/statue-order.machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromPromise } from 'xstate';
import { deferred } from '../support/deferred';
import { fakeCheckout, type HeldOrder } from '../support/fake-checkout';
import {
  modelMaterial,
  modelStatue,
  modelStatueGroup,
  statuePrePay,
  statueReserved,
} from '../support/statecharts/fixtures/statue-order';

const phone = '13812345678';
const good: StatueForm = {
  material: modelMaterial,
  statue: modelStatue,
  gfType: '2',
  group: modelStatueGroup,
};
const submit = (form: Partial<StatueForm> = {}, mobile: string | null = phone, key = 'key-00000007') => ({
  type: 'order.submit' as const,
  device: ON_A_COMPUTER,
  form: { ...good, ...form },
  mobile,
  key,
});
/** Two seats in a row: 1_1 free, 1_2 free; after a refusal 1_1 is taken. */
const map = (first = SEAT_STATUS.free as number): SeatMap => ({
  ROWS: 1,
  COLS: 2,
  seats: [
    { POSITION: '1_1', ROW: 1, COL: 1, PW_STATUS: first as 5 },
    { POSITION: '1_2', ROW: 1, COL: 2, PW_STATUS: 5 },
  ],
});

/** The statue order with the real seat map child (its loads recorded), fakes for the rest. */
const start = (paid = true) => {
  const orders: HeldOrder[] = [];
  const logins: ReturnType<typeof deferred<string>>[] = [];
  const loads: string[] = [];
  const effects: string[] = [];
  /** Each time what lists the believer's orders is asked again (我的订单). */
  const ordersChanged: string[] = [];
  let seats = map();
  const actor = createActor(
    statueOrderMachine.provide({
      actors: {
        checkout: fakeCheckout(orders, () => paid),
        awaitLogin: fromPromise(() => {
          const answer = deferred<string>();
          logins.push(answer);
          return answer.promise;
        }),
        seatSelection: seatSelectionMachine.provide({
          actors: {
            loadSeats: fromPromise(async ({ input }) => {
              loads.push(input.area);
              return seats;
            }),
          },
        }),
      },
      actions: {
        goToSuccess: (_, { outTradeNo }) => effects.push(`/success?no=${outTradeNo}`),
        ordersChanged: () => void ordersChanged.push('我的订单'),
      },
    }),
    { input: { location: '1', locationName: '大殿内' } },
  ).start();
  const state = () => actor.getSnapshot();
  const map$ = () => state().children.seats as AnyActorRef;
  const checkout = () => state().children.checkout as AnyActorRef | undefined;
  /** Chooses material and group (their map shown) and picks a seat, as the page does. */
  const pickSeat = async (position = '1_1') => {
    actor.send({ type: 'choices.change', material: modelMaterial.ID, group: modelStatueGroup.FX_GROUP });
    await vi.advanceTimersByTimeAsync(0);
    map$().send({ type: 'seat.select', position });
  };
  const takeSeatAway = () => {
    seats = map(SEAT_STATUS.reserved);
  };
  return {
    actor,
    state,
    map$,
    orders,
    logins,
    loads,
    effects,
    ordersChanged,
    pickSeat,
    takeSeatAway,
    checkout,
  };
};

describe('statue order journeys', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('choices and a seat, 功德芳名, 确定: the order carries them; the QR opens 2 s later; paid → /success', async () => {
    const { actor, state, orders, effects, pickSeat, checkout } = start();
    await pickSeat('1_2');
    actor.send(submit());
    expect(state().matches('ordering.confirming')).toBe(true);
    actor.send({ type: 'donor.change', donor: '陈慧' });
    actor.send({ type: 'remark.change', remark: '愿家人平安' });
    actor.send({ type: 'order.confirm' });
    expect(state().matches('ordering.checkingOut')).toBe(true);
    expect(checkout()?.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'order.confirm' });
    expect(orders).toHaveLength(1);
    expect(orders[0]?.input).toEqual({
      idempotencyKey: 'key-00000007',
      order: expect.objectContaining({
        type: 7,
        LOCATION: '1',
        MATERIAL: 1,
        STATUE: 2,
        FX_GROUP: 'A',
        GF_TYPE: '2',
        POSITION: '1_2',
        GFJ_TOTAL: 3000,
        GD_NAMES: '陈慧',
        REMARK: '愿家人平安',
        MOBILE: phone,
        FULL_NAME: '樟木药师佛',
        GF_TYPE_TEXT: '年供',
        FX_ZB: '第1排第2号',
      }),
    });
    orders[0]?.answer.resolve(statuePrePay);
    await vi.advanceTimersByTimeAsync(0);
    expect(checkout()?.getSnapshot().matches('showingQr')).toBe(true);
    await vi.advanceTimersByTimeAsync(1999);
    expect(checkout()?.getSnapshot().matches('showingQr')).toBe(true);
    expect(checkout()?.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(checkout()?.getSnapshot().matches('paying')).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(state().value).toBe('paid');
    expect(effects).toEqual([`/success?no=${statuePrePay.out_trade_no}`]);
  });

  it('material and group pick the map: the seats child is told the area; another forgets the seat, none shows no map', async () => {
    const { actor, state, map$, loads } = start();
    const told = vi.spyOn(map$(), 'send');
    const choices = (material: number | null, group: string | null) =>
      actor.send({ type: 'choices.change', material, group });
    choices(1, null);
    expect(told).toHaveBeenLastCalledWith({ type: 'area.choose', area: null });
    choices(1, 'A');
    expect(told).toHaveBeenLastCalledWith({ type: 'area.choose', area: '1|1|A' });
    await vi.advanceTimersByTimeAsync(0);
    map$().send({ type: 'seat.select', position: '1_2' });
    expect(state().context.position).toBe('1_2');
    // Another statue or term: the same material and group, the same map; the seat stays.
    choices(1, 'A');
    await vi.advanceTimersByTimeAsync(0);
    expect(loads).toEqual(['1|1|A']);
    expect(state().context.position).toBe('1_2');
    // Another group: its map is asked for, and the seat chosen on the old one is forgotten.
    choices(1, 'B');
    expect(told).toHaveBeenLastCalledWith({ type: 'area.choose', area: '1|1|B' });
    expect(state().context.position).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(loads).toEqual(['1|1|A', '1|1|B']);
    map$().send({ type: 'seat.select', position: '1_1' });
    expect(state().context.position).toBe('1_1');
    // Material or group missing: no map, no seat.
    choices(null, 'B');
    expect(told).toHaveBeenLastCalledWith({ type: 'area.choose', area: null });
    expect(map$().getSnapshot().value).toBe('noArea');
    expect(state().context.position).toBeNull();
    expect(loads).toHaveLength(2);
  });

  it('a choice changed clears the message beside 提交; behind the order dialog it is not taken', async () => {
    const { actor, state, map$, loads, pickSeat } = start();
    actor.send(submit({ material: null }));
    expect(state().context.error).toBe(STATUE_MESSAGES.incomplete);
    actor.send({ type: 'choices.change', material: 1, group: null });
    expect(state().context.error).toBeNull();
    await pickSeat();
    actor.send(submit());
    expect(state().matches('ordering.confirming')).toBe(true);
    const told = vi.spyOn(map$(), 'send');
    expect(state().can({ type: 'choices.change', material: 1, group: 'B' })).toBe(false);
    actor.send({ type: 'choices.change', material: 1, group: 'B' });
    await vi.advanceTimersByTimeAsync(0);
    expect(told).not.toHaveBeenCalled();
    expect(loads).toEqual(['1|1|A']);
    expect(state().context.position).toBe('1_1');
  });

  it('anything missing, the seat too: one message, nothing asked of the believer or the server', async () => {
    const { actor, state, orders, logins, pickSeat } = start();
    actor.send(submit({}, null));
    expect(state().context.error).toBe(STATUE_MESSAGES.incomplete);
    await pickSeat();
    for (const missing of [{ material: null }, { statue: null }, { gfType: '' as const }, { group: null }]) {
      actor.send(submit(missing, null));
      expect(state().value).toBe('editing');
      expect(state().context.error).toBe(STATUE_MESSAGES.incomplete);
    }
    actor.send({ type: 'form.edit' });
    expect(state().context.error).toBeNull();
    expect(logins).toHaveLength(0);
    expect(orders).toHaveLength(0);
  });

  it('10000 and above: the 7-day notice first (取消 goes back), then the order; the answer 办理成功 is 预定成功', async () => {
    const { actor, state, orders, loads, ordersChanged, pickSeat } = start();
    await pickSeat();
    actor.send(submit({ gfType: '1' }));
    expect(state().value).toBe('notice');
    actor.send({ type: 'notice.cancel' });
    expect(state().value).toBe('editing');
    actor.send(submit({ gfType: '1' }));
    actor.send({ type: 'notice.confirm' });
    actor.send({ type: 'donor.change', donor: '陈慧' });
    actor.send({ type: 'order.confirm' });
    expect(orders[0]?.input.order).toMatchObject({ GFJ_TOTAL: 12000 });
    orders[0]?.answer.resolve(statueReserved);
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('reserved');
    expect(state().children.checkout).toBeUndefined();
    // The reservation is an order of 我的订单 from now on.
    expect(ordersChanged).toHaveLength(1);
    actor.send({ type: 'reserved.close' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('editing');
    // The map is asked again: the seat now shows as reserved to everyone.
    expect(loads).toHaveLength(2);
  });

  it('logged out: the login first, then the notice or the dialog as the total says', async () => {
    const { actor, state, logins, pickSeat } = start();
    await pickSeat();
    actor.send(submit({ gfType: '1' }, null));
    expect(state().value).toBe('awaitingLogin');
    logins[0]?.resolve('13900001111');
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('notice');
    expect(state().context.mobile).toBe('13900001111');
    actor.send({ type: 'notice.cancel' });
    actor.send(submit({}, null));
    logins[1]?.reject(new Error('dismissed'));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('editing');
  });

  it('the dialog judges 功德芳名 and 备注 beside them; 取消 forgets them', async () => {
    const { actor, state, orders, pickSeat } = start();
    await pickSeat();
    actor.send(submit());
    actor.send({ type: 'order.confirm' });
    expect(state().context.fieldErrors).toEqual({ donor: STATUE_MESSAGES.donorEmpty });
    actor.send({ type: 'donor.change', donor: '陈慧陈慧陈慧陈慧' });
    actor.send({ type: 'remark.change', remark: '愿'.repeat(301) });
    actor.send({ type: 'order.confirm' });
    expect(state().context.fieldErrors).toEqual({
      donor: STATUE_MESSAGES.donor,
      remark: STATUE_MESSAGES.remark,
    });
    actor.send({ type: 'donor.change', donor: 'Chen 慧' });
    actor.send({ type: 'order.confirm' });
    expect(state().context.fieldErrors.donor).toBe(STATUE_MESSAGES.donor);
    expect(orders).toHaveLength(0);
    actor.send({ type: 'order.cancel' });
    expect(state().context).toMatchObject({ donor: '', remark: '', fieldErrors: {} });
  });

  it('the seat taken meanwhile: the server’s words in the dialog, the map asked again, the seat released', async () => {
    const { actor, state, orders, loads, pickSeat, takeSeatAway } = start();
    await pickSeat('1_1');
    actor.send(submit());
    actor.send({ type: 'donor.change', donor: '陈慧' });
    actor.send({ type: 'order.confirm' });
    takeSeatAway();
    orders[0]?.answer.reject(new Error(SEAT_MESSAGES.taken));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().matches('ordering.confirming')).toBe(true);
    expect(state().context.orderError).toBe(SEAT_MESSAGES.taken);
    expect(loads).toHaveLength(2);
    expect(state().context.position).toBeNull();
    expect(state().context.donor).toBe('陈慧');
  });

  it('a refusal without words (the network): 下单失败，请稍后再试 in the dialog, the map asked again', async () => {
    const { actor, state, orders, loads, pickSeat } = start();
    await pickSeat();
    actor.send(submit());
    actor.send({ type: 'donor.change', donor: '陈慧' });
    actor.send({ type: 'order.confirm' });
    orders[0]?.answer.reject(new Error(''));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().matches('ordering.confirming')).toBe(true);
    expect(state().context.orderError).toBe(PAYMENT_MESSAGES.orderFailed);
    expect(loads).toHaveLength(2);
  });

  it('the QR closed unpaid: back in the dialog with 功德芳名 and 备注, the map asked again; nowhere else', async () => {
    const { actor, state, orders, loads, effects, ordersChanged, pickSeat, checkout } = start(false);
    await pickSeat();
    actor.send(submit());
    actor.send({ type: 'donor.change', donor: '陈慧' });
    actor.send({ type: 'remark.change', remark: '阖家平安' });
    actor.send({ type: 'order.confirm' });
    orders[0]?.answer.resolve(statuePrePay);
    await vi.advanceTimersByTimeAsync(2500);
    expect(checkout()?.getSnapshot().matches('paying')).toBe(true);
    checkout()?.getSnapshot().children.payment?.send({ type: 'payment.close' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state().matches('ordering.confirming')).toBe(true);
    expect(state().context).toMatchObject({ donor: '陈慧', remark: '阖家平安', orderError: null });
    expect(state().children.checkout).toBeUndefined();
    expect(loads).toHaveLength(2);
    expect(effects).toEqual([]);
    // The order left unpaid is kept for its hold: 我的订单 is asked again.
    expect(ordersChanged).toHaveLength(1);
    // 取消 then leaves the dialog as ever: back on the page, what was typed gone.
    actor.send({ type: 'order.cancel' });
    expect(state().value).toBe('editing');
    expect(state().context).toMatchObject({ donor: '', remark: '' });
  });

  it('the QR closed unpaid: its seat, held by that order, stays chosen; 确定 again sends the same order with its key', async () => {
    const { actor, state, orders, loads, pickSeat, takeSeatAway, checkout } = start(false);
    await pickSeat('1_1');
    actor.send(submit());
    actor.send({ type: 'donor.change', donor: '陈慧' });
    actor.send({ type: 'order.confirm' });
    orders[0]?.answer.resolve(statuePrePay);
    await vi.advanceTimersByTimeAsync(2500);
    // The unpaid order holds 1_1: the map asked again says it is reserved.
    takeSeatAway();
    checkout()?.getSnapshot().children.payment?.send({ type: 'payment.close' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state().matches('ordering.confirming')).toBe(true);
    expect(loads).toHaveLength(2);
    const seats = (state().children.seats as AnyActorRef).getSnapshot();
    expect(seats.context).toMatchObject({ selected: '1_1', mine: '1_1' });
    expect(seats.context.map.seats[0].PW_STATUS).toBe(SEAT_STATUS.reserved);
    expect(state().context.position).toBe('1_1');
    actor.send({ type: 'order.confirm' });
    expect(orders).toHaveLength(2);
    expect(orders[1]?.input).toEqual(orders[0]?.input);
    expect(orders[1]?.input).toMatchObject({
      idempotencyKey: 'key-00000007',
      order: { POSITION: '1_1', GD_NAMES: '陈慧' },
    });
  });
});
