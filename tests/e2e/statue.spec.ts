import type { Page } from '@playwright/test';
import { expectSameOrderAfterClosedQr, loginViaApi } from '../support/e2e';
import { expect, test } from './workers';

/** Opens 大殿内 from /powerdekor and chooses material, statue, 年供 and the first group. */
const openAndChoose = async (page: Page) => {
  await page.goto('/#/powerdekor');
  await page.getByRole('link', { name: /^大殿内/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '大殿内' })).toBeVisible();
  for (const group of ['材质类型', '佛像类型', '佛像方位'])
    await page.getByRole('radiogroup', { name: group }).getByRole('radio').first().check({ force: true });
  await page.getByRole('radio', { name: /^年供/ }).check({ force: true });
  await expect(page.getByRole('grid', { name: '供奉位置' })).toBeVisible();
};

test('enshrine a statue on a free niche and pay: another believer then sees it 已售未供', async ({
  page,
  browser,
  context,
  request,
}) => {
  await loginViaApi(page, request);
  await openAndChoose(page);
  const seat = page.getByRole('gridcell', { name: / 可选$/ }).first();
  const spot = ((await seat.getAttribute('aria-label')) ?? '').replace(/ 可选$/, '');
  expect(spot).toMatch(/^第\d+排第\d+号$/);
  await seat.click();
  await expect(page.getByRole('gridcell', { name: `${spot} 已选` })).toBeVisible();
  await page.getByRole('button', { name: '提交' }).click();

  const order = page.getByRole('dialog', { name: '订单确认' });
  await expect(order).toContainText(spot);
  await order.getByRole('button', { name: '确定' }).click();
  await expect(order.getByText('请输入功德芳名!')).toBeVisible();
  await order.getByRole('textbox', { name: '功德芳名' }).fill('陈慧');
  const sent = page.waitForRequest((r) => r.url().endsWith('/portal/rs/payapi/v1/pay/prePay'));
  await order.getByRole('button', { name: '确定' }).click();
  const body = JSON.parse(new URLSearchParams((await sent).postData() ?? '').get('jsonObject') ?? '{}');
  expect(body).toMatchObject({ type: 7, LOCATION: '1', GF_TYPE: '2', GD_NAMES: '陈慧', GFJ_TOTAL: 3000 });

  // The QR opens two seconds after the answer (001 section 4).
  const qr = page.getByRole('dialog', { name: '请扫码支付' });
  await expect(qr).toBeVisible({ timeout: 5000 });
  const href = (await qr.getByRole('link', { name: /在新窗口打开支付页/ }).getAttribute('href')) ?? '';
  const phone = await context.newPage();
  await phone.goto(href);
  await phone.getByRole('button', { name: /确认支付/ }).click();
  await expect(page).toHaveURL(/#\/success\?no=WF\d+$/, { timeout: 5000 });
  await phone.close();

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await loginViaApi(otherPage, request);
  await openAndChoose(otherPage);
  await expect(otherPage.getByRole('gridcell', { name: `${spot} 已售未供` })).toBeVisible();
  await other.close();
});

test('keyboard only: Tab to the map, arrows to a free niche, Enter chooses it', async ({ page, request }) => {
  await loginViaApi(page, request);
  await openAndChoose(page);
  const grid = page.getByRole('grid', { name: '供奉位置' });
  // Tab from the last group radio until focus is inside the map.
  for (let i = 0; i < 20; i += 1) {
    await page.keyboard.press('Tab');
    if (await grid.evaluate((g) => g.contains(document.activeElement))) break;
  }
  await expect(grid.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const focused = grid.locator(':focus');
  const before = (await focused.getAttribute('aria-label')) ?? '';
  expect(before).toMatch(/ 可选$/);
  await page.keyboard.press('Enter');
  await expect(focused).toHaveAccessibleName(before.replace(/ 可选$/, ' 已选'));
  await expect(page.getByText(`已选：${before.replace(/ 可选$/, '')}`)).toBeVisible();
});

test('a QR closed unpaid comes back to 订单确认 with 功德芳名 and 备注, its niche the believer’s own: 确定 again shows the same order, one row in 我的订单', async ({
  page,
  request,
}) => {
  await loginViaApi(page, request);
  await openAndChoose(page);
  const seat = page.getByRole('gridcell', { name: / 可选$/ }).nth(3);
  const spot = ((await seat.getAttribute('aria-label')) ?? '').replace(/ 可选$/, '');
  await seat.click();
  const order = page.getByRole('dialog', { name: '订单确认' });
  const qr = page.getByRole('dialog', { name: '请扫码支付' });
  await expectSameOrderAfterClosedQr(
    page,
    async () => {
      await page.getByRole('button', { name: '提交' }).click();
      await expect(order).toContainText(spot);
      await order.getByRole('textbox', { name: '功德芳名' }).fill('陈慧');
      await order.getByRole('textbox', { name: '备注（选填）' }).fill('阖家平安');
      await order.getByRole('button', { name: '确定' }).click();
      await expect(qr).toBeVisible({ timeout: 5000 });
    },
    async () => {
      await expect(order.getByRole('textbox', { name: '功德芳名' })).toHaveValue('陈慧');
      await expect(order.getByRole('textbox', { name: '备注（选填）' })).toHaveValue('阖家平安');
      // Behind the dialog the map was asked again: the niche is held by that order, still chosen.
      await expect(
        page.getByRole('gridcell', { name: `${spot} 已选（您的未支付订单）`, includeHidden: true }),
      ).toBeVisible();
    },
    async () => {
      await order.getByRole('button', { name: '确定' }).click();
      await expect(qr).toBeVisible({ timeout: 5000 });
    },
  );
});
