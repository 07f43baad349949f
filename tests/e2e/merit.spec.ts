import type { Page } from '@playwright/test';
import { MERIT_MESSAGES } from '../../src/contract/merit';
import { OVER_LIMIT_MESSAGE } from '../../src/contract/money';
import { PAYMENT_MESSAGES } from '../../src/contract/payment';
import { advanceServerClock, loginViaApi, registerViaApi, smsCode } from '../support/e2e';
import { expect, test } from './workers';

/**
 * Opens an item from /merit, fills what its price model asks, checks the confirmation says what
 * was chosen, confirms, and answers the QR's URL.
 */
const orderUntilQr = async (page: Page, item: string, fill: () => Promise<void>, offering = item) => {
  await page.goto('/#/merit');
  await page.getByRole('link', { name: item }).click();
  await fill();
  await page.getByRole('button', { name: '提交' }).click();
  const confirm = page.getByRole('dialog', { name: '订单确认' });
  await expect(confirm.getByText(offering, { exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: '确认支付' }).click();
  const qr = page.getByRole('dialog', { name: '请扫码支付' });
  await expect(qr.getByRole('img', { name: /支付二维码/ })).toBeVisible();
  const codeUrl = await qr.locator('[data-code-url]').getAttribute('data-code-url');
  expect(codeUrl).toMatch(/\/pay\/sandbox\/WF\d+$/);
  return codeUrl ?? '';
};

/**
 * Three seconds of the page's time, run at once on Playwright's clock (its timers fire as they
 * fall due, the polling's among them), then a moment of real time for a query they sent to show.
 */
const threePageSeconds = async (page: Page) => {
  await page.clock.runFor(3000);
  await page.waitForTimeout(300);
};

/** Counts the status queries the page sends. */
const countPolls = (page: Page) => {
  const polls = { count: 0 };
  page.on('request', (req) => {
    if (req.url().endsWith('/portal/rs/payapi/v1/pay/payResult')) polls.count += 1;
  });
  return polls;
};

test('offerings of every price model are paid by "scanning" the QR in a second tab', async ({
  page,
  context,
  request,
}) => {
  await loginViaApi(page, request);
  const wish = '愿众生离苦得乐';
  const models: [string, () => Promise<void>, string?][] = [
    [
      '佛前供灯',
      async () => {
        await page.getByRole('button', { name: '增加 数量' }).click();
        await page.getByRole('button', { name: '增加 数量' }).click();
        await expect(page.getByRole('textbox', { name: /数量/ })).toHaveValue('3');
        await page.getByLabel('功德芳名').fill('林慧');
        await page.getByLabel('心愿（选填）').fill(wish);
      },
    ],
    [
      '随喜功德',
      async () => {
        await page.getByLabel('其他金额（元）').fill('66');
        await page.getByLabel('功德芳名').fill('林慧');
      },
    ],
    [
      '供花供果',
      async () => {
        await page.getByRole('radio', { name: /鲜花供养/ }).check({ force: true });
        await page.getByLabel('功德芳名').fill('林慧');
      },
      '供花供果 · 鲜花供养',
    ],
  ];
  for (const [item, fill, offering] of models) {
    const codeUrl = await orderUntilQr(page, item, fill, offering);
    const phone = await context.newPage();
    await phone.goto(codeUrl);
    await phone.getByRole('button', { name: /确认支付/ }).click();
    await expect(phone.getByRole('status')).toHaveText('支付成功，感恩随喜！');
    // The first tab polls every second: it reaches the success page of this order within 3 s.
    const tradeNo = codeUrl.split('/').pop();
    await expect(page).toHaveURL(new RegExp(`#/success\\?no=${tradeNo}$`), { timeout: 3000 });
    await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
    await phone.close();

    const stored = await (await request.get(`/dev/orders/${tradeNo}`)).json();
    expect(stored.data.state).toBe(1);
  }

  const wall = await (await request.get('/portal/rs/wish-api/v1/wish/getWishList')).json();
  expect(wall.data).toContainEqual({ WISH: wish, NAME: '林慧' });
  await page.goto('/#/merit');
  await expect(page.getByRole('complementary', { name: '心愿墙' }).getByText(wish).first()).toBeAttached();
});

test('closing the QR dialog stops the status polling at once', async ({ page, request }) => {
  await page.clock.install();
  await loginViaApi(page, request);
  const polls = countPolls(page);
  await orderUntilQr(page, '佛前添香油', async () => {
    await page.getByLabel('功德芳名').fill('林慧');
  });
  await expect.poll(() => polls.count, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
  await page
    .getByRole('dialog', { name: '请扫码支付' })
    .getByRole('button', { name: '关闭', exact: true })
    .click();
  await expect(page.getByRole('dialog', { name: '请扫码支付' })).toBeHidden();
  const afterClose = polls.count;
  await threePageSeconds(page);
  expect(polls.count).toBe(afterClose);
  await expect(page.getByRole('button', { name: '提交' })).toBeEnabled();
});

test('a hold that runs out stops the polling and says the QR can no longer be paid', async ({
  page,
  request,
}) => {
  await page.clock.install();
  await loginViaApi(page, request);
  const polls = countPolls(page);
  await orderUntilQr(page, '佛前添香油', async () => {
    await page.getByLabel('功德芳名').fill('林慧');
  });
  await advanceServerClock(request, 16 * 60);
  const qr = page.getByRole('dialog', { name: '请扫码支付' });
  await expect(qr.getByRole('alert')).toHaveText(PAYMENT_MESSAGES.expired, { timeout: 5000 });
  const stopped = polls.count;
  await threePageSeconds(page);
  expect(polls.count).toBe(stopped);
});

test('the list shows each item’s price', async ({ page }) => {
  await page.goto('/#/merit');
  await expect(page.getByRole('link', { name: /佛前供灯/ })).toContainText('每份 ¥100');
  await expect(page.getByRole('link', { name: /随喜功德/ })).toContainText('¥10 起');
});

test('a problem is said beside its field; a typed amount above 10000 gives the advice to go to the temple', async ({
  page,
  request,
}) => {
  await loginViaApi(page, request);
  await page.goto('/#/merit');
  await page.getByRole('link', { name: /随喜功德/ }).click();
  await page.getByRole('button', { name: '提交' }).click();
  const amount = page.getByRole('textbox', { name: '其他金额（元）' });
  await expect(page.getByRole('radiogroup', { name: '功德金' })).toHaveAccessibleDescription(
    MERIT_MESSAGES.chooseAmount,
  );
  await expect(page.getByRole('radio', { name: '¥50', exact: true })).toBeFocused();
  await expect(page.getByText(MERIT_MESSAGES.donorEmpty)).toBeVisible();

  await page.getByRole('radio', { name: '¥100', exact: true }).check({ force: true });
  await amount.fill('12000');
  // Typing another amount leaves no card chosen.
  await expect(page.getByRole('radio', { name: '¥100', exact: true })).not.toBeChecked();
  await page.getByLabel('功德芳名').fill('林慧');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(amount).toHaveValue('12000');
  const advice = page.getByRole('dialog', { name: '温馨提示' });
  await expect(advice).toContainText(OVER_LIMIT_MESSAGE);
  await advice.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/#\/merit$/);
});

test('logged out: the login dialog says why, and after logging in the confirmation opens by itself', async ({
  page,
  request,
}) => {
  const { phone } = await registerViaApi(request);
  await advanceServerClock(request, 61);
  await page.goto('/#/merit');
  await page.getByRole('link', { name: /佛前添香油/ }).click();
  await page.getByLabel('功德芳名').fill('林慧');
  await page.getByRole('button', { name: '提交' }).click();
  const login = page.getByRole('dialog', { name: '验证码登录' });
  await expect(login.getByRole('alert')).toHaveText(MERIT_MESSAGES.loginFirst);
  await login.getByLabel('手机号').fill(phone);
  await login.getByRole('button', { name: '发送验证码' }).click();
  await expect(login.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await login.getByLabel('验证码').fill(await smsCode(request, phone));
  await login.getByRole('button', { name: '登录', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: '订单确认' });
  await expect(confirm.getByText('佛前添香油', { exact: true })).toBeVisible();
  await expect(confirm.getByText('林慧')).toBeVisible();
});
