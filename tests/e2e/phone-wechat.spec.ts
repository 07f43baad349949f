import { devices, type Page } from '@playwright/test';
import { PHONE_PAYMENT, payApi } from '../../src/contract/payment';
import { WECHAT_LOGIN_MESSAGES, wechatLoginApi } from '../../src/contract/wechat-login';
import { type ApiSession, registerViaApi, storeSession } from '../support/e2e';
import { installFakeWechatBridge, WECHAT_IPHONE_AGENT } from '../support/fake-wechat-bridge';
import { expect, test as shared, type WechatE2eServer } from './workers';

/**
 * Paying on the phone in hand (issue 37), end to end against a server on WeChat Pay v3 against
 * the fakes (the worker's, as console.spec's): inside WeChat the page passes the 服务号's web
 * login (the fake OAuth) and pays by JSAPI through WeChat's bridge (faked in the page, checking
 * the server's signature with the merchant's public key) and the fake WeChat Pay.
 */
const { defaultBrowserType: _webkit, ...iPhone13 } = devices['iPhone 13'];

const test = shared.extend<{ wechatServer: WechatE2eServer }>({
  wechatServer: async ({ wechatWorker }, use) => {
    await use(wechatWorker);
  },
  baseURL: async ({ wechatServer }, use) => {
    await use(wechatServer.server.url);
  },
});

test.use({ ...iPhone13, userAgent: WECHAT_IPHONE_AGENT });

/** The believer's session in the page's storage before its first script runs, on every load. */
const signIn = (page: Page, session: ApiSession) => page.addInitScript(storeSession, session);

/** A believer registered through the API, logged in before the page's first script runs. */
const loggedIn = async (page: Page, request: Parameters<typeof registerViaApi>[0]) => {
  const { session } = await registerViaApi(request);
  await signIn(page, session);
  return session.token;
};

/** 盂兰盆报恩法会, two tablets for the departed, up to 确认支付 (a phone's sheet or a computer's dialog). */
const registerForTheAssembly = async (page: Page) => {
  await page.goto('/#/BusinessClass');
  await page.getByRole('link', { name: /^盂兰盆报恩法会/ }).click();
  await page.getByRole('radio', { name: /^往生/ }).check({ force: true });
  await page.getByRole('radio', { name: /^小功德主/ }).check({ force: true });
  await page.getByRole('button', { name: '提交' }).click();
  const order = page.getByRole('dialog', { name: '订单确认' });
  await order.getByRole('button', { name: '添加' }).click();
  const entry = page.getByRole('dialog', { name: /往生牌位$/ });
  for (const name of ['往生牌位一', '往生牌位二'])
    await entry
      .getByRole('group', { name })
      .getByRole('combobox', { name: '牌位类型' })
      .selectOption('十方法界一切众生');
  await entry.getByRole('textbox', { name: '阳上人一' }).fill('陈明');
  await entry.getByRole('button', { name: '确定' }).click();
  await expect(entry).toBeHidden();
  await order.getByText('我已阅读并同意').click();
  await order.getByRole('button', { name: '确认支付' }).click();
};

/** What the server says of the order now: its orderState ('0' unpaid, '1' paid). */
const serverState = async (request: Parameters<typeof registerViaApi>[0], token: string, no: string) => {
  const answer = await request.post(payApi.payResult.path, {
    headers: { Authorization: token },
    form: { jsonObject: JSON.stringify({ out_trade_no: no }) },
  });
  return ((await answer.json()) as { msg: string }).msg;
};

