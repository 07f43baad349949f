import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDEMPOTENCY_HEADER, PAYMENT_MESSAGES, payApi, prePayAnswer } from '@contract/payment';
import { createWechatClient } from '@server/gateways/wechat-client';
import { createWechatGateway, wechatTime } from '@server/gateways/wechat-gateway';
import { runTestPayment } from '@server/test-payment';
import {
  createPlacesTables,
  PLACES_KIND_TYPE,
  placesKind,
  releasesOf,
  setCapacity,
} from '@tests/support/places-kind';
import { type AppInstance, useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { serveOverHttp, useFakeWechatPay, wechatConfigFor } from '@tests/support/wechat-test-gateway';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * Issue 23: WeChat Pay v3 Native against a protocol-faithful fake (tests/support/fake-wechatpay):
 * the QR made at WeChat with the hold's end, payment by notification (once, however often it comes),
 * forgeries refused with nothing changed, a lost notification found by the query, an ended hold
 * closed at WeChat before its place is released, and money owed back refunded once.
 */
const PREPAY = '/portal/rs/payapi/v1/pay/prePay';

describe.each(databaseKinds())('WeChat Pay v3 on %s', (kind) => {
  const wechat = useFakeWechatPay(() => t.clock.now());
  const t = useTestApp(kind, {
    kinds: [placesKind],
    // A hanging WeChat fails a call after 300 ms here (5 s in production).
    gateway: () => {
      const config = wechatConfigFor(wechat.fake);
      return createWechatGateway(config, createWechatClient(config, { timeoutMs: 300 }));
    },
  });
  let http: Awaited<ReturnType<typeof serveOverHttp>>;
  let token = '';

  beforeAll(async () => {
    await createPlacesTables(t.database.db);
    await setCapacity(t.database.db, 'hall', 50);
    await setCapacity(t.database.db, 'one', 1);
    token = await t.login('13700023501');
    http = await serveOverHttp([t]);
    wechat.fake.setNotifyUrl(`${http.origin}/pay/notify/wechat`);
  }, 60_000);
  afterAll(() => http?.close());

  /** prePay as the page sends it; a 503 (WeChat away) is an answer here, so the raw response is read. */
  const order = async (slot = 'hall', yuan = 50, key?: string) => {
    const res = await t.app.request(PREPAY, {
      method: 'POST',
      headers: {
        authorization: token,
        'content-type': 'application/x-www-form-urlencoded',
        ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}),
      },
      body: new URLSearchParams({
        jsonObject: JSON.stringify({ type: PLACES_KIND_TYPE, slot, yuan }),
      }).toString(),
    });
    expect(res.status).not.toBe(500);
    return { status: res.status, body: (await res.json()) as { msg: string; data?: unknown } };
  };
  const placed = async (slot = 'hall', yuan = 50) => {
    const res = await order(slot, yuan);
    expect(res.status, res.body.msg).toBe(200);
    return v.parse(prePayAnswer, res.body).data;
  };
  const stored = (no: string) =>
    t.database.db
      .selectFrom('orders')
      .select(['id', 'state', 'paid_at', 'hold_until'])
      .select((eb) =>
        eb
          .selectFrom('payment_attempts')
          .select('code_url')
          .whereRef('payment_attempts.order_id', '=', 'orders.id')
          .limit(1)
          .as('code_url'),
      )
      .where('out_trade_no', '=', no)
      .executeTakeFirstOrThrow();
  const paymentsOf = async (no: string) =>
    t.database.db
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .select([
        'payments.id',
        'payments.amount_fen',
        'payments.refund_due',
        'payments.flag',
        'payments.out_refund_no',
        'payments.refund_status',
      ])
      .where('orders.out_trade_no', '=', no)
      .execute();
  const poll = async (no: string) => {
    const res = await t.app.request(payApi.payResult.path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ out_trade_no: no }),
    });
    return ((await res.json()) as { msg: string }).msg;
  };

  it('makes the QR at WeChat, expiring with the hold, signed and verified both ways', async () => {
    const first = await order('hall', 50, 'key-first');
    const answer = v.parse(prePayAnswer, first.body).data;
    expect(answer.code_img_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const trade = wechat.fake.trade(answer.out_trade_no);
    const row = await stored(answer.out_trade_no);
    expect(trade).toMatchObject({ state: 'NOTPAY', amountFen: 5000, timeExpire: wechatTime(row.hold_until) });
    expect(trade?.timeExpire).toMatch(/\+08:00$/);
    expect(row.code_url).toBe(answer.code_img_url);
    // The same confirmation again answers the stored QR: no second Native order (it would void the first).
    const requests = wechat.fake.requests().length;
    expect((await order('hall', 50, 'key-first')).body).toMatchObject({
      data: { code_img_url: answer.code_img_url },
    });
    expect(wechat.fake.requests()).toHaveLength(requests);
    expect(wechat.fake.requests().every((r) => r.verified)).toBe(true);
  });

  it('keeps the order when WeChat does not answer, and makes the QR when asked again', async () => {
    const faults = [
      'http500',
      'http429',
      'hang',
      'badSignature',
      'tamperedBody',
      'staleTimestamp',
      'wrongSerial',
      'missingHeaders',
    ] as const;
    for (const [i, fault] of faults.entries()) {
      wechat.fake.inject('native', fault, 1);
      // Each its own request (another amount): the same one would resume the order whose QR exists.
      const key = `key-${fault}`;
      const failed = await order('hall', 51 + i, key);
      expect([failed.status, failed.body.msg], fault).toEqual([503, PAYMENT_MESSAGES.gatewayUnavailable]);
      const again = await order('hall', 51 + i, key);
      expect(again.status, fault).toBe(200);
      expect(v.parse(prePayAnswer, again.body).data.code_img_url).toMatch(/^weixin:/);
    }
    expect(t.logs.some((line) => line.includes('gateway.open_failed'))).toBe(true);
  });

  it('is paid by a notification, once however often WeChat sends it', async () => {
    const { out_trade_no: no } = await placed();
    await wechat.fake.pay(no);
    await wechat.fake.settled();
    expect(await poll(no)).toBe('1');
    expect(await paymentsOf(no)).toHaveLength(1);
    const attempts = wechat.fake.deliveries().filter((d) => d.subject === no);
    expect(attempts.map((d) => d.status)).toEqual([204]);

    expect(await wechat.fake.deliver(no, 'duplicate')).toEqual([204, 204]);
    expect(await wechat.fake.deliver(no, 'genuine')).toEqual([204]);
    expect(await paymentsOf(no)).toHaveLength(1);
    const messages = await t.database.db
      .selectFrom('notifications')
      .select('kind')
      .where('subject', '=', `order:${(await stored(no)).id}`)
      .execute();
    expect(messages).toEqual([{ kind: 'payment_confirmed' }]);
  });

  it('refuses probes, forgeries, stale and tampered notifications, and changes nothing', async () => {
    const { out_trade_no: no } = await placed();
    await wechat.fake.pay(no, { notify: false });
    for (const mode of [
      'probe',
      'staleTimestamp',
      'unknownSerial',
      'tamperedCiphertext',
      'tamperedBody',
      'wrongMchid',
    ] as const) {
      const statuses = await wechat.fake.deliver(no, mode);
      expect(statuses, mode).toEqual([401]);
    }
    expect(await paymentsOf(no)).toEqual([]);
    expect((await stored(no)).state).toBe(0);
    expect(await wechat.fake.deliver(no, 'genuine')).toEqual([204]);
    expect((await stored(no)).state).toBe(1);
  });

  it('takes notifications signed with the platform certificate too (a merchant migrating)', async () => {
    const { out_trade_no: no } = await placed();
    wechat.fake.signWith('platform');
    try {
      await wechat.fake.pay(no);
      await wechat.fake.settled();
    } finally {
      wechat.fake.signWith('publicKey');
    }
    expect((await stored(no)).state).toBe(1);
  });

  it('finds a payment whose notification was lost, by asking WeChat after a minute', async () => {
    const { out_trade_no: no } = await placed();
    await wechat.fake.pay(no, { notify: false });
    // Younger than a minute: not asked yet.
    expect(await t.services.reconciliation.queryOpen()).toBe(0);
    expect((await stored(no)).state).toBe(0);
    t.clock.advance(61);
    expect(await t.services.reconciliation.queryOpen()).toBeGreaterThanOrEqual(1);
    expect((await stored(no)).state).toBe(1);
    // Asked once a minute at most: a second sweep at once asks nothing.
    const before = wechat.fake.requests().length;
    await t.services.reconciliation.queryOpen();
    expect(wechat.fake.requests()).toHaveLength(before);
  });

  it('records money in another currency than yuan for the temple, by notification or query, and never pays the order', async () => {
    const notified = (await placed()).out_trade_no;
    await wechat.fake.pay(notified, { currency: 'USD' });
    await wechat.fake.settled();
    const queried = (await placed()).out_trade_no;
    await wechat.fake.pay(queried, { currency: 'HKD', notify: false });
    t.clock.advance(61);
    await t.services.reconciliation.queryOpen();
    for (const no of [notified, queried]) {
      expect(await poll(no), no).toBe('0');
      expect((await stored(no)).state, no).toBe(0);
      expect(await paymentsOf(no), no).toEqual([
        expect.objectContaining({ amount_fen: 5000, refund_due: true, flag: 'currency_mismatch' }),
      ]);
    }
    expect(t.logs.filter((line) => line.includes('payment.currency-mismatch'))).toHaveLength(2);
  });

  it('closes an ended hold’s QR at WeChat before its place is released', async () => {
    const { out_trade_no: no } = await placed('one');
    const { id } = await stored(no);
    t.clock.advance(16 * 60);
    // Every ended QR of this suite is closed in one sweep: each close fails in the first.
    const ended = await t.database.db
      .selectFrom('orders')
      .innerJoin('payment_attempts', 'payment_attempts.order_id', 'orders.id')
      .select('orders.id')
      .where('orders.state', '=', 0)
      .where('payment_attempts.code_url', 'is not', null)
      .where('orders.hold_until', '<=', t.clock.now())
      .execute();
    wechat.fake.inject('close', 'http500', ended.length);
    await t.services.sweeper.run();
    // WeChat could not be asked: the order stays as it was (its hold ended, its QR expired at WeChat).
    expect((await stored(no)).state).toBe(0);
    expect(await releasesOf(t.database.db, id)).toBe(0);
    await t.services.sweeper.run();
    expect(wechat.fake.trade(no)?.state).toBe('CLOSED');
    expect((await stored(no)).state).toBe(5);
    expect(await releasesOf(t.database.db, id)).toBe(1);
  });

  it('settles money that beat the close (ORDERPAID) instead of releasing the place', async () => {
    const { out_trade_no: no } = await placed('hall');
    await wechat.fake.pay(no, { notify: false });
    t.clock.advance(16 * 60);
    await t.services.sweeper.run();
    expect((await stored(no)).state).toBe(1);
    expect(await paymentsOf(no)).toMatchObject([{ refund_due: false }]);
  });

  it('a believer cancelling closes the QR at WeChat first; money that beat the cancel is settled, never released', async () => {
    const cancel = async (no: string) => {
      const res = await t.app.request(payApi.cancelOrder.path, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ out_trade_no: no }),
      });
      expect(res.status).not.toBe(500);
      return { status: res.status, msg: ((await res.json()) as { msg: string }).msg };
    };
    // WeChat away: the cancellation waits (the QR might still be paid), the order stays open.
    const { out_trade_no: away } = await placed('hall');
    wechat.fake.inject('close', 'http500');
    expect(await cancel(away)).toEqual({ status: 503, msg: PAYMENT_MESSAGES.gatewayUnavailable });
    expect((await stored(away)).state).toBe(0);
    // Closed at WeChat, then cancelled here: the code can no longer be paid.
    expect((await cancel(away)).status).toBe(200);
    expect(wechat.fake.trade(away)?.state).toBe('CLOSED');
    expect((await stored(away)).state).toBe(5);
    // Paid at WeChat a moment before (its notification not arrived): settled, not cancelled.
    const { out_trade_no: paid } = await placed('hall');
    await wechat.fake.pay(paid, { notify: false });
    expect(await cancel(paid)).toEqual({ status: 409, msg: PAYMENT_MESSAGES.notOpen });
    expect((await stored(paid)).state).toBe(1);
    expect(await paymentsOf(paid)).toMatchObject([{ refund_due: false }]);
  });

  it('refunds money owed back once, however often staff ask, and follows the refund notification', async () => {
    // Paid at the last moment, the QR's close found it paid after another believer took the place:
    // the money is owed back (place_gone).
    await setCapacity(t.database.db, 'solo', 1);
    const { out_trade_no: no } = await placed('solo', 60);
    await wechat.fake.pay(no, { notify: false });
    t.clock.advance(16 * 60);
    const rival = await t.login('13700023502');
    const taken = await t.form(PREPAY, { type: PLACES_KIND_TYPE, slot: 'solo', yuan: 60 }, rival);
    expect(taken.status, taken.body.msg).toBe(200);
    await t.services.sweeper.run();
    expect(await paymentsOf(no)).toMatchObject([{ refund_due: true, flag: 'place_gone', amount_fen: 6000 }]);

    const asks = await Promise.allSettled([
      t.services.reconciliation.refund(no),
      t.services.reconciliation.refund(no),
      t.services.reconciliation.refund(no),
    ]);
    expect(asks.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    expect(
      asks.filter((a) => a.status === 'rejected').map((a) => (a as PromiseRejectedResult).reason.message),
    ).toEqual([PAYMENT_MESSAGES.refundUnderWay, PAYMENT_MESSAGES.refundUnderWay]);
    const [payment] = await paymentsOf(no);
    expect(payment).toMatchObject({ refund_status: 'processing' });
    expect(wechat.fake.refunds().filter((r) => r.outTradeNo === no)).toEqual([
      expect.objectContaining({
        outRefundNo: payment?.out_refund_no,
        refundFen: 6000,
        totalFen: 6000,
        status: 'PROCESSING',
      }),
    ]);
    await wechat.fake.completeRefund(payment?.out_refund_no ?? '', 'SUCCESS');
    await wechat.fake.settled();
    expect(await paymentsOf(no)).toMatchObject([{ refund_status: 'success' }]);
    await expect(t.services.reconciliation.refund(no)).rejects.toThrow(PAYMENT_MESSAGES.refunded);
    // An order with nothing owed back is refused with its own words.
    const { out_trade_no: paid } = await placed();
    await wechat.fake.pay(paid);
    await wechat.fake.settled();
    await expect(t.services.reconciliation.refund(paid)).rejects.toThrow(PAYMENT_MESSAGES.nothingToRefund);
  });
});

