import { IDEMPOTENCY_HEADER, ORDER_STATE, PAYMENT_MESSAGES, payApi, prePayAnswer } from '@contract/payment';
import { tabletApi } from '@contract/tablet';
import {
  ORDER_KINDS,
  type OrderExample,
  type OrderKindName,
  orderExamples,
} from '@tests/support/fuzz-payloads';
import { type TestApp, useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { sql } from 'kysely';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

const PREPAY = '/portal/rs/payapi/v1/pay/prePay';

/** The same order with something the believer changed (another place, another name, more years). */
const changed: Record<OrderKindName, (example: OrderExample) => Record<string, unknown>> = {
  assembly: (e) => {
    const order = e(0);
    return order.HOE_TYPE === '往生'
      ? { ...order, jyList: [{ JY1: '父母王五', YS1: '王明' }] }
      : { ...order, zzList: [{ ZZ1: '王大明' }] };
  },
  ceremony: (e) => ({ ...e(0), FS_CAUSE: '超荐先母' }),
  tablet: (e) => ({ ...e(0), zzList: [{ FG_ZZ: '陈小明' }, { FG_ZZ: '' }, { FG_ZZ: '' }] }),
  renewal: (e) => ({ ...e(0), YEARS: 3, customAmount: (Number(e(0).customAmount) / 2) * 3 }),
  merit: (e) => {
    const lamp = e(0) as { meritItemList: Record<string, unknown>[] };
    return { ...lamp, meritItemList: [{ ...lamp.meritItemList[0], WISH: '愿家人平安' }] };
  },
  membership: (e) => ({ ...e(0), NAME: '陈亮' }),
  statue: (e) => ({ ...e(0), GD_NAMES: '陈大居士' }),
};

/** Whether the order still holds anything: a seat, or places counted while it is live. */
const placeRows = async (t: TestApp, no: string) => {
  const { rows } = await sql<{ seats: number; state: number }>`
    select (select count(*)::int from seat_holders h where h.order_id = o.id) as seats, o.state
    from orders o where o.out_trade_no = ${no}`.execute(t.database.db);
  return rows[0];
};

const unpaidOf = async (t: TestApp, phone: string, type: number) => {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from orders o join users u on u.id = o.user_id
    where u.phone = ${phone} and o.type = ${type} and o.state = ${ORDER_STATE.reserved}`.execute(
    t.database.db,
  );
  return rows[0]?.n ?? 0;
};

describe.each(databaseKinds())('an unpaid order is resumed, never duplicated, on %s', (kind) => {
  const t = useTestApp(kind);
  let believers = 0;
  const login = async () => {
    const phone = `1372000${String(believers++).padStart(4, '0')}`;
    return { phone, token: await t.login(phone) };
  };
  /** The believer whose valid examples of every kind these are (the renewal renews their statue). */
  let owner: { phone: string; token: string };
  let examples: Awaited<ReturnType<typeof orderExamples>>;
  beforeAll(async () => {
    owner = await login();
    examples = await orderExamples(t, owner.token, owner.phone);
  }, 60_000);
  const place = async (order: unknown, token: string) => {
    const res = await t.form(PREPAY, order, token);
    expect(res.status, res.body.msg).toBe(200);
    return v.parse(prePayAnswer, res.body).data;
  };

  it.each(ORDER_KINDS)(
    '%s: the same order twice answers one order; a changed one replaces it and frees its place (the same niche or place taken again)',
    async (name) => {
      const { phone, token } = owner;
      const example = examples[name];
      const type = Number(example(0).type);
      const first = await place(example(0), token);
      const again = await place(example(0), token);
      // The same QR: number, amount, what it is for and when it expires.
      expect(again).toEqual(first);
      expect(await unpaidOf(t, phone, type)).toBe(1);

      const other = await place(changed[name](example), token);
      expect(other.out_trade_no).not.toBe(first.out_trade_no);
      expect(await unpaidOf(t, phone, type)).toBe(1);
      expect(await placeRows(t, first.out_trade_no)).toEqual({ seats: 0, state: ORDER_STATE.closed });
      // The replaced order's QR answers closed at once.
      const poll = await t.form(payApi.payResult.path, { out_trade_no: first.out_trade_no }, token);
      expect(poll.body).toMatchObject({ code: 0, msg: String(ORDER_STATE.closed) });
    },
  );

  it('one confirmation’s key with a changed order (edited after its QR closed) makes the changed order', async () => {
    const { phone, token } = await login();
    const headers = { [IDEMPOTENCY_HEADER]: 'key-edited-after-qr' };
    const send = async (order: unknown) => {
      const res = await t.form(PREPAY, order, token, headers);
      expect(res.status, res.body.msg).toBe(200);
      return v.parse(prePayAnswer, res.body).data;
    };
    const first = await send(examples.merit(0));
    expect(await send(examples.merit(0))).toEqual(first);
    const lamp = examples.merit(0) as { meritItemList: Record<string, unknown>[] };
    const edited = await send({ ...lamp, meritItemList: [{ ...lamp.meritItemList[0], WISH: '愿众生安乐' }] });
    expect(edited.out_trade_no).not.toBe(first.out_trade_no);
    expect((await placeRows(t, first.out_trade_no))?.state).toBe(ORDER_STATE.closed);
    expect(await unpaidOf(t, phone, 5)).toBe(1);
  });

  it('one confirmation’s key after its order ran out makes a new order, not the closed one again', async () => {
    const { token } = await login();
    const headers = { [IDEMPOTENCY_HEADER]: 'key-after-the-hold' };
    const send = async () => {
      const res = await t.form(PREPAY, examples.merit(0), token, headers);
      expect(res.status, res.body.msg).toBe(200);
      return v.parse(prePayAnswer, res.body).data;
    };
    const first = await send();
    t.clock.advance(16 * 60);
    const again = await send();
    expect(again.out_trade_no).not.toBe(first.out_trade_no);
    expect(await send()).toEqual(again);
  });

  it('twelve identical orders at once from one believer, on two instances, leave one unpaid order', async () => {
    const { phone, token } = await login();
    const answers = await t.raceOrders(Array(12).fill(token), examples.tablet(3), tabletApi.types.path);
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const numbers = new Set(answers.map((a) => v.parse(prePayAnswer, a.body).data.out_trade_no));
    expect(numbers.size).toBe(1);
    expect(await unpaidOf(t, phone, 3)).toBe(1);
  }, 60_000);

  it('a believer cancels an unpaid order from 我的订单: closed, its seat free at once; not twice, not another’s', async () => {
    const me = await login();
    const stranger = await login();
    const order = await place(examples.statue(4), me.token);
    const cancel = (no: string, token: string) =>
      t.form(payApi.cancelOrder.path, { out_trade_no: no }, token);

    expect(await cancel(order.out_trade_no, stranger.token)).toMatchObject({
      status: 404,
      body: { msg: PAYMENT_MESSAGES.notFound },
    });
    const done = await cancel(order.out_trade_no, me.token);
    expect(done).toMatchObject({
      status: 200,
      body: { code: 0, msg: PAYMENT_MESSAGES.cancelled, data: { orderState: ORDER_STATE.closed } },
    });
    expect(await placeRows(t, order.out_trade_no)).toEqual({ seats: 0, state: ORDER_STATE.closed });
    // The niche is the stranger's to take now.
    const theirs = await place(examples.statue(4), stranger.token);
    expect((await placeRows(t, theirs.out_trade_no))?.seats).toBe(1);
    expect(await cancel(order.out_trade_no, me.token)).toMatchObject({
      status: 409,
      body: { msg: PAYMENT_MESSAGES.notOpen },
    });
  });
});
