import { ORDER_STATE, payApi } from '@contract/payment';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { lampOrder, placeOrder } from '@tests/support/user-centre';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

const PHONE = '13700082101';
/** The demo's phone on the temple's LAN, as the socket names it. */
const LAN_PHONE = 'x-test-phone';
const payOnAnswer = v.object({
  data: v.object({ paid: v.boolean(), code_img_url: v.string(), h5_url: v.string() }),
});

/**
 * Issue 37, demo mode: the sandbox gateway plays WeChat's H5 cashier, so `npm start` lets anyone
 * pay on a phone browser: a LAN address will do (WeChat would refuse it), the cashier page pays
 * the order's own trade (T2 when a desktop QR came first; the closed QR's page no longer pays)
 * and goes back to the site's 我的订单, paid or cancelled; never to another site.
 */
describe.each(databaseKinds())(
  'the demo’s phone browser paying at the sandbox’s H5 cashier on %s',
  (kind) => {
    const t = useTestApp(kind, { clientIpOf: (c) => c.req.header(LAN_PHONE) ?? '' });
    let token = '';
    beforeAll(async () => {
      token = await t.login(PHONE);
    });
    const orderState = async (no: string) =>
      (
        await t.database.db
          .selectFrom('orders')
          .select('state')
          .where('out_trade_no', '=', no)
          .executeTakeFirstOrThrow()
      ).state;
    const back = 'http://temple.test/#/m/UserCenter?paying=';

    it('takes a LAN phone’s order to the cashier page of its second trade, and back to 我的订单 once paid', async () => {
      const no = await placeOrder(t, await lampOrder(t, PHONE), token);
      const res = await t.form(payApi.payOn.path, { out_trade_no: no, channel: 'h5' }, token, {
        [LAN_PHONE]: '192.168.1.23',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { h5_url } = v.parse(payOnAnswer, res.body).data;
      expect(h5_url).toBe(`http://temple.test/pay/sandbox/${no}T2?channel=h5`);

      // The desktop's QR was closed when the phone took the order over: its page no longer pays.
      const closed = await (await t.app.request(`/pay/sandbox/${no}`)).text();
      expect(closed).toContain('<dd data-testid="state">该笔交易已关闭</dd>');
      expect(closed).toContain('该订单当前不可支付');
      const returnTo = `${back}${no}`;
      const page = await (
        await t.app.request(`/pay/sandbox/${no}T2?channel=h5&redirect_url=${encodeURIComponent(returnTo)}`)
      ).text();
      expect(page).toContain('模拟微信支付收银台');
      expect(page).toContain(`href="${returnTo}"`);
      expect(page).toContain('取消支付，返回');

      const paid = await t.app.request(`/pay/sandbox/${no}T2/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ redirect_url: returnTo }).toString(),
      });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(returnTo);
      expect(await orderState(no)).toBe(ORDER_STATE.paid);
    });

    it('goes back only to a page of the site, and refuses a request with no address at all', async () => {
      const no = await placeOrder(t, await lampOrder(t, PHONE), token);
      expect((await t.form(payApi.payOn.path, { out_trade_no: no, channel: 'h5' }, token)).status).toBe(400);
      const elsewhere = 'https://evil.example/steal';
      const page = await (
        await t.app.request(`/pay/sandbox/${no}?channel=h5&redirect_url=${encodeURIComponent(elsewhere)}`)
      ).text();
      expect(page).not.toContain('evil.example');
      const paid = await t.app.request(`/pay/sandbox/${no}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ redirect_url: elsewhere }).toString(),
      });
      expect(paid.headers.get('location')).toBe(`/pay/sandbox/${no}`);
      expect(await orderState(no)).toBe(ORDER_STATE.paid);
    });
  },
);
