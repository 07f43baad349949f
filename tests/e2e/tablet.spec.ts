import type { Page } from '@playwright/test';
import { SEAT_MESSAGES } from '../../src/contract/seats';
import { advanceServerClock, expectSameOrderAfterClosedQr, loginViaApi } from '../support/e2e';
import { expect, test } from './workers';

/** Opens 大牌位 from /consecrate and chooses 延生禄位 on floor 1 (16800 a place), first group. */
const openLargeFloorOne = async (page: Page) => {
  await page.goto('/#/consecrate');
  await page.getByRole('link', { name: /^大牌位/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '大牌位' })).toBeVisible();
  await page.getByRole('radiogroup', { name: '类别' }).getByRole('radio').first().check({ force: true });
  await page.getByRole('radiogroup', { name: '塔层' }).getByRole('radio').first().check({ force: true });
  await page.getByRole('radiogroup', { name: '区域' }).getByRole('radio').first().check({ force: true });
  await expect(page.getByRole('grid', { name: '大牌位座位图' })).toBeVisible();
};

test('reserve a tablet place of 10000 yuan or more: 已预定 for 7 days, then free again', async ({
  page,
  request,
}) => {
  await loginViaApi(page, request);
  await openLargeFloorOne(page);
  const seat = page.getByRole('gridcell', { name: / 可选$/ }).nth(2);
  const spot = ((await seat.getAttribute('aria-label')) ?? '').replace(/ 可选$/, '');
  await seat.click();
  await expect(page.getByRole('gridcell', { name: `${spot} 已选` })).toBeVisible();
  await expect(page.getByText('¥16,800')).toBeVisible();
  await page.getByRole('button', { name: '提交' }).click();

  await page.getByRole('dialog', { name: '温馨提示' }).getByRole('button', { name: '确定' }).click();
  const order = page.getByRole('dialog', { name: '订单确认' });
  await order.getByRole('button', { name: '确定' }).click();
  await expect(order.getByText('请输入一个供奉人姓名')).toBeVisible();
  await order.getByRole('textbox', { name: '供奉人一' }).fill('陈德明');
  await order.getByRole('button', { name: '确定' }).click();
  const answer = page.waitForResponse((r) => r.url().endsWith('/portal/rs/payapi/v1/pay/prePay'));
  await page.getByRole('dialog', { name: '预定须知' }).getByRole('button', { name: '确定' }).click();
  const { data, msg } = await (await answer).json();
  expect(msg).toBe('办理成功');
  expect(data.code_img_url).toBe('');
  const reserved = page.getByRole('dialog', { name: '预定成功' });
  await expect(reserved).toContainText(SEAT_MESSAGES.reserved);
  await expect(page.getByRole('dialog', { name: '请扫码支付' })).toBeHidden();
  await reserved.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('gridcell', { name: `${spot} 已预定` })).toBeVisible();

  // The order is reserved (state 0) and held 7 days.
  const row = (await (await request.get(`/dev/orders/${data.out_trade_no}`)).json()).data;
  expect(row).toMatchObject({ type: 3, state: 0, amount_fen: 1_680_000 });
  const held = new Date(row.hold_until).getTime() - new Date(row.created_at).getTime();
  expect(Math.round(held / 86_400_000)).toBe(7);

  // Past the hold the place is free again, for anyone.
  await advanceServerClock(request, 7 * 86_400 + 60);
  await openLargeFloorOne(page);
  await expect(page.getByRole('gridcell', { name: `${spot} 可选` })).toBeVisible();
});

test('a QR closed unpaid comes back to 订单确认 with the names typed, its place the believer’s own: 确定 again shows the same order, one row in 我的订单', async ({
  page,
  request,
}) => {
  await loginViaApi(page, request);
  await page.goto('/#/consecrate');
  await page.getByRole('link', { name: /^小牌位/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '小牌位' })).toBeVisible();
  for (const group of ['类别', '塔层', '区域'])
    await page.getByRole('radiogroup', { name: group }).getByRole('radio').first().check({ force: true });
  const seat = page
    .getByRole('grid', { name: /座位图$/ })
    .getByRole('gridcell', { name: / 可选$/ })
    .nth(3);
  const spot = ((await seat.getAttribute('aria-label')) ?? '').replace(/ 可选$/, '');
  await seat.click();
  const order = page.getByRole('dialog', { name: '订单确认' });
  const qr = page.getByRole('dialog', { name: '请扫码支付' });
  await expectSameOrderAfterClosedQr(
    page,
    async () => {
      await page.getByRole('button', { name: '提交' }).click();
      await order.getByRole('textbox', { name: '供奉人一' }).fill('陈德明');
      await order.getByRole('textbox', { name: '供奉人二' }).fill('陈德慧');
      await order.getByRole('button', { name: '确定' }).click();
      await expect(qr).toBeVisible({ timeout: 5000 });
    },
    async () => {
      await expect(order.getByRole('textbox', { name: '供奉人一' })).toHaveValue('陈德明');
      await expect(order.getByRole('textbox', { name: '供奉人二' })).toHaveValue('陈德慧');
      // Behind the dialog the map was asked again: the place is held by that order, still chosen.
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
