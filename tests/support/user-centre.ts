import { type MeritItem, meritApi } from '@contract/merit';
import { createSandboxGateway } from '@server/gateways/sandbox-gateway';
import * as v from 'valibot';
import { expect } from 'vitest';
import { TEST_SECRET, type TestApp } from './test-app';

/** Pays an order through the sandbox's signed notification, as the gateway would. */
export const payOrder = async (t: TestApp, outTradeNo: string) => {
  const row = await t.database.db
    .selectFrom('orders')
    .select('amount_fen')
    .where('out_trade_no', '=', outTradeNo)
    .executeTakeFirstOrThrow();
  const { body, signature } = createSandboxGateway(TEST_SECRET).signedNotification(
    outTradeNo,
    row.amount_fen,
    t.clock.now(),
  );
  const res = await t.app.request('/pay/notify/sandbox', {
    method: 'POST',
    body,
    headers: { 'x-sandbox-signature': signature },
  });
  expect(res.status).toBe(200);
};

/** A one-lamp merit order (price model 1) of the seed. */
export const lampOrder = async (t: TestApp, mobile: string) => {
  const list = v.parse(meritApi.list.response, (await t.call('GET', meritApi.list.path)).body);
  const lamp = list.data.find((i) => i.PRICE_MODEL === '1') as MeritItem;
  return {
    type: 5,
    meritItemList: [
      { GD_TYPE: lamp.GD_TYPE, GD_NAME: lamp.GD_NAME, QUANTITY: 1, GDJ: lamp.GD_PRICE, WISH: '' },
    ],
    GD_FM: '陈居士',
    PRICE_MODEL: '1',
    CHANNEL: 'pc',
    MOBILE: mobile,
  };
};

/** Places an order and answers its trade number. */
export const placeOrder = async (t: TestApp, order: unknown, token: string) => {
  const res = await t.form('/portal/rs/payapi/v1/pay/prePay', order, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { out_trade_no: string; code_img_url: string }).out_trade_no;
};

/** Logs a registered believer in again (a token lasts 30 days; tests that move years need a new one). */
export const relogin = async (t: TestApp, phone: string) => {
  t.clock.advance(61);
  await t.call('POST', '/api/register/verify', { phone, type: 'login' });
  const code = /\d{6}/.exec(t.outbox.forPhone(phone)[0]?.text ?? '')?.[0];
  const res = await t.call('POST', '/api/login/mobile', { account: phone, captcha: code, loginType: 'PC' });
  return (res.body.data as { token: string }).token;
};
