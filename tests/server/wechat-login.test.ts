import { createVerify } from 'node:crypto';
import { PAYMENT_MESSAGES, payApi, payOnAnswer, prePayAnswer } from '@contract/payment';
import { PHONE_PAYMENT_LIMITS } from '@contract/rate-limits';
import { WECHAT_LOGIN_MESSAGES, wechatLoginApi } from '@contract/wechat-login';
import { createWechatClient } from '@server/gateways/wechat-client';
import { createWechatGateway } from '@server/gateways/wechat-gateway';
import { applyRetention, eraseBeliever } from '@server/retention';
import { oauthOfFake, useFakeWechatOauth } from '@tests/support/fake-wechat-oauth';
import { createPlacesTables, PLACES_KIND_TYPE, placesKind, setCapacity } from '@tests/support/places-kind';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { useFakeWechatPay, wechatConfigFor } from '@tests/support/wechat-test-gateway';
import { addDays } from 'date-fns';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

/** The temple's site as the 网页授权域名 names it. */
const DOMAIN = 'temple.test';

/**
 * Issue 37, scope 3: WeChat's web login (snsapi_base) against a fake OAuth server. The code comes
 * back before the hash, is exchanged once on the server (the AppSecret never reaches the page)
 * for a visit token, and the visit's openid pays by JSAPI; a binding is made only by the logged-in
 * believer, serves later payments, and goes with unbinding and erasure.
 */