test('inside WeChat: the web login, an assembly registration paid by JSAPI, and 支付成功 only once the server has the notification', async ({
  page,
  request,
  wechatServer,
}) => {
  const openid = wechatServer.fake.newOpenid();
  wechatServer.oauth.actAs(openid);
  const exchangesBefore = wechatServer.oauth.exchanges().length;
  const bridge = await installFakeWechatBridge(page, wechatServer.fake);
  const token = await loggedIn(page, request);

  await page.goto('/#/IntoWfs');
  // To WeChat for a code and back: the code is exchanged once and leaves the address at once.
  await expect(page).toHaveURL(/\/#\/navigation$/);
  expect(page.url()).not.toMatch(/code=|state=/);
  await expect
    .poll(() => wechatServer.oauth.exchanges().slice(exchangesBefore))
    .toEqual([expect.objectContaining({ errcode: 0 })]);

  await registerForTheAssembly(page);
  const pay = page.getByRole('dialog', { name: PHONE_PAYMENT.jsapiTitle });
  await expect(pay).toContainText('1,000');
  bridge.plan('okHeld');
  await pay.getByRole('button', { name: PHONE_PAYMENT.jsapiButton }).tap();

  // WeChat said ok and took the money, but the notification is held back: the page waits.
  await expect(pay).toContainText(PHONE_PAYMENT.confirming);
  const [sheet] = bridge.sheets();
  expect(sheet).toMatchObject({ signed: true, answered: 'get_brand_wcpay_request:ok' });
  // The order's QR (prePay's Native trade) was closed at WeChat before its JSAPI trade was opened.
  const trade = sheet?.outTradeNo ?? '';
  const no = trade.replace(/T\d+$/, '');
  expect(trade).toBe(`${no}T2`);
  expect(wechatServer.fake.trade(no)).toMatchObject({ tradeType: 'NATIVE', state: 'CLOSED' });
  expect(wechatServer.fake.trade(trade)).toMatchObject({ tradeType: 'JSAPI', openid, state: 'SUCCESS' });
  expect(sheet?.params.appId).toBe(wechatServer.fake.appid);
  expect(Number(sheet?.params.timeStamp)).toBeLessThan(10_000_000_000);
  expect(await serverState(request, token, no)).toBe('0');
  await expect(page.getByText('支付成功')).toHaveCount(0);
  await expect(pay).toBeVisible();

  expect(await wechatServer.fake.deliver(trade, 'genuine')).toEqual([204]);
  await expect(page).toHaveURL(/#\/online\/success/);
  await expect(page.getByText('支付成功').first()).toBeVisible();

  // 个人中心 asks, once, whether later payments here may use this WeChat; bound only on consent.
  const binding = async () =>
    (
      (await (
        await request.get(wechatLoginApi.binding.path, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as { data: { bound: boolean } }
    ).data.bound;
  await page.goto('/#/UserCenter');
  const card = page.getByRole('region', { name: '微信支付' });
  await expect(card).toContainText(WECHAT_LOGIN_MESSAGES.bindOffer);
  expect(await binding()).toBe(false);
  await card.getByRole('button', { name: WECHAT_LOGIN_MESSAGES.bindAccept }).tap();
  await expect(card.getByRole('status')).toHaveText(WECHAT_LOGIN_MESSAGES.boundLine);
  expect(await binding()).toBe(true);
  await page.reload();
  await expect(page.getByRole('region', { name: '微信支付' }).getByRole('status')).toHaveText(
    WECHAT_LOGIN_MESSAGES.boundLine,
  );
  await expect(page.getByText(WECHAT_LOGIN_MESSAGES.bindOffer)).toHaveCount(0);
});

test('inside WeChat, a cancelled pay sheet keeps the order payable: 微信支付 again pays the same order', async ({
  page,
  request,
  wechatServer,
}) => {
  wechatServer.oauth.actAs(wechatServer.fake.newOpenid());
  const bridge = await installFakeWechatBridge(page, wechatServer.fake);
  const token = await loggedIn(page, request);
  await registerForTheAssembly(page);
  const pay = page.getByRole('dialog', { name: PHONE_PAYMENT.jsapiTitle });
  bridge.plan('cancel', 'ok');
  await pay.getByRole('button', { name: PHONE_PAYMENT.jsapiButton }).tap();
  await expect(pay.getByRole('alert')).toHaveText(PHONE_PAYMENT.jsapiCancelled);
  const trade = bridge.sheets()[0]?.outTradeNo ?? '';
  const no = trade.replace(/T\d+$/, '');
  expect(await serverState(request, token, no)).toBe('0');
  expect(wechatServer.fake.trade(trade)?.state).toBe('NOTPAY');

  await pay.getByRole('button', { name: PHONE_PAYMENT.jsapiButton }).tap();
  await expect(page).toHaveURL(/#\/online\/success/);
  expect(bridge.sheets().map((s) => [s.outTradeNo, s.answered])).toEqual([
    [trade, 'get_brand_wcpay_request:cancel'],
    [trade, 'get_brand_wcpay_request:ok'],
  ]);
  expect(await serverState(request, token, no)).toBe('1');
});

test('a desktop’s QR continued and paid on the phone by JSAPI: two attempts, one payment, the QR closed at WeChat', async ({
  browser,
  page,
  request,
  wechatServer,
}) => {
  const { session } = await registerViaApi(request);
  // A computer of its own (a new context would take this file's phone and WeChat settings).
  const desk = await browser.newContext({
    ...devices['Desktop Chrome'],
    baseURL: wechatServer.server.url,
    locale: 'zh-CN',
    viewport: { width: 1366, height: 900 },
  });
  const computer = await desk.newPage();
  await signIn(computer, session);
  await registerForTheAssembly(computer);
  const qr = computer.getByRole('dialog', { name: '请扫码支付' });
  await expect(qr.locator('[data-code-url]')).toHaveAttribute('data-code-url', /^weixin:\/\/wxpay\//);
  await qr.getByRole('button', { name: '关闭', exact: true }).click();

  // The same believer, later, on the phone inside WeChat: 我的订单 · 去支付.
  const openid = wechatServer.fake.newOpenid();
  wechatServer.oauth.actAs(openid);
  const bridge = await installFakeWechatBridge(page, wechatServer.fake);
  await signIn(page, session);
  await page.goto('/#/UserCenter');
  await expect(page).toHaveURL(/\/#\/member\/$/);
  await page.getByRole('tab', { name: '我的订单' }).click();
  const row = page.getByRole('row').filter({ hasText: '已预订' });
  const no = /WF\d+/.exec((await row.textContent()) ?? '')?.[0] ?? '';
  await row.getByRole('button', { name: `去支付 订单 ${no}` }).click();
  const pay = page.getByRole('dialog', { name: PHONE_PAYMENT.jsapiTitle });
  bridge.plan('ok');
  await pay.getByRole('button', { name: PHONE_PAYMENT.jsapiButton }).click();
  await expect(pay).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: no })).toContainText('已支付');

  expect(bridge.sheets().map((sheet) => sheet.outTradeNo)).toEqual([`${no}T2`]);
  expect(wechatServer.fake.trade(no)).toMatchObject({ tradeType: 'NATIVE', state: 'CLOSED' });
  expect(wechatServer.fake.trade(`${no}T2`)).toMatchObject({ tradeType: 'JSAPI', openid, state: 'SUCCESS' });
  expect(await serverState(request, session.token, no)).toBe('1');
  await desk.close();
});

test.describe('in a phone browser other than WeChat’s, where the temple has H5', () => {
  // Behind the temple's proxy, which says the believer's own (public) address.
  test.use({ userAgent: iPhone13.userAgent, extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.7' } });

  test('WeChat’s H5 cashier and back to 我的订单: cancelled, the order is continued; paid, 我的订单 says so', async ({
    page,
    request,
    wechatServer,
  }) => {
    const token = await loggedIn(page, request);
    await registerForTheAssembly(page);

    const pay = page.getByRole('dialog', { name: PHONE_PAYMENT.h5Title });
    const toCashier = pay.getByRole('link', { name: PHONE_PAYMENT.h5Button });
    const cashierUrl = new URL((await toCashier.getAttribute('href')) ?? '');
    expect(cashierUrl.origin).toBe(new URL(wechatServer.fake.baseUrl).origin);
    await toCashier.tap();
    await expect(page.getByRole('heading', { name: '微信支付' })).toBeVisible();
    await page.getByRole('button', { name: '取消支付' }).tap();

    // Back on 我的订单 with the order, unpaid: its dialog again, the cashier offered again.
    await expect(page).toHaveURL(/#\/member\/$/);
    const again = page.getByRole('dialog', { name: PHONE_PAYMENT.h5Title });
    await expect(again.getByRole('link', { name: PHONE_PAYMENT.h5Button })).toBeVisible();
    await again.getByRole('link', { name: PHONE_PAYMENT.h5Button }).tap();
    await page.getByRole('button', { name: '确认支付' }).tap();

    await expect(page).toHaveURL(/#\/member\/$/);
    const notice = page.getByRole('status').filter({ hasText: '已支付成功' });
    await expect(notice).toBeVisible();
    const no = /订单 (\w+) 已支付成功/.exec((await notice.textContent()) ?? '')?.[1] ?? '';
    expect(no).toMatch(/^WF\d+$/);
    expect(await serverState(request, token, no)).toBe('1');
    // The order's QR trade closed at WeChat, its H5 trade the one paid, from the believer's address.
    expect(wechatServer.fake.trade(no)).toMatchObject({ tradeType: 'NATIVE', state: 'CLOSED' });
    expect(wechatServer.fake.trade(`${no}T2`)).toMatchObject({
      tradeType: 'MWEB',
      clientIp: '203.0.113.7',
      state: 'SUCCESS',
    });
    await expect(page.getByRole('row').filter({ hasText: no })).toContainText('已支付');
  });

  test('the cashier opened from anywhere but the registered H5 domain says 商家参数格式有误', async ({
    page,
    request,
  }) => {
    await loggedIn(page, request);
    await registerForTheAssembly(page);
    const link = page
      .getByRole('dialog', { name: PHONE_PAYMENT.h5Title })
      .getByRole('link', { name: PHONE_PAYMENT.h5Button });
    const href = (await link.getAttribute('href')) ?? '';
    await page.goto(href);
    await expect(page.getByRole('heading', { name: '商家参数格式有误' })).toBeVisible();
  });
});
