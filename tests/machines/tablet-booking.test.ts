import { PAYMENT_MESSAGES } from '@contract/payment';
import { SEAT_MESSAGES, type SeatMap } from '@contract/seats';
import { TABLET_MESSAGES } from '@contract/tablet';
import type { TabletForm } from '@contract/tablet-form';
import { ON_A_COMPUTER } from '@machines/payment.machine';
import { seatSelectionMachine } from '@machines/seat-selection.machine';
import { tabletBookingMachine } from '@machines/tablet-booking.machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromPromise } from 'xstate';
import { deferred } from '../support/deferred';
import { fakeCheckout, type HeldOrder } from '../support/fake-checkout';
import { modelSeatMap, modelSeatMapTaken } from '../support/statecharts/fixtures/seat-selection';
import {
  modelOnlineGroup,
  modelReservedGroup,
  modelTabletFloor,
  TABLET_PRICES,
  tabletPrePay,
  tabletReserved,
} from '../support/statecharts/fixtures/tablet-booking';

const phone = '13812345678';
const online: TabletForm = {
  category: '1',
  floor: modelTabletFloor,
  group: modelOnlineGroup,
  price: TABLET_PRICES.online,
};
const reservedForm: TabletForm = { ...online, group: modelReservedGroup, price: TABLET_PRICES.reserved };
const submit = (form: Partial<TabletForm> = {}, mobile: string | null = phone, key = 'key-tablet-01') => ({
  type: 'order.submit' as const,
  device: ON_A_COMPUTER,
  form: { ...online, ...form },
  mobile,
  key,
});

/** The booking with fakes recording every effect; the seat map child is the real machine. */
const start = (paid = true) => {
  const orders: HeldOrder[] = [];
  const logins: { notice: string; answer: ReturnType<typeof deferred<string>> }[] = [];
  const loads: { area: string; answer: ReturnType<typeof deferred<SeatMap>> }[] = [];
  const effects: string[] = [];
  /** Each time what lists the believer's orders is asked again (我的订单). */
  const ordersChanged: string[] = [];
  const actor = createActor(
    tabletBookingMachine.provide({
      actors: {
        checkout: fakeCheckout(orders, () => paid),
        awaitLogin: fromPromise(({ input }) => {
          const answer = deferred<string>();
          logins.push({ notice: input.notice, answer });
          return answer.promise;
        }),
        seatSelection: seatSelectionMachine.provide({
          actors: {
            loadSeats: fromPromise(({ input }) => {
              const answer = deferred<SeatMap>();
              loads.push({ area: input.area, answer });
              return answer.promise;
            }),
          },
        }),
      },
      actions: {
        goToSuccess: (_, { outTradeNo }) => effects.push(`/success?no=${outTradeNo}`),
        ordersChanged: () => void ordersChanged.push('我的订单'),
      },
    }),
    { input: { pwType: '2' } },
  ).start();
  const state = () => actor.getSnapshot();
  const seats = () => state().children.seats as AnyActorRef;
  const checkout = () => state().children.checkout as AnyActorRef | undefined;
  const settle = () => vi.advanceTimersByTimeAsync(0);
  /** Chooses a location and, on its map, a place (the believer's gestures on the page). */
  const choosePlace = async (position = '1_1') => {
    actor.send({
      type: 'choices.change',
      floor: modelTabletFloor.PW_LOCATION,
      group: modelOnlineGroup.PW_GROUP,
    });
    loads.at(-1)?.answer.resolve(modelSeatMap);
    await settle();
    seats().send({ type: 'seat.select', position });
  };
  /** From the page to the order dialog, logged in, at ¥2,800 (no notice). */
  const toOrderDialog = async (form: Partial<TabletForm> = {}) => {
    await choosePlace();
    actor.send(submit(form));
  };
  return {
    actor,
    state,
    seats,
    checkout,
    orders,
    logins,
    loads,
    effects,
    ordersChanged,
    settle,
    choosePlace,
    toOrderDialog,
  };
};