describe.each(databaseKinds())('WeChat web login on %s', (kind) => {
  const wechat = useFakeWechatPay(() => t.clock.now());
  const login = useFakeWechatOauth({
    appid: () => wechat.fake.appid,
    domain: DOMAIN,
    now: () => t.clock.now(),
  });
  /** The secret the server is given: a test gives it a wrong one. */
  let secret = '';
  const t = useTestApp(kind, {
    kinds: [placesKind],
    gateway: () => {
      const config = wechatConfigFor(wechat.fake);
      return createWechatGateway(config, createWechatClient(config, { timeoutMs: 300 }));
    },
    wechatOauth: () => {
      secret = login.fake.secret;
      return oauthOfFake(login.fake, () => secret);
    },
  });
  let token = '';
  beforeAll(async () => {
    await createPlacesTables(t.database.db);
    await setCapacity(t.database.db, 'hall', 50);
    token = await t.login('13700023801');
  }, 60_000);

  /** The page in WeChat sent to WeChat for a code: where WeChat sends it back. */
  const authorize = async (redirect = `https://${DOMAIN}/#/member`, state = 'state-1') => {
    const url = new URL(`${login.fake.origin}/connect/oauth2/authorize`);
    url.search = new URLSearchParams({
      appid: login.fake.appid,
      redirect_uri: redirect,
      response_type: 'code',
      scope: 'snsapi_base',
      state,
    }).toString();
    return fetch(url, { redirect: 'manual' });
  };
  const codeOf = async () => {
    const res = await authorize();
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
  };
  const visit = (code: string) => t.call('POST', wechatLoginApi.visit.path, { code });
  const visitToken = async () => {
    const res = await visit(await codeOf());
    expect(res.status, res.body.msg).toBe(200);
    return v.parse(wechatLoginApi.visit.response, res.body).data;
  };
  const desktopOrder = async () => {
    const res = await t.form(
      '/portal/rs/payapi/v1/pay/prePay',
      { type: PLACES_KIND_TYPE, slot: 'hall', yuan: 50 },
      token,
    );
    expect(res.status, res.body.msg).toBe(200);
    return v.parse(prePayAnswer, res.body).data.out_trade_no;
  };
  const payByJsapi = (no: string, visitToken?: string, as = token) =>
    t.form(
      payApi.payOn.path,
      { out_trade_no: no, channel: 'jsapi', ...(visitToken ? { visit: visitToken } : {}) },
      as,
    );

  it('says the AppID, where WeChat’s authorize page is and whether phones pay by H5; never the secret', async () => {
    const res = await t.call('GET', wechatLoginApi.config.path);
    expect(v.parse(wechatLoginApi.config.response, res.body).data).toEqual({
      appid: login.fake.appid,
      authorizeUrl: `${login.fake.origin}/connect/oauth2/authorize`,
      // wechatConfigFor's merchant has H5 (WECHATPAY_H5=on); the demo's sandbox has none.
      h5: true,
    });
    expect(JSON.stringify(res.body)).not.toContain(secret);
  });

  it('brings the code back before the hash, and only to the 网页授权域名', async () => {
    const res = await authorize(`https://${DOMAIN}/#/online/councilRegister/detail?hoeName=x`, 'abc');
    const location = res.headers.get('location') ?? '';
    expect(location).toMatch(
      new RegExp(
        `^https://${DOMAIN}/\\?code=[0-9a-f]+&state=abc#/online/councilRegister/detail\\?hoeName=x$`,
      ),
    );
    const foreign = await authorize('https://elsewhere.test/#/member');
    expect(foreign.status).toBe(200);
    expect(await foreign.json()).toMatchObject({ errcode: 10003 });
  });

  it('exchanges a code once: a replayed, an expired or a made-up code is refused in Chinese', async () => {
    const code = await codeOf();
    const first = await visit(code);
    expect(first.status).toBe(200);
    expect(v.parse(wechatLoginApi.visit.response, first.body).data).toMatchObject({
      visit: expect.stringMatching(/^[\w-]{43}$/),
      bound: false,
    });
    // The openid stays on the server.
    expect(JSON.stringify(first.body)).not.toMatch(/"o[\w-]{27}"/);
    expect(await visit(code)).toMatchObject({ status: 400, body: { msg: WECHAT_LOGIN_MESSAGES.codeSpent } });
    const late = await codeOf();
    t.clock.advance(6 * 60);
    expect(await visit(late)).toMatchObject({ status: 400, body: { msg: WECHAT_LOGIN_MESSAGES.codeSpent } });
    expect(await visit('no-such-code')).toMatchObject({
      status: 400,
      body: { msg: WECHAT_LOGIN_MESSAGES.codeSpent },
    });
    expect(await visit('代码')).toMatchObject({ status: 400, body: { msg: WECHAT_LOGIN_MESSAGES.code } });
    expect(login.fake.exchanges().map((e) => e.errcode)).toEqual([0, 40163, 40029, 40029]);
  });

  it('answers 503 and logs, never the secret, when WeChat refuses the account', async () => {
    const code = await codeOf();
    secret = 'a-wrong-secret';
    try {
      // Raw: t.call takes any 5xx for a fault, and this one is the answer.
      const res = await t.app.request(wechatLoginApi.visit.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ msg: WECHAT_LOGIN_MESSAGES.unavailable });
    } finally {
      secret = login.fake.secret;
    }
    expect(t.logs.some((line) => line.includes('wechat.oauth_failed') && line.includes('40125'))).toBe(true);
    expect(t.logs.some((line) => line.includes(login.fake.secret))).toBe(false);
  });

  it('pays by JSAPI with the visit’s openid: the invoke verifies with the merchant key, the trade is the believer’s', async () => {
    const openid = wechat.fake.newOpenid();
    login.fake.actAs(openid);
    const { visit: tab } = await visitToken();
    const no = await desktopOrder();
    const res = await payByJsapi(no, tab);
    expect(res.status, res.body.msg).toBe(200);
    const { invoke, code_img_url, h5_url } = v.parse(payOnAnswer, res.body).data;
    expect([code_img_url, h5_url]).toEqual(['', '']);
    if (!invoke) throw new Error('no invoke parameters');
    const lines = `${invoke.appId}\n${invoke.timeStamp}\n${invoke.nonceStr}\n${invoke.package}\n`;
    expect(
      createVerify('RSA-SHA256')
        .update(lines)
        .verify(wechat.fake.merchant.publicKeyPem, invoke.paySign, 'base64'),
    ).toBe(true);
    expect(wechat.fake.trade(`${no}T2`)).toMatchObject({ tradeType: 'JSAPI', openid });
    expect(invoke.package).toBe(`prepay_id=${wechat.fake.trade(`${no}T2`)?.prepayId}`);
    // No visit, no binding: nothing to pay by JSAPI with.
    expect(await payByJsapi(await desktopOrder())).toMatchObject({
      status: 409,
      body: { msg: WECHAT_LOGIN_MESSAGES.visitUnknown },
    });
  });

  it('binds only with the logged-in believer’s consent; the binding pays later and goes with unbinding and erasure', async () => {
    const openid = wechat.fake.newOpenid();
    login.fake.actAs(openid);
    const { visit: tab } = await visitToken();
    const binding = async () => (await t.call('GET', wechatLoginApi.binding.path, undefined, token)).body;
    expect((await t.call('POST', wechatLoginApi.bind.path, { visit: tab })).status).toBe(401);
    expect((await t.call('GET', wechatLoginApi.binding.path)).status).toBe(401);
    expect(await binding()).toMatchObject({ data: { bound: false } });
    const bound = await t.call('POST', wechatLoginApi.bind.path, { visit: tab }, token);
    expect(bound).toMatchObject({ status: 200, body: { msg: WECHAT_LOGIN_MESSAGES.bound } });
    expect((await visitToken()).bound).toBe(true);
    expect(await binding()).toMatchObject({ data: { bound: true } });
    // A later visit to 我的订单 pays without a new code.
    const no = await desktopOrder();
    expect((await payByJsapi(no)).status).toBe(200);
    expect(wechat.fake.trade(`${no}T2`)).toMatchObject({ openid });

    expect((await t.call('POST', wechatLoginApi.unbind.path, {}, token)).status).toBe(200);
    expect(await binding()).toMatchObject({ data: { bound: false } });
    expect((await payByJsapi(await desktopOrder())).status).toBe(409);

    // Erasure removes the binding, and retention every visit older than a day.
    // Unbinding forgot the visits of that WeChat too: the tab's visit binds nothing now.
    expect((await t.call('POST', wechatLoginApi.bind.path, { visit: tab }, token)).status).toBe(409);
    const leaving = await t.login('13700023803');
    const again = await visitToken();
    expect((await t.call('POST', wechatLoginApi.bind.path, { visit: again.visit }, leaving)).status).toBe(
      200,
    );
    expect(await t.database.db.selectFrom('wechat_bindings').selectAll().execute()).toHaveLength(1);
    await eraseBeliever(t.database.db, '13700023803');
    expect(await t.database.db.selectFrom('wechat_bindings').selectAll().execute()).toEqual([]);
    expect(
      await t.database.db.selectFrom('wechat_visits').selectAll().where('openid', '=', openid).execute(),
    ).toEqual([]);
    const report = await applyRetention(t.database.db, addDays(t.clock.now(), 2));
    expect(report.wechatVisits).toBeGreaterThan(0);
    expect(await t.database.db.selectFrom('wechat_visits').selectAll().execute()).toEqual([]);
  });

  it('refuses an unknown visit in Chinese and a JSAPI continue of another’s order', async () => {
    const stranger = await t.login('13700023802');
    expect(await t.call('POST', wechatLoginApi.bind.path, { visit: 'A'.repeat(43) }, stranger)).toMatchObject(
      { status: 409, body: { msg: WECHAT_LOGIN_MESSAGES.visitUnknown } },
    );
    expect(await t.call('POST', wechatLoginApi.bind.path, { visit: 'short' }, stranger)).toMatchObject({
      status: 400,
      body: { msg: WECHAT_LOGIN_MESSAGES.visit },
    });
    login.fake.actAs(wechat.fake.newOpenid());
    const { visit: tab } = await visitToken();
    const strangerOrder = await t.form(
      '/portal/rs/payapi/v1/pay/prePay',
      { type: PLACES_KIND_TYPE, slot: 'hall', yuan: 50 },
      stranger,
    );
    const no = v.parse(prePayAnswer, strangerOrder.body).data.out_trade_no;
    expect(await payByJsapi(no, tab, token)).toMatchObject({
      status: 409,
      body: { msg: PAYMENT_MESSAGES.notOpen },
    });
  });

  it('limits the codes exchanged from one address, spent ones too (each asks WeChat)', async () => {
    const window = PHONE_PAYMENT_LIMITS.visitsPerAddress;
    const ms = window.windowSeconds * 1000;
    t.clock.advance((ms - (t.clock.now().getTime() % ms)) / 1000 + 1);
    const from = (address: string, code: string) =>
      t.app.request(
        wechatLoginApi.visit.path,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) },
        { incoming: { socket: { remoteAddress: address } } },
      );
    const statuses = [];
    for (let i = 0; i < window.limit; i += 1)
      statuses.push((await from('198.51.100.77', `spent${i}`)).status);
    expect(statuses.filter((s) => s !== 400)).toEqual([]);
    const over = await from('198.51.100.77', await codeOf());
    expect(over.status).toBe(429);
    const wait = Number(over.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(((await over.json()) as { msg: string }).msg).toBe(WECHAT_LOGIN_MESSAGES.tooManyVisits(wait));
    // Another address is not affected; the next window lets this one in again.
    expect((await from('198.51.100.78', await codeOf())).status).toBe(200);
    t.clock.advance(window.windowSeconds);
    expect((await from('198.51.100.77', await codeOf())).status).toBe(200);
  }, 60_000);
});
