import { type MeritItem, meritApi } from '@contract/merit';
import { IDEMPOTENCY_HEADER, PAYMENT_MESSAGES, prePayAnswer, RESERVED_MESSAGE } from '@contract/payment';
import { createSandboxGateway } from '@server/gateways/sandbox-gateway';
import {
  createPlacesTables,
  PLACES_KIND_TYPE,
  placesKind,
  releasesOf,
  SOLD_OUT,
  setCapacity,
} from '@tests/support/places-kind';
import { TEST_SECRET, useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

const PREPAY = meritApi.order.path;

describe.each(databaseKinds())('order core on %s', (kind) => {
  const t = useTestApp(kind, { kinds: [placesKind] });
  const sandbox = createSandboxGateway(TEST_SECRET);
  let token = '';
  let lamp: MeritItem;

  beforeAll(async () => {
    await createPlacesTables(t.database.db);
    token = await t.login('13700003333');
    const list = v.parse(
      meritApi.list.response,
      (await t.call('GET', `${meritApi.list.path}?channel=1`)).body,
    );
    lamp = list.data.find((i) => i.PRICE_MODEL === '1') as MeritItem;
  });

  const slotOrder = (slot: string, extra: Record<string, unknown> = {}) => ({
    type: PLACES_KIND_TYPE,
    slot,
    yuan: 100,
    ...extra,
  });
  const place = (payload: unknown, headers: Record<string, string> = {}) =>
    t.form(PREPAY, payload, token, headers);
  const placed = async (payload: unknown, headers: Record<string, string> = {}) => {
    const res = await place(payload, headers);
    expect(res.status, res.body.msg).toBe(200);
    return { ...v.parse(prePayAnswer, res.body), answer: res.body };
  };
  const stored = (no: string) =>
    t.database.db.selectFrom('orders').selectAll().where('out_trade_no', '=', no).executeTakeFirstOrThrow();
  const paymentsOf = async (no: string) =>
    t.database.db
      .selectFrom('payments')
      .select(['refund_due', 'flag', 'amount_fen'])
      .where('order_id', '=', (await stored(no)).id)
      .orderBy('id')
      .execute();
  const releases = (orderId: number) => releasesOf(t.database.db, orderId);
  const deliver = (no: string, amountFen: number) => {
    const { body, signature } = sandbox.signedNotification(no, amountFen, t.clock.now());
    return t.app.request('/pay/notify/sandbox', {
      method: 'POST',
      body,
      headers: { 'x-sandbox-signature': signature },
    });
  };
  const lampOrder = () => ({
    type: 5,
    meritItemList: [
      { GD_TYPE: lamp.GD_TYPE, GD_NAME: lamp.GD_NAME, QUANTITY: 1, GDJ: lamp.GD_PRICE, WISH: '' },
    ],
    GD_FM: '陈居士',
    PRICE_MODEL: '1',
    CHANNEL: 'pc',
    MOBILE: '13700003333',
  });

  it('refuses a place that is gone, in Chinese, and holds nothing for the refused order', async () => {
    await setCapacity(t.database.db, 'full', 1);
    await placed(slotOrder('full'));
    const refused = await place(slotOrder('full'));
    expect(refused).toMatchObject({ status: 409, body: { msg: SOLD_OUT } });
  });

  it('late money for a place that is gone leaves the order closed and the payment refund_due (sweeper not run)', async () => {
    await setCapacity(t.database.db, 'late', 1);
    const first = (await placed(slotOrder('late'))).data.out_trade_no;
    t.clock.advance(16 * 60);
    // The first hold ran out (not swept yet), so a second believer could take the place.
    const second = (await placed(slotOrder('late'))).data.out_trade_no;
    expect((await stored(first)).state).toBe(0);

    const answer = await deliver(first, 10_000);
    expect(answer.status).toBe(200);
    expect((await answer.json()).message).toBe('refund-due');
    const order = await stored(first);
    expect(order.state).toBe(5);
    expect(order.paid_at).toBeNull();
    expect(await paymentsOf(first)).toEqual([{ refund_due: true, flag: 'place_gone', amount_fen: 10_000 }]);
    expect(await releases(order.id)).toBe(1);
    expect((await stored(second)).state).toBe(0);
    expect(t.logs.some((line) => line.includes('payment.refund-due'))).toBe(true);
  });

  it('late money after the sweeper closed the order, for a place sold since, stays owed back', async () => {
    await setCapacity(t.database.db, 'swept', 1);
    const first = (await placed(slotOrder('swept'))).data.out_trade_no;
    t.clock.advance(16 * 60);
    await t.sweep();
    expect((await stored(first)).state).toBe(5);
    const second = (await placed(slotOrder('swept'))).data.out_trade_no;
    expect((await deliver(first, 10_000)).status).toBe(200);
    expect((await stored(first)).state).toBe(5);
    expect(await paymentsOf(first)).toEqual([{ refund_due: true, flag: 'place_gone', amount_fen: 10_000 }]);
    expect(await releases((await stored(first)).id)).toBe(1);
    expect((await stored(second)).state).toBe(0);
  });

  it('late money for a place still free pays the order and takes the place again', async () => {
    await setCapacity(t.database.db, 'free', 1);
    const no = (await placed(slotOrder('free'))).data.out_trade_no;
    t.clock.advance(16 * 60);
    expect((await deliver(no, 10_000)).status).toBe(200);
    expect((await stored(no)).state).toBe(1);
    expect(await paymentsOf(no)).toEqual([{ refund_due: false, flag: null, amount_fen: 10_000 }]);
    // Paid, it holds the place again: nobody else can take it.
    expect((await place(slotOrder('free'))).status).toBe(409);
  });

  it('late money for a merit offering (no place to lose) pays it, sweeper not run', async () => {
    const no = (await placed(lampOrder())).data.out_trade_no;
    t.clock.advance(16 * 60);
    expect((await deliver(no, (await stored(no)).amount_fen)).status).toBe(200);
    expect((await stored(no)).state).toBe(1);
    expect((await paymentsOf(no))[0]).toMatchObject({ refund_due: false, flag: null });
  });

  it('accepts the merit line in the spec’s shape (GD_TYPE and GD_NAME, no GD_ID)', async () => {
    const { data } = await placed(lampOrder());
    expect(data.description).toBe(`功德供养·${lamp.GD_NAME}`);
    expect(data.amount).toBe(lamp.GD_PRICE);
  });

  it('records a signed notification whose amount differs, flags it and leaves the order unpaid', async () => {
    await setCapacity(t.database.db, 'mismatch', 5);
    const no = (await placed(slotOrder('mismatch'))).data.out_trade_no;
    const res = await deliver(no, 1);
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe('amount-mismatch');
    expect((await stored(no)).state).toBe(0);
    expect(await paymentsOf(no)).toEqual([{ refund_due: true, flag: 'amount_mismatch', amount_fen: 1 }]);
    expect(t.logs.some((line) => line.includes('payment.amount-mismatch') && line.includes(no))).toBe(true);
  });

  it('a reservation-only order is answered 办理成功 without a QR, held 7 days, then closed and released', async () => {
    await setCapacity(t.database.db, 'reserve', 1);
    const { answer, data } = await placed(slotOrder('reserve', { reserve: true, yuan: 12_000 }));
    expect(answer.msg).toBe(RESERVED_MESSAGE);
    expect(data.code_img_url).toBe('');
    expect(new Date(data.expire_time).getTime() - t.clock.now().getTime()).toBe(7 * 24 * 3600 * 1000);
    const order = await stored(data.out_trade_no);
    expect(order).toMatchObject({ state: 0, reservation: true });
    expect((await place(slotOrder('reserve'))).status).toBe(409);

    t.clock.advance(6 * 24 * 3600);
    await t.sweep();
    expect((await stored(data.out_trade_no)).state).toBe(0);
    t.clock.advance(24 * 3600 + 1);
    await t.sweep();
    expect((await stored(data.out_trade_no)).state).toBe(5);
    expect(await releases(order.id)).toBe(1);
    expect((await place(slotOrder('reserve'))).status).toBe(200);
  });

  it('temple staff mark a reservation paid; an online order or a closed one cannot be', async () => {
    await setCapacity(t.database.db, 'staff', 3);
    const reserved = (await placed(slotOrder('staff', { reserve: true }))).data.out_trade_no;
    await t.services.orders.staff(reserved, { type: 'staff.markedPaid' });
    expect((await stored(reserved)).state).toBe(1);
    const online = (await placed(slotOrder('staff'))).data.out_trade_no;
    await expect(t.services.orders.staff(online, { type: 'staff.markedPaid' })).rejects.toThrow(
      PAYMENT_MESSAGES.notOpen,
    );
    await t.services.orders.staff(online, { type: 'order.cancelled' });
    const cancelled = await stored(online);
    expect(cancelled.state).toBe(5);
    expect(await releases(cancelled.id)).toBe(1);
  });

  it('the same idempotency key twice, or ten times at once, gives one order with the same QR', async () => {
    await setCapacity(t.database.db, 'idem', 50);
    const key = { [IDEMPOTENCY_HEADER]: 'confirm-0001-abcdef' };
    const first = await placed(slotOrder('idem'), key);
    const again = await placed(slotOrder('idem'), key);
    expect(again.data).toEqual(first.data);
    const raced = await Promise.all(
      Array.from({ length: 10 }, () =>
        placed(slotOrder('idem'), { [IDEMPOTENCY_HEADER]: 'confirm-0002-abcdef' }),
      ),
    );
    expect(new Set(raced.map((r) => r.data.out_trade_no)).size).toBe(1);
    expect(new Set(raced.map((r) => r.data.code_img_url)).size).toBe(1);
    const rows = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('idempotency_key', 'in', ['confirm-0001-abcdef', 'confirm-0002-abcdef'])
      .execute();
    expect(rows).toHaveLength(2);
    const badKey = await place(slotOrder('idem'), { [IDEMPOTENCY_HEADER]: 'x' });
    expect(badKey).toMatchObject({ status: 400, body: { msg: '请求编号格式不正确' } });
  });

  it('two sweepers racing (two app instances) release each expired order exactly once', async () => {
    await setCapacity(t.database.db, 'sweep', 100);
    const numbers = await Promise.all(
      Array.from({ length: 24 }, async () => (await placed(slotOrder('sweep'))).data.out_trade_no),
    );
    t.clock.advance(16 * 60);
    const other = await t.secondInstance();
    const closed = await Promise.all([
      t.sweep(),
      other.services.orders.closeExpired(),
      t.sweep(),
      other.services.orders.closeExpired(),
    ]);
    expect(closed.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(24);
    for (const no of numbers) {
      const order = await stored(no);
      expect(order.state).toBe(5);
      expect(await releases(order.id)).toBe(1);
    }
  });

  it('never sells more places than there are: 12 believers race for 3 across two instances', async () => {
    await setCapacity(t.database.db, 'race', 3);
    const tokens = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.login(`1370000${String(4000 + i).padStart(4, '0')}`)),
    );
    const answers = await t.raceOrders(tokens, slotOrder('race'), '/healthz');
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
  });

  it('gives distinct trade numbers to a burst of concurrent creations', async () => {
    // Forty offerings under forty names (one name's unpaid offering sent again is resumed).
    const donor = (i: number) => `陈${'甲乙丙丁戊己庚辛壬癸'[i % 10]}${'子丑寅卯'[Math.floor(i / 10)]}`;
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => placed({ ...lampOrder(), GD_FM: donor(i) })),
    );
    const numbers = burst.map((b) => b.data.out_trade_no);
    expect(new Set(numbers).size).toBe(40);
    for (const no of numbers) {
      // The second it was made, then the order's own id: distinct by construction, not by luck.
      const { id } = await stored(no);
      expect(no).toMatch(/^WF\d{20}$/);
      expect(no.slice(-6)).toBe(String(id % 1_000_000).padStart(6, '0'));
    }
  });

  it('builds the QR’s URL from the configured origin, never from the Host header', async () => {
    const res = await t.app.request(PREPAY, {
      method: 'POST',
      headers: {
        authorization: token,
        host: 'evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ jsonObject: JSON.stringify(lampOrder()) }).toString(),
    });
    const { data } = v.parse(prePayAnswer, await res.json());
    expect(data.code_img_url).toBe(`http://temple.test/pay/sandbox/${data.out_trade_no}`);
  });
});