describe('tablet booking journeys', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a missing category, location or place says 请选择类别和位置 and asks nothing', async () => {
    const { actor, state, orders, logins, choosePlace } = start();
    actor.send(submit({}, null));
    expect(state().value).toBe('editing');
    expect(state().context.error).toBe(TABLET_MESSAGES.chooseAll);
    actor.send({ type: 'form.edit' });
    expect(state().context.error).toBeNull();
    await choosePlace();
    expect(state().context.position).toBe('1_1');
    for (const missing of [{ category: '' as const }, { group: null }, { floor: null, group: null }]) {
      actor.send(submit(missing, null));
      expect(state().value).toBe('editing');
      expect(state().context.error).toBe(TABLET_MESSAGES.chooseAll);
    }
    expect(logins).toHaveLength(0);
    expect(orders).toHaveLength(0);
  });

  it('floor and group pick the map: the seats child is told the area; another forgets the place, none shows no map', async () => {
    const { actor, state, seats, loads, settle } = start();
    const told = vi.spyOn(seats(), 'send');
    const choices = (floor: number | null, group: string | null) =>
      actor.send({ type: 'choices.change', floor, group });
    // 一层 alone: its groups, no map yet.
    choices(1, null);
    expect(told).toHaveBeenLastCalledWith({ type: 'area.choose', area: null });
    choices(1, 'N');
    expect(told).toHaveBeenLastCalledWith({ type: 'area.choose', area: '1|2|N' });
    loads.at(-1)?.answer.resolve(modelSeatMap);
    await settle();
    seats().send({ type: 'seat.select', position: '1_1' });
    expect(state().context.position).toBe('1_1');
    // Another category: the same floor and group, the same map; the place stays.
    choices(1, 'N');
    expect(loads.map((l) => l.area)).toEqual(['1|2|N']);
    expect(state().context.position).toBe('1_1');
    // Another group: its map is asked for, and the place chosen on the old one is forgotten.
    choices(1, 'E');
    expect(told).toHaveBeenLastCalledWith({ type: 'area.choose', area: '1|2|E' });
    expect(state().context.position).toBeNull();
    expect(loads.map((l) => l.area)).toEqual(['1|2|N', '1|2|E']);
    loads.at(-1)?.answer.resolve(modelSeatMap);
    await settle();
    seats().send({ type: 'seat.select', position: '1_1' });
    expect(state().context.position).toBe('1_1');
    // Another floor: no group chosen on it yet, so no map and no place.
    choices(2, null);
    expect(told).toHaveBeenLastCalledWith({ type: 'area.choose', area: null });
    expect(seats().getSnapshot().value).toBe('noArea');
    expect(state().context.position).toBeNull();
    expect(loads).toHaveLength(2);
  });

  it('a choice changed clears 请选择类别和位置; behind the order dialog it is not taken', async () => {
    const { actor, state, seats, loads, toOrderDialog } = start();
    actor.send(submit({ group: null }));
    expect(state().context.error).toBe(TABLET_MESSAGES.chooseAll);
    actor.send({ type: 'choices.change', floor: 1, group: null });
    expect(state().context.error).toBeNull();
    await toOrderDialog();
    expect(state().matches('ordering.confirming')).toBe(true);
    const told = vi.spyOn(seats(), 'send');
    expect(state().can({ type: 'choices.change', floor: 1, group: 'E' })).toBe(false);
    actor.send({ type: 'choices.change', floor: 1, group: 'E' });
    expect(told).not.toHaveBeenCalled();
    expect(loads.map((l) => l.area)).toEqual(['1|2|N']);
    expect(state().context.position).toBe('1_1');
  });

  it('logged out: the login dialog (请先登录) first, then the order dialog; the order carries the new phone', async () => {
    const { actor, state, logins, orders, choosePlace, settle } = start();
    await choosePlace();
    actor.send(submit({}, null));
    expect(state().value).toBe('awaitingLogin');
    expect(logins.map((l) => l.notice)).toEqual([TABLET_MESSAGES.loginFirst]);
    logins[0]?.answer.resolve(phone);
    await settle();
    expect(state().matches('ordering.confirming')).toBe(true);
    actor.send({ type: 'name.change', index: 0, value: '陈大明' });
    actor.send({ type: 'order.confirm' });
    expect(orders[0]?.input.order).toMatchObject({
      MOBILE: phone,
      POSITION: '1_1',
      zzList: [{ FG_ZZ: '陈大明' }],
    });
  });

  it('a dismissed login goes back to the page with the choices as they were', async () => {
    const { actor, state, logins, orders, choosePlace, settle } = start();
    await choosePlace();
    actor.send(submit({}, null));
    logins[0]?.answer.reject(new Error('login dismissed'));
    await settle();
    expect(state().value).toBe('editing');
    expect(state().context.position).toBe('1_1');
    expect(orders).toHaveLength(0);
  });

  it('10000 and above: the notice first; 取消 goes back to the page and sends nothing', async () => {
    const { actor, state, orders, toOrderDialog } = start();
    await toOrderDialog(reservedForm);
    expect(state().value).toBe('notice');
    actor.send({ type: 'notice.cancel' });
    expect(state().value).toBe('editing');
    expect(orders).toHaveLength(0);
  });

  it('the dialog judges the names beside their fields; 取消 clears them', async () => {
    const { actor, state, orders, toOrderDialog } = start();
    await toOrderDialog({ category: '2' });
    actor.send({ type: 'order.confirm' });
    expect(state().context.fieldErrors).toEqual({
      name0: TABLET_MESSAGES.nameRequired,
      ys0: TABLET_MESSAGES.descendantRequired,
    });
    actor.send({ type: 'name.change', index: 1, value: '陈2' });
    actor.send({ type: 'descendant.change', index: 0, value: '陈大明' });
    expect(state().context.fieldErrors).toEqual({ name0: TABLET_MESSAGES.nameRequired });
    actor.send({ type: 'order.confirm' });
    expect(state().context.fieldErrors).toEqual({ name1: TABLET_MESSAGES.nameChars });
    expect(orders).toHaveLength(0);
    actor.send({ type: 'order.cancel' });
    expect(state().value).toBe('editing');
    expect(state().context.names).toEqual(['', '', '']);
    expect(state().context.descendants.every((n) => n === '')).toBe(true);
    expect(state().context.fieldErrors).toEqual({});
  });

  it('a longevity tablet takes no 阳上 names', async () => {
    const { actor, state, toOrderDialog } = start();
    await toOrderDialog();
    actor.send({ type: 'descendant.change', index: 0, value: '陈大明' });
    expect(state().context.descendants[0]).toBe('');
  });

  it('a reservation: notice, order, 预定须知; 取消 goes back to the order dialog with the names kept', async () => {
    const { actor, state, orders, toOrderDialog } = start();
    await toOrderDialog(reservedForm);
    actor.send({ type: 'notice.confirm' });
    actor.send({ type: 'name.change', index: 0, value: '陈大明' });
    actor.send({ type: 'order.confirm' });
    expect(state().matches('ordering.reserving')).toBe(true);
    actor.send({ type: 'reservation.cancel' });
    expect(state().matches('ordering.confirming')).toBe(true);
    expect(state().context.names[0]).toBe('陈大明');
    expect(orders).toHaveLength(0);
  });

  it('办理成功 (no QR): 预定成功, then back to the page with the names cleared and the map asked again', async () => {
    const { actor, state, checkout, orders, loads, ordersChanged, settle, toOrderDialog } = start();
    await toOrderDialog(reservedForm);
    actor.send({ type: 'notice.confirm' });
    actor.send({ type: 'name.change', index: 0, value: '陈大明' });
    actor.send({ type: 'order.confirm' });
    actor.send({ type: 'reservation.confirm' });
    expect(state().matches('ordering.checkingOut')).toBe(true);
    expect(checkout()?.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'reservation.confirm' });
    expect(orders).toHaveLength(1);
    expect(orders[0]?.input).toEqual({
      idempotencyKey: 'key-tablet-01',
      order: expect.objectContaining({
        GFJ_TOTAL: 12000,
        PW_PRICE: 12000,
        PW_GROUP: 'E',
        location: '一层/东',
      }),
    });
    orders[0]?.answer.resolve(tabletReserved);
    await settle();
    expect(state().value).toBe('reserved');
    expect(state().children.checkout).toBeUndefined();
    // The reservation is an order of 我的订单 from now on.
    expect(ordersChanged).toHaveLength(1);
    const before = loads.length;
    actor.send({ type: 'reserved.close' });
    expect(state().value).toBe('editing');
    expect(state().context.names).toEqual(['', '', '']);
    expect(loads).toHaveLength(before + 1);
  });

  it('a refusal (该位置已被选择) stays in the dialog and refreshes the map, which drops the taken place', async () => {
    const { actor, state, orders, loads, settle, toOrderDialog } = start();
    await toOrderDialog();
    actor.send({ type: 'name.change', index: 0, value: '陈大明' });
    actor.send({ type: 'order.confirm' });
    const before = loads.length;
    orders[0]?.answer.reject(new Error(SEAT_MESSAGES.taken));
    await settle();
    expect(state().matches('ordering.confirming')).toBe(true);
    expect(state().context.orderError).toBe(SEAT_MESSAGES.taken);
    expect(state().context.names[0]).toBe('陈大明');
    expect(loads).toHaveLength(before + 1);
    loads.at(-1)?.answer.resolve(modelSeatMapTaken);
    await settle();
    expect(state().context.position).toBeNull();
    // A change of a name clears the refusal.
    actor.send({ type: 'name.change', index: 0, value: '陈大' });
    expect(state().context.orderError).toBeNull();
  });

  it('a refusal without the server’s words says 下单失败，请稍后再试', async () => {
    const { actor, state, orders, settle, toOrderDialog } = start();
    await toOrderDialog();
    actor.send({ type: 'name.change', index: 0, value: '陈大明' });
    actor.send({ type: 'order.confirm' });
    orders[0]?.answer.reject(new Error(''));
    await settle();
    expect(state().matches('ordering.confirming')).toBe(true);
    expect(state().context.orderError).toBe(PAYMENT_MESSAGES.orderFailed);
  });

  it('a QR answer opens the payment; paid goes to /success', async () => {
    const { actor, state, checkout, orders, effects, settle, toOrderDialog } = start();
    await toOrderDialog();
    actor.send({ type: 'name.change', index: 0, value: '陈大明' });
    actor.send({ type: 'order.confirm' });
    expect(state().matches('ordering.checkingOut')).toBe(true);
    orders[0]?.answer.resolve(tabletPrePay);
    await settle();
    expect(checkout()?.getSnapshot().value).toBe('paying');
    await vi.advanceTimersByTimeAsync(1000);
    expect(state().value).toBe('paid');
    expect(effects).toEqual([`/success?no=${tabletPrePay.out_trade_no}`]);
  });

  it('an unpaid QR closed comes back to the order dialog with the names typed, asks the map again and goes nowhere', async () => {
    const { actor, state, checkout, orders, loads, effects, ordersChanged, settle, toOrderDialog } =
      start(false);
    await toOrderDialog();
    actor.send({ type: 'name.change', index: 0, value: '陈大明' });
    actor.send({ type: 'name.change', index: 1, value: '陈小明' });
    actor.send({ type: 'order.confirm' });
    orders[0]?.answer.resolve(tabletPrePay);
    await settle();
    expect(checkout()?.getSnapshot().value).toBe('paying');
    const before = loads.length;
    checkout()?.getSnapshot().children.payment?.send({ type: 'payment.close' });
    await settle();
    expect(state().matches('ordering.confirming')).toBe(true);
    expect(state().children.checkout).toBeUndefined();
    expect(state().context).toMatchObject({ names: ['陈大明', '陈小明', ''], orderError: null });
    expect(loads).toHaveLength(before + 1);
    expect(orders).toHaveLength(1);
    expect(effects).toEqual([]);
    // The order left unpaid is kept for its hold: 我的订单 is asked again.
    expect(ordersChanged).toHaveLength(1);
    // 取消 then leaves the dialog as ever: back on the page, the names gone.
    actor.send({ type: 'order.cancel' });
    expect(state().value).toBe('editing');
    expect(state().context.names).toEqual(['', '', '']);
  });

  it('an unpaid QR closed keeps its place chosen though the map says reserved; 确定 again sends the same booking with its key', async () => {
    const { actor, state, seats, checkout, orders, loads, settle, toOrderDialog } = start(false);
    await toOrderDialog();
    actor.send({ type: 'name.change', index: 0, value: '陈大明' });
    actor.send({ type: 'order.confirm' });
    orders[0]?.answer.resolve(tabletPrePay);
    await settle();
    checkout()?.getSnapshot().children.payment?.send({ type: 'payment.close' });
    await settle();
    expect(seats().getSnapshot().context.mine).toBe('1_1');
    // The unpaid booking holds 1_1: the map asked again says it is reserved.
    loads.at(-1)?.answer.resolve(modelSeatMapTaken);
    await settle();
    expect(seats().getSnapshot().context).toMatchObject({ selected: '1_1', mine: '1_1' });
    expect(state().context.position).toBe('1_1');
    actor.send({ type: 'order.confirm' });
    expect(orders).toHaveLength(2);
    expect(orders[1]?.input).toEqual(orders[0]?.input);
    expect(orders[1]?.input).toMatchObject({ idempotencyKey: 'key-tablet-01', order: { POSITION: '1_1' } });
  });
});
