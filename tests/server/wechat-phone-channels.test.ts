import { createVerify } from 'node:crypto';
import { PAYMENT_MESSAGES, payApi, payOnAnswer, prePayAnswer } from '@contract/payment';
import { GatewayUnavailable } from '@server/gateways/payment';
import { createWechatClient } from '@server/gateways/wechat-client';
import { createWechatGateway } from '@server/gateways/wechat-gateway';
import { H5_URL_SECONDS } from '@server/services/reconciliation';
import { createPlacesTables, PLACES_KIND_TYPE, placesKind, setCapacity } from '@tests/support/places-kind';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { serveOverHttp, useFakeWechatPay, wechatConfigFor } from '@tests/support/wechat-test-gateway';
import { addMinutes } from 'date-fns';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The header these tests give the believer's address in (app.request has no socket). */
const PHONE_ADDRESS = 'x-test-phone-address';

/**
 * Issue 37, scopes 1, 2, 4 and 7: paying on the phone through the fake WeChat Pay. JSAPI orders
 * carry the believer's openid under the temple's AppID, H5 orders the believer's real address;
 * the invoke parameters are signed on the server and verify with the merchant's public key; a
 * trade number is bound to its type, so an order continued on another channel is a new attempt
 * under a number of its own, made only once the previous one is closed at WeChat.
 */
