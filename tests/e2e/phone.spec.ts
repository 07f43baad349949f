import { devices } from '@playwright/test';
import { MERIT_MESSAGES } from '../../src/contract/merit';
import { PHONE_PAYMENT } from '../../src/contract/payment';
import { WECHAT_LOGIN_MESSAGES } from '../../src/contract/wechat-login';
import { expectNoAxeViolations } from '../support/axe';
import { advanceServerClock, registerViaApi, smsCode, storeSession } from '../support/e2e';
import { WECHAT_IPHONE_AGENT } from '../support/fake-wechat-bridge';
import { smallTargets } from '../support/phone-page';
import { expect, test } from './workers';

/**
 * The site on phones: the phone edition at the spec's mobile addresses (no other mobile site is
 * configured here), the shell fits the screen, and 菜单 opens the menu by a tap. Playwright's
 * presets give the phones' screens, touch and agents; they name WebKit for the iPhone, and only
 * Chromium runs here.
 */
const { defaultBrowserType: _iPhoneBrowser, ...iPhone13 } = devices['iPhone 13'];
const { defaultBrowserType: _pixelBrowser, ...pixel7 } = devices['Pixel 7'];

for (const [name, device] of [
  ['iPhone 13', iPhone13],
  ['Pixel 7', pixel7],
] as const) {
  test.describe(name, () => {
    test.use(device);

    test('菜单 opens the whole menu by a tap; a row goes to its page and closes it', async ({ page }) => {
      await page.goto('/#/merit');
      // The menu bar does not fit: 菜单 is shown instead (the header draws both at once).
      const menuButton = page.getByRole('button', { name: '菜单' });
      await expect(menuButton).toBeVisible();
      await expect(page.locator('nav[aria-label="主菜单"]')).toHaveCount(1);
      await expect(page.getByRole('navigation', { name: '主菜单' })).toBeHidden();
      await menuButton.tap();
      const sheet = page.getByRole('dialog', { name: '网站导航' });
      await expect(sheet).toBeVisible();
      expect(await smallTargets(page, '[role="dialog"] a, [role="dialog"] button')).toEqual([]);
      await expect(sheet.getByRole('link', { name: /功德供养/ })).toHaveAttribute('aria-current', 'page');
      await expectNoAxeViolations(page, `${name} 菜单`);
      await sheet.getByRole('link', { name: /独姓佛事/ }).tap();
      await expect(page).toHaveURL(/#\/online\/ceremony\/$/);
      await expect(sheet).toBeHidden();
      await expect(menuButton).toBeFocused();
      await expect(page.getByRole('heading', { name: '独姓佛事', level: 1 })).toBeVisible();
    });

    test('a desktop link lands on its mobile address, query kept; 电脑版 is remembered until 手机版', async ({
      page,
    }) => {
      await page.goto('/#/meritDetail?id=5&from=wechat');
      await expect(page).toHaveURL(/#\/online\/merit\/detail\?id=5&from=wechat$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Links inside the phone edition go to mobile addresses too.
      await expect(page.getByRole('link', { name: '功德供养' }).first()).toHaveAttribute(
        'href',
        '/#/online/merit/',
      );

      await page.getByRole('button', { name: '切换到电脑版' }).tap();
      await expect(page).toHaveURL(/#\/meritDetail\?id=5&from=wechat$/);
      await expect(page.getByText('当前为电脑版')).toBeVisible();
      // Remembered: a mobile link opened later stays on the desktop edition.
      await page.goto('/#/online/ceremony/');
      await expect(page).toHaveURL(/#\/ceremony$/);
      await page.reload();
      await expect(page).toHaveURL(/#\/ceremony$/);

      await page.getByRole('button', { name: '切换到手机版' }).tap();
      await expect(page).toHaveURL(/#\/online\/ceremony\/$/);
      await expect(page.getByText('当前为手机版')).toBeVisible();
    });

    test('a merit offering on the phone: logged in by SMS in the flow, paid at the demo’s H5 cashier, back in 我的订单', async ({
      page,
      request,
    }) => {
      const { phone } = await registerViaApi(request);
      await advanceServerClock(request, 61);
      // From the official account's link to a desktop page.
      await page.goto('/#/merit?from=wechat');
      await expect(page).toHaveURL(/#\/online\/merit\/\?from=wechat$/);
      await page.getByRole('link', { name: /佛前添香油/ }).tap();
      await expect(page).toHaveURL(/#\/online\/merit\/detail\?id=\d+$/);
      await page.getByLabel('功德芳名').fill('林慧');
      await page.getByRole('button', { name: '提交' }).tap();

      const login = page.getByRole('dialog', { name: '验证码登录' });
      await expect(login.getByRole('alert')).toHaveText(MERIT_MESSAGES.loginFirst);
      await login.getByLabel('手机号').fill(phone);
      await login.getByRole('button', { name: '发送验证码' }).tap();
      await expect(login.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
      await login.getByLabel('验证码').fill(await smsCode(request, phone));
      await login.getByRole('button', { name: '登录', exact: true }).tap();

      const confirm = page.getByRole('dialog', { name: '订单确认' });
      await expect(confirm.getByText('佛前添香油', { exact: true })).toBeVisible();
      await confirm.getByRole('button', { name: '确认支付' }).tap();
      // A phone cannot scan its own screen: no QR, the demo's H5 cashier by a tap instead.
      const pay = page.getByRole('dialog', { name: PHONE_PAYMENT.h5Title });
      await expect(pay.getByText(PHONE_PAYMENT.h5)).toBeVisible();
      await expect(pay.getByRole('img', { name: /支付二维码/ })).toHaveCount(0);
      // (React Aria's live announcer, out of sight, names the dialogs it announced: not the page.)
      await expectNoAxeViolations(page, `${name} payment on the phone`, ['[data-live-announcer]']);
      await pay.getByRole('link', { name: PHONE_PAYMENT.h5Button }).tap();
      // The sandbox's cashier pays the order's second trade (its QR, the first, closed) and goes back.
      await expect(page).toHaveURL(/\/pay\/sandbox\/WF\d+T2\?channel=h5&redirect_url=/);
      const tradeNo = /\/pay\/sandbox\/(WF\d+)T2/.exec(page.url())?.[1] ?? '';
      await page.getByRole('button', { name: /确认支付/ }).tap();
      await expect(page).toHaveURL(/#\/member\/$/);
      await expect(page.getByRole('status').filter({ hasText: `订单 ${tradeNo} 已支付成功` })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: tradeNo })).toContainText('已支付');
    });

    test('长辈版 from the home page: large text, and remembered until it is switched off', async ({
      page,
    }) => {
      await page.goto('/#/');
      const rootSize = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
      expect(await rootSize()).toBe('17px');
      const elder = page.getByRole('button', { name: '长辈版' });
      await elder.tap();
      await expect(elder).toHaveAttribute('aria-pressed', 'true');
      expect(await rootSize()).toBe('22px');
      await page.reload();
      await expect(page.getByRole('button', { name: '长辈版' })).toHaveAttribute('aria-pressed', 'true');
      expect(await rootSize()).toBe('22px');
      await page.getByRole('button', { name: '长辈版' }).tap();
      expect(await rootSize()).toBe('17px');
      await page.reload();
      await expect(page.getByRole('button', { name: '长辈版' })).toHaveAttribute('aria-pressed', 'false');
    });

    test('登录 in the menu opens the login dialog', async ({ page }) => {
      await page.goto('/#/index');
      await page.getByRole('button', { name: '菜单' }).tap();
      await page.getByRole('dialog', { name: '网站导航' }).getByRole('button', { name: '登录' }).tap();
      await expect(page.getByRole('dialog', { name: '验证码登录' })).toBeVisible();
      await expect(page.getByRole('dialog', { name: '网站导航' })).toBeHidden();
    });
  });
}

test('a computer opening a mobile link lands on its desktop page, query kept', async ({ page }) => {
  await page.goto('/#/online/merit/detail?id=5&from=wechat');
  await expect(page).toHaveURL(/#\/meritDetail\?id=5&from=wechat$/);
  await expect(page.getByText('当前为电脑版')).toBeVisible();
  await page.goto('/#/');
  await expect(page).toHaveURL(/#\/index$/);
});

test.describe('inside WeChat, in the demo', () => {
  test.use({ ...iPhone13, userAgent: WECHAT_IPHONE_AGENT });

  test('the sandbox stands in for the 服务号: its web login, 微信支付 on its page, back in 我的订单, and the binding asked', async ({
    page,
    request,
  }) => {
    const { session } = await registerViaApi(request);
    await page.addInitScript(storeSession, session);
    await page.goto('/#/online/merit/?from=wechat');
    // To the sandbox's authorize page and back at once: the code has left the address.
    await expect(page).toHaveURL(/\/#\/online\/merit\/\?from=wechat$/);
    expect(page.url()).not.toMatch(/code=|state=/);
    await page.getByRole('link', { name: /佛前添香油/ }).tap();
    await page.getByLabel('功德芳名').fill('林慧');
    await page.getByRole('button', { name: '提交' }).tap();
    await page.getByRole('dialog', { name: '订单确认' }).getByRole('button', { name: '确认支付' }).tap();
    const pay = page.getByRole('dialog', { name: PHONE_PAYMENT.jsapiTitle });
    await pay.getByRole('button', { name: PHONE_PAYMENT.jsapiButton }).tap();

    // The sandbox's page of the order's JSAPI trade, in place of WeChat's pay sheet.
    await expect(page).toHaveURL(/\/pay\/sandbox\/WF\d+T2\?channel=jsapi&redirect_url=/);
    await expect(page.getByText(/模拟微信内支付/)).toBeVisible();
    const no = /\/pay\/sandbox\/(WF\d+)T2/.exec(page.url())?.[1] ?? '';
    await page.getByRole('button', { name: /确认支付/ }).tap();
    await expect(page).toHaveURL(/#\/member\/$/);
    await expect(page.getByRole('status').filter({ hasText: `订单 ${no} 已支付成功` })).toBeVisible();

    // 个人中心 asks about binding this (sandbox) WeChat; 暂不 is not asked again in the tab.
    const card = page.getByRole('region', { name: '微信支付' });
    await expect(card).toContainText(WECHAT_LOGIN_MESSAGES.bindOffer);
    await card.getByRole('button', { name: WECHAT_LOGIN_MESSAGES.bindDecline }).tap();
    await expect(card).toBeHidden();
    await page.reload();
    await expect(page.getByRole('tab', { name: '我的订单' })).toBeVisible();
    await expect(page.getByText(WECHAT_LOGIN_MESSAGES.bindOffer)).toHaveCount(0);
  });
});
