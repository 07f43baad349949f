import { payApi, SANDBOX_APPID, SANDBOX_PREPAY_PREFIX } from '@contract/payment';
import { WECHAT_LOGIN_MESSAGES, wechatLoginApi } from '@contract/wechat-login';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { lampOrder, placeOrder } from '@tests/support/user-centre';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

const PHONE = '13700082201';
const AUTHORIZE = '/pay/sandbox/connect/oauth2/authorize';
const HOST = 'temple.test';

/**
 * Issue 37, demo mode inside WeChat: the sandbox stands in for the 服务号's web login (its
 * authorize page sends the page back at once, code and state before the hash, one sandbox WeChat
 * per browser) and for the pay sheet (JSAPI's invoke signed by the sandbox names its trade; the
 * sandbox's page of it pays or cancels and goes back to 我的订单).
 */
describe.each(databaseKinds())('the demo’s WeChat inside WeChat on %s', (kind) => {
  const t = useTestApp(kind, { sandboxWechat: true });
  let token = '';
  beforeAll(async () => {
    token = await t.login(PHONE);
  });
  const authorize = (redirect: string, cookie?: string) =>
    t.app.request(
      `${AUTHORIZE}?${new URLSearchParams({ appid: SANDBOX_APPID, redirect_uri: redirect, response_type: 'code', scope: 'snsapi_base', state: 's1' })}`,
      { headers: { host: HOST, ...(cookie ? { cookie } : {}) } },
    );
  const visitOf = async (code: string) => t.call('POST', wechatLoginApi.visit.path, { code });

  it('sends the page back with a code before its hash, the same WeChat for the same browser', async () => {
    const first = await authorize(`http://${HOST}/#/online/merit/?from=wechat`);
    expect(first.status).toBe(302);
    const location = first.headers.get('location') ?? '';
    expect(location).toMatch(
      new RegExp(`^http://${HOST}/\\?code=[0-9a-f]{48}&state=s1#/online/merit/\\?from=wechat$`),
    );
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const code = new URL(location).searchParams.get('code') ?? '';
    const again = await authorize(`http://${HOST}/#/member/`, cookie);
    expect(new URL(again.headers.get('location') ?? '').searchParams.get('code')).toBe(code);

    const visit = await visitOf(code);
    expect(visit.status, visit.body.msg).toBe(200);
    expect(v.parse(wechatLoginApi.visit.response, visit.body).data.bound).toBe(false);
    // A code the sandbox did not sign, and a page of another site, are refused.
    expect(await visitOf(`${'0'.repeat(16)}${'f'.repeat(32)}`)).toMatchObject({
      status: 400,
      body: { msg: WECHAT_LOGIN_MESSAGES.codeSpent },
    });
    expect((await authorize('https://elsewhere.example/#/member/')).status).toBe(400);
    expect((await authorize(`ftp://${HOST}/#/member/`)).status).toBe(400);
    // A phone on the temple's LAN comes to the demo by its own address: back to a page of that one.
    const lan = 'http://192.168.1.5:3000';
    const fromLan = await t.app.request(
      `${lan}${AUTHORIZE}?${new URLSearchParams({ appid: SANDBOX_APPID, redirect_uri: `${lan}/#/member/`, state: 's2' })}`,
    );
    expect(fromLan.status).toBe(302);
    expect(fromLan.headers.get('location')).toMatch(
      new RegExp(`^${lan}/\\?code=[0-9a-f]{48}&state=s2#/member/$`),
    );
  });

  it('pays by the sandbox’s JSAPI: the invoke names the trade, whose page pays and goes back to 我的订单', async () => {
    const code =
      new URL((await authorize(`http://${HOST}/#/member/`)).headers.get('location') ?? '').searchParams.get(
        'code',
      ) ?? '';
    const { visit } = v.parse(wechatLoginApi.visit.response, (await visitOf(code)).body).data;
    const no = await placeOrder(t, await lampOrder(t, PHONE), token);
    const res = await t.form(payApi.payOn.path, { out_trade_no: no, channel: 'jsapi', visit }, token);
    expect(res.status, res.body.msg).toBe(200);
    const invoke = (res.body.data as { invoke: { appId: string; package: string } }).invoke;
    expect(invoke).toMatchObject({
      appId: SANDBOX_APPID,
      package: `prepay_id=${SANDBOX_PREPAY_PREFIX}${no}T2`,
    });

    const back = `http://${HOST}/#/m/UserCenter?paying=${no}`;
    const page = await (
      await t.app.request(`/pay/sandbox/${no}T2?channel=jsapi&redirect_url=${encodeURIComponent(back)}`)
    ).text();
    expect(page).toContain('模拟微信内支付');
    const paid = await t.app.request(`/pay/sandbox/${no}T2/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ redirect_url: back }).toString(),
    });
    expect(paid.headers.get('location')).toBe(back);
    const answer = await t.form(payApi.payResult.path, { out_trade_no: no }, token);
    expect(answer.body.msg).toBe('1');
  });
});