describe.each(databaseKinds())('paying on the phone through WeChat Pay on %s', (kind) => {
  const wechat = useFakeWechatPay(() => t.clock.now());
  const t = useTestApp(kind, {
    kinds: [placesKind],
    // The believer's phone as the trusted proxy in front would name it.
    clientIpOf: (c) => c.req.header(PHONE_ADDRESS) ?? 'unknown',
    gateway: () => {
      const config = wechatConfigFor(wechat.fake);
      return createWechatGateway(config, createWechatClient(config, { timeoutMs: 300 }));
    },
  });
  let http: Awaited<ReturnType<typeof serveOverHttp>>;
  let token = '';
  const gateway = () => createWechatGateway(wechatConfigFor(wechat.fake));

  beforeAll(async () => {
    await createPlacesTables(t.database.db);
    await setCapacity(t.database.db, 'hall', 50);
    token = await t.login('13700023701');
    http = await serveOverHttp([t]);
    wechat.fake.setNotifyUrl(`${http.origin}/pay/notify/wechat`);
  }, 60_000);
  afterAll(() => http?.close());

  /** A new unpaid order made on a desktop: its first attempt is its Native QR, under its own number. */
  const desktopOrder = async () => {
    const res = await t.form(
      '/portal/rs/payapi/v1/pay/prePay',
      { type: PLACES_KIND_TYPE, slot: 'hall', yuan: 50 },
      token,
    );
    expect(res.status, res.body.msg).toBe(200);
    const { out_trade_no: no } = v.parse(prePayAnswer, res.body).data;
    const order = await t.database.db
      .selectFrom('orders')
      .select(['id', 'out_trade_no', 'amount_fen', 'description', 'hold_until'])
      .where('out_trade_no', '=', no)
      .executeTakeFirstOrThrow();
    return order;
  };
  const attemptsOf = (orderId: number) =>
    t.database.db
      .selectFrom('payment_attempts')
      .select(['out_trade_no', 'channel', 'openid', 'client_ip', 'closed_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  /** One end for every trade here: a re-order with another time_expire is a changed field. */
  const expiresAt = addMinutes(new Date(), 60);
  const trade = (no: string, yuan = 50) => ({
    outTradeNo: no,
    amountFen: yuan * 100,
    description: '电话支付测试',
    expiresAt,
  });
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GatewayUnavailable);
    return (error as GatewayUnavailable).gatewayCode;
  };

  it('signs JSAPI’s invoke parameters on the server so that they verify with the merchant’s public key', async () => {
    const openid = wechat.fake.newOpenid();
    const opened = await gateway().open(trade('PHONE0000000001'), { channel: 'jsapi', openid }, http.origin);
    expect(opened.channel).toBe('jsapi');
    if (opened.channel !== 'jsapi') return;
    expect(wechat.fake.trade('PHONE0000000001')).toMatchObject({
      tradeType: 'JSAPI',
      openid,
      state: 'NOTPAY',
    });
    const invoke = gateway().invoke(opened.prepayId);
    expect(invoke).toMatchObject({
      appId: wechat.fake.appid,
      package: `prepay_id=${opened.prepayId}`,
      signType: 'RSA',
    });
    // Seconds, as a string: milliseconds are the commonest 支付验证签名失败.
    expect(invoke.timeStamp).toMatch(/^\d{10}$/);
    expect(Math.abs(Number(invoke.timeStamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(invoke.nonceStr).toMatch(/^[0-9A-Za-z]{32}$/);
    const lines = `${invoke.appId}\n${invoke.timeStamp}\n${invoke.nonceStr}\n${invoke.package}\n`;
    const verifies = (message: string) =>
      createVerify('RSA-SHA256')
        .update(message)
        .verify(wechat.fake.merchant.publicKeyPem, invoke.paySign, 'base64');
    expect(verifies(lines)).toBe(true);
    // Four lines, each ended: without the last line feed it does not verify.
    expect(verifies(lines.slice(0, -1))).toBe(false);
  });

  it('refuses what WeChat refuses: a foreign openid, a loopback address, a number re-ordered on another type', async () => {
    expect(
      await refusal(
        gateway().open(
          trade('PHONE0000000002'),
          { channel: 'jsapi', openid: 'oForeignAppOpenid000000000000' },
          http.origin,
        ),
      ),
    ).toBe('PARAM_ERROR');
    expect(
      await refusal(
        gateway().open(trade('PHONE0000000003'), { channel: 'h5', clientIp: '127.0.0.1' }, http.origin),
      ),
    ).toBe('PARAM_ERROR');
    await gateway().open(trade('PHONE0000000004'), { channel: 'native' }, http.origin);
    const openid = wechat.fake.newOpenid();
    expect(
      await refusal(gateway().open(trade('PHONE0000000004'), { channel: 'jsapi', openid }, http.origin)),
    ).toBe('OUT_TRADE_NO_USED');
    // The same JSAPI order asked again unchanged is the same prepay id; with another amount it is refused.
    const first = await gateway().open(trade('PHONE0000000005'), { channel: 'jsapi', openid }, http.origin);
    expect(await gateway().open(trade('PHONE0000000005'), { channel: 'jsapi', openid }, http.origin)).toEqual(
      first,
    );
    expect(
      await refusal(gateway().open(trade('PHONE0000000005', 60), { channel: 'jsapi', openid }, http.origin)),
    ).toBe('OUT_TRADE_NO_USED');
  });

  it('continues a desktop QR on the phone by JSAPI: the QR closed at WeChat first, a second trade number, one payment', async () => {
    const order = await desktopOrder();
    const openid = wechat.fake.newOpenid();
    const offered = await t.services.reconciliation.offer(order, { channel: 'jsapi', openid });
    expect(offered).toMatchObject({ paid: false, trade: { channel: 'jsapi' } });
    expect(wechat.fake.trade(order.out_trade_no)?.state).toBe('CLOSED');
    const second = `${order.out_trade_no}T2`;
    expect(wechat.fake.trade(second)).toMatchObject({ tradeType: 'JSAPI', openid, state: 'NOTPAY' });
    expect(await attemptsOf(order.id)).toMatchObject([
      { out_trade_no: order.out_trade_no, channel: 'native', closed_at: expect.any(Date) },
      { out_trade_no: second, channel: 'jsapi', openid, closed_at: null },
    ]);
    // Asked again (a reload of the phone's page), the same attempt and prepay id: nothing new at WeChat.
    const requests = wechat.fake.requests().length;
    expect(await t.services.reconciliation.offer(order, { channel: 'jsapi', openid })).toEqual(offered);
    expect(wechat.fake.requests()).toHaveLength(requests);

    await wechat.fake.pay(second);
    const paid = await t.database.db
      .selectFrom('payments')
      .select(['out_trade_no', 'refund_due'])
      .where('order_id', '=', order.id)
      .execute();
    expect(paid).toEqual([{ out_trade_no: second, refund_due: false }]);
    const state = await t.database.db
      .selectFrom('orders')
      .select('state')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(state.state).toBe(1);
  });

  it('finds the money when the QR was paid before the phone asked: settled from the close, no second trade', async () => {
    const order = await desktopOrder();
    await wechat.fake.pay(order.out_trade_no, { notify: false });
    const offered = await t.services.reconciliation.offer(order, { channel: 'h5', clientIp: '203.0.113.7' });
    expect(offered).toEqual({ paid: true });
    expect(wechat.fake.trade(`${order.out_trade_no}T2`)).toBeUndefined();
    const payments = await t.database.db
      .selectFrom('payments')
      .select(['out_trade_no', 'refund_due'])
      .where('order_id', '=', order.id)
      .execute();
    expect(payments).toEqual([{ out_trade_no: order.out_trade_no, refund_due: false }]);
  });

  it('leaves one trade open when the same order is offered on three channels at once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const order = await desktopOrder();
      const offers = await Promise.allSettled([
        t.services.reconciliation.offer(order, { channel: 'jsapi', openid: wechat.fake.newOpenid() }),
        t.services.reconciliation.offer(order, { channel: 'h5', clientIp: '203.0.113.30' }),
        t.services.reconciliation.offer(order, { channel: 'native' }),
      ]);
      // One is served; a rival closed in the meantime answers 409, never a dead trade.
      expect(offers.some((o) => o.status === 'fulfilled')).toBe(true);
      for (const o of offers) if (o.status === 'rejected') expect(o.reason).toMatchObject({ status: 409 });
      const attempts = await attemptsOf(order.id);
      const open = attempts.filter((a) => a.closed_at === null).map((a) => a.out_trade_no);
      const payable = attempts
        .filter((a) => wechat.fake.trade(a.out_trade_no)?.state === 'NOTPAY')
        .map((a) => a.out_trade_no);
      expect(payable, `round ${round}`).toEqual(open);
      expect(open.length).toBeLessThanOrEqual(1);
    }
  });

  it('gives H5’s cashier address for five minutes, then asks WeChat again with the same parameters', async () => {
    const order = await desktopOrder();
    const payer = { channel: 'h5', clientIp: '203.0.113.8' } as const;
    const first = await t.services.reconciliation.offer(order, payer);
    expect(first).toMatchObject({
      paid: false,
      trade: { channel: 'h5', h5Url: expect.stringContaining('/cashier?') },
    });
    expect(wechat.fake.trade(`${order.out_trade_no}T2`)).toMatchObject({
      tradeType: 'MWEB',
      clientIp: '203.0.113.8',
    });
    t.clock.advance(H5_URL_SECONDS - 10);
    expect(await t.services.reconciliation.offer(order, payer)).toEqual(first);
    t.clock.advance(20);
    const again = await t.services.reconciliation.offer(order, payer);
    expect(again).toMatchObject({ paid: false, trade: { channel: 'h5' } });
    expect(again).not.toEqual(first);
    // The same trade (WeChat re-issues the address for the same parameters), not a third one.
    expect((await attemptsOf(order.id)).map((a) => a.out_trade_no)).toEqual([
      order.out_trade_no,
      `${order.out_trade_no}T2`,
    ]);
    // From another address it is another payer: the H5 trade is closed and a third one made.
    await t.services.reconciliation.offer(order, { channel: 'h5', clientIp: '198.51.100.9' });
    expect(wechat.fake.trade(`${order.out_trade_no}T2`)?.state).toBe('CLOSED');
    expect(wechat.fake.trade(`${order.out_trade_no}T3`)).toMatchObject({
      tradeType: 'MWEB',
      clientIp: '198.51.100.9',
    });
  });

  /** 我的订单 · 继续支付 as the page sends it, from the phone at `address`. */
  const payOn = (no: string, channel: string, as = token, address: string | undefined = '203.0.113.20') =>
    t.form(payApi.payOn.path, { out_trade_no: no, channel }, as, address ? { [PHONE_ADDRESS]: address } : {});

  it('continues 我的订单’s unpaid order on the device in hand: H5 on the phone, then the QR again on a desktop', async () => {
    const order = await desktopOrder();
    const h5 = await payOn(order.out_trade_no, 'h5');
    expect(h5.status, h5.body.msg).toBe(200);
    const onPhone = v.parse(payOnAnswer, h5.body).data;
    expect(onPhone).toMatchObject({
      paid: false,
      code_img_url: '',
      h5_url: expect.stringContaining('/cashier?'),
    });
    expect(wechat.fake.trade(`${order.out_trade_no}T2`)).toMatchObject({
      tradeType: 'MWEB',
      clientIp: '203.0.113.20',
    });
    expect(wechat.fake.trade(order.out_trade_no)?.state).toBe('CLOSED');
    const qr = await payOn(order.out_trade_no, 'native');
    const onDesktop = v.parse(payOnAnswer, qr.body).data;
    expect(onDesktop).toMatchObject({
      paid: false,
      code_img_url: expect.stringMatching(/^weixin:/),
      h5_url: '',
    });
    expect(wechat.fake.trade(`${order.out_trade_no}T2`)?.state).toBe('CLOSED');
    expect(wechat.fake.trade(`${order.out_trade_no}T3`)).toMatchObject({
      tradeType: 'NATIVE',
      state: 'NOTPAY',
    });
    // 我的订单 shows the QR that is open now.
    await wechat.fake.pay(`${order.out_trade_no}T3`);
    expect((await payOn(order.out_trade_no, 'native')).status).toBe(409);
  });

  it('refuses, in the believer’s words, what cannot be continued', async () => {
    const order = await desktopOrder();
    const stranger = await t.login('13700023702');
    expect(await payOn(order.out_trade_no, 'native', stranger)).toMatchObject({
      status: 409,
      body: { msg: PAYMENT_MESSAGES.notOpen },
    });
    expect(await payOn(order.out_trade_no, 'alipay')).toMatchObject({
      status: 400,
      body: { msg: PAYMENT_MESSAGES.unknownChannel },
    });
    // No address, or one that is a proxy's own (loopback, private): WeChat would refuse it.
    for (const address of ['', '127.0.0.1', '10.1.2.3', '192.168.1.20', '::1', 'fd00::1'])
      expect(await payOn(order.out_trade_no, 'h5', token, address), address).toMatchObject({
        status: 400,
        body: { msg: PAYMENT_MESSAGES.noAddress },
      });
    expect((await payOn('WF00000000000000000000', 'native')).status).toBe(409);
    t.clock.advance(16 * 60);
    expect(await payOn(order.out_trade_no, 'native')).toMatchObject({
      status: 409,
      body: { msg: PAYMENT_MESSAGES.notOpen },
    });
    // Nothing was asked at WeChat for any of them.
    expect(wechat.fake.trade(`${order.out_trade_no}T2`)).toBeUndefined();
  });
});