describe('the one-fen test payment (npm run staff -- test-payment)', () => {
  const wechat = useFakeWechatPay(() => new Date());
  const t = useTestApp('pglite', { gateway: () => createWechatGateway(wechatConfigFor(wechat.fake)) });
  const dir = mkdtempSync(join(tmpdir(), 'temple-test-payment-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes a 0.01 yuan QR, waits for the payment, refunds it, and the site settles nothing', async () => {
    const http = await serveOverHttp([t]);
    wechat.fake.setNotifyUrl(`${http.origin}/pay/notify/wechat`);
    const lines: string[] = [];
    const gateway = createWechatGateway(wechatConfigFor(wechat.fake));
    const run = runTestPayment(gateway, 'https://temple.test', (line) => lines.push(line), {
      dir,
      askEveryMs: 20,
    });
    await vi.waitFor(() => expect(lines).toHaveLength(2));
    const [no = ''] = /TEST\d{14}/.exec(lines[1] ?? '') ?? [];
    // The QR in the terminal, in block characters.
    expect(lines[0]).toMatch(/[▀▄█]/);
    expect(wechat.fake.trade(no)).toMatchObject({ amountFen: 1, state: 'NOTPAY' });
    expect(readFileSync(join(dir, `${no}.svg`), 'utf8')).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    // Paid: the notification reaches the site, which acknowledges it and stores nothing.
    await wechat.fake.pay(no);
    expect(await run).toBe(true);
    expect(
      wechat.fake
        .deliveries()
        .filter((d) => d.subject === no)
        .map((d) => d.status),
    ).toEqual([204]);
    expect(await t.database.db.selectFrom('payments').select('id').execute()).toEqual([]);
    expect(wechat.fake.refunds()).toEqual([expect.objectContaining({ outRefundNo: `${no}R`, refundFen: 1 })]);
    expect(lines.at(-1)).toContain('微信支付接入正常');
    await http.close();
  });
});

describe('WeChat Pay notifications racing on two instances, on PostgreSQL', () => {
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  const wechat = useFakeWechatPay(() => t.clock.now());
  const t = useTestApp('postgres', {
    kinds: [placesKind],
    gateway: () => createWechatGateway(wechatConfigFor(wechat.fake)),
  });
  let other: AppInstance;
  let http: Awaited<ReturnType<typeof serveOverHttp>>;
  const COUNT = 12;

  beforeAll(async () => {
    await createPlacesTables(t.database.db);
    await setCapacity(t.database.db, 'hall', COUNT);
    other = await t.secondInstance();
    http = await serveOverHttp([t, other]);
    wechat.fake.setNotifyUrl(`${http.origin}/pay/notify/wechat`);
    // Warm both pools, so the race is between the deliveries and not the connection set-up.
    await Promise.all(
      Array.from({ length: 10 }, async () => (await fetch(`${http.origin}/healthz`)).arrayBuffer()),
    );
  }, 60_000);
  afterAll(() => http?.close());

  it('pays each order once when every notification reaches both instances at the same time', async () => {
    const token = await t.login('13700023601');
    const nos: string[] = [];
    for (let i = 0; i < COUNT; i += 1) {
      const res = await t.form(PREPAY, { type: PLACES_KIND_TYPE, slot: 'hall', yuan: 40 }, token);
      nos.push(v.parse(prePayAnswer, res.body).data.out_trade_no);
    }
    await Promise.all(nos.map((no) => wechat.fake.pay(no, { notify: false })));
    const statuses = await Promise.all(nos.map((no) => wechat.fake.deliver(no, 'duplicate')));
    expect(statuses.flat().every((s) => s === 204)).toBe(true);
    const payments = await t.database.db
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .select(['orders.out_trade_no', 'payments.refund_due'])
      .where('orders.out_trade_no', 'in', nos)
      .execute();
    expect(payments).toHaveLength(COUNT);
    expect(payments.every((p) => !p.refund_due)).toBe(true);
    const confirmations = await t.database.db
      .selectFrom('notifications')
      .select('subject')
      .where('kind', '=', 'payment_confirmed')
      .execute();
    expect(confirmations).toHaveLength(COUNT);
  });
});
