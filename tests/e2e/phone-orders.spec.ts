import { devices, type Locator, type Page } from '@playwright/test';
import { CEREMONY_NOTICES } from '../../src/contract/ceremony';
import { PHONE_PAYMENT } from '../../src/contract/payment';
import { lunarText } from '../../src/web/shared/lunar-calendar/lunar';
import { CEREMONY_SLOT, freeCeremonyDays, spokenDay } from '../support/ceremony-days';
import { loginViaApi } from '../support/e2e';
import { factGaps, smallTargets } from '../support/phone-page';
import { expect, test } from './workers';

/**
 * Orders on a phone (issue 36), through the phone edition's addresses to the checkout: a
 * ceremony on a day of the lunar calendar and a statue's niche chosen by a tap. A phone cannot
 * scan its own screen: each checkout offers the demo's H5 cashier instead of a QR.
 */
const { defaultBrowserType: _webkit, ...iPhone13 } = devices['iPhone 13'];
test.use(iPhone13);

/**
 * The order the phone's checkout holds, found in 我的订单 by its number (in its cashier's address,
 * the order's second trade): 已预订 (unpaid), with 去支付 and 取消订单 beside it.
 */
const expectInMyOrders = async (page: Page, pay: Locator) => {
  const href = (await pay.getByRole('link', { name: PHONE_PAYMENT.h5Button }).getAttribute('href')) ?? '';
  const tradeNo = /\/pay\/sandbox\/(WF\d+)T2\?channel=h5&redirect_url=/.exec(href)?.[1] ?? '';
  expect(tradeNo).toMatch(/^WF\d+$/);
  await page.goto('/#/UserCenter');
  await expect(page).toHaveURL(/#\/member\/$/);
  await page.getByRole('tab', { name: '我的订单' }).tap();
  const row = page.getByRole('row').filter({ hasText: tradeNo });
  await expect(row).toContainText('已预订');
  await expect(row.getByRole('button', { name: `去支付 订单 ${tradeNo}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `取消订单 ${tradeNo}` })).toBeVisible();
};

test('a ceremony booked on a lunar-calendar day by thumb reaches the phone’s checkout and 我的订单', async ({
  page,
  request,
}) => {
  // The last free day of the window: the desktop's booking takes the first.
  const date = (await freeCeremonyDays(request, 20, 45)).at(-1) ?? '';
  expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  await loginViaApi(page, request);
  await page.goto('/#/ceremony');
  await expect(page).toHaveURL(/#\/online\/ceremony\/$/);
  await page.getByRole('link', { name: /^往生普佛/ }).tap();
  await expect(page).toHaveURL(/#\/online\/ceremony\/detail\?/);
  await page.getByRole('radio', { name: /^往生莲位/ }).check({ force: true });
  await page.getByRole('radio', { name: /^一堂/ }).check({ force: true });
  const cell = page.getByRole('button', { name: new RegExp(`^${spokenDay(date)} `) });
  await expect(page.getByRole('grid')).toBeVisible();
  // The calendar takes the screen's width: every day a thumb wide, 44 × 44 and more.
  const days = await page
    .getByRole('grid')
    .getByRole('button')
    .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect()));
  expect(days.length).toBeGreaterThanOrEqual(28);
  expect(days.filter((box) => box.width < 44 || box.height < 44)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  for (let month = 0; month < 3 && !(await cell.isVisible()); month += 1)
    await page.getByRole('button', { name: '下个月' }).tap();
  // Each day says its lunar date (or its solar term) beside the solar one.
  const lunar = lunarText(date);
  expect(lunar).not.toBe('');
  await expect(cell).toHaveAccessibleName(new RegExp(`^${spokenDay(date)} 星期. ${lunar}`));
  await cell.tap();
  await page.getByRole('button', { name: `${CEREMONY_SLOT} 剩 2 场` }).tap();
  await page.getByRole('button', { name: '提交' }).tap();

  const hint = page.getByRole('dialog', { name: '温馨提示' });
  await expect(hint).toContainText(CEREMONY_NOTICES.hint);
  await hint.getByRole('button', { name: '确定' }).tap();
  const order = page.getByRole('dialog', { name: '订单确认' });
  await expect(order).toContainText(`${date} ${CEREMONY_SLOT}`);
  // The order's facts in one column on a phone: each value takes the rest of its line (in two
  // columns of pairs, 往生普佛 broke a character per line in 长辈版).
  const gaps = await factGaps(order);
  expect(gaps.length).toBeGreaterThanOrEqual(5);
  expect(gaps.filter((gap) => gap > 1)).toEqual([]);
  await order.getByRole('button', { name: '添加' }).tap();
  const entry = page.getByRole('dialog', { name: /往生牌位$/ });
  const first = entry.getByRole('group', { name: '往生牌位一' });
  await first.getByRole('combobox', { name: '牌位类型' }).selectOption('父母');
  await first.getByRole('textbox', { name: '牌位名称' }).fill('陈德明');
  await entry.getByRole('textbox', { name: '阳上人一' }).fill('陈慧');
  await entry.getByRole('button', { name: '确定' }).tap();
  await expect(entry).toBeHidden();
  await order.getByRole('textbox', { name: /缘由/ }).fill('先父往生周年');
  await order.getByText('我已阅读并同意').tap();
  await order.getByRole('button', { name: '确定' }).tap();
  await page.getByRole('dialog', { name: '预约须知' }).getByRole('button', { name: '确定，支付定金' }).tap();

  const pay = page.getByRole('dialog', { name: PHONE_PAYMENT.h5Title });
  await expect(pay).toContainText('1,000');
  await expectInMyOrders(page, pay);
});

test('a statue’s niche chosen by a tap reaches the phone’s checkout and 我的订单', async ({
  page,
  request,
}) => {
  await loginViaApi(page, request);
  await page.goto('/#/powerdekor');
  await expect(page).toHaveURL(/#\/online\/powerdekor\/$/);
  await page.getByRole('link', { name: /^大殿内/ }).tap();
  await expect(page).toHaveURL(/#\/online\/powerdekor\/detail\?/);
  for (const group of ['材质类型', '佛像类型', '佛像方位'])
    await page.getByRole('radiogroup', { name: group }).getByRole('radio').first().check({ force: true });
  await page.getByRole('radio', { name: /^年供/ }).check({ force: true });
  // Every place a thumb wide, once the map has come; it scrolls in its own box, the page does not.
  await expect(page.getByRole('grid', { name: '供奉位置' })).toBeVisible();
  await expect(page.getByRole('gridcell').first()).toBeVisible();
  const places = await page
    .getByRole('gridcell')
    .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect()));
  expect(places.length).toBeGreaterThan(0);
  expect(places.filter((box) => box.width < 44 || box.height < 44)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  const seat = page.getByRole('gridcell', { name: / 可选$/ }).last();
  const spot = ((await seat.getAttribute('aria-label')) ?? '').replace(/ 可选$/, '');
  await seat.tap();
  await expect(page.getByRole('gridcell', { name: `${spot} 已选` })).toBeVisible();
  await page.getByRole('button', { name: '提交' }).tap();
  const order = page.getByRole('dialog', { name: '订单确认' });
  await expect(order).toContainText(spot);
  expect((await factGaps(order)).filter((gap) => gap > 1)).toEqual([]);
  await order.getByRole('textbox', { name: '功德芳名' }).fill('陈慧');
  await order.getByRole('button', { name: '确定' }).tap();
  // The statue's 2 s before the payment opens (001 section 4).
  const pay = page.getByRole('dialog', { name: PHONE_PAYMENT.h5Title });
  await expect(pay).toBeVisible({ timeout: 5000 });
  await expect(pay.getByRole('img', { name: /支付二维码/ })).toHaveCount(0);
  await expectInMyOrders(page, pay);
});

test('an assembly registration with two tablets, their preview in the sheet, reaches the phone’s checkout and 我的订单', async ({
  page,
  request,
}) => {
  await loginViaApi(page, request);
  await page.goto('/#/BusinessClass');
  await expect(page).toHaveURL(/#\/online\/$/);
  await expect(page.getByRole('heading', { level: 1, name: '法会报名', exact: true })).toBeVisible();
  await page.getByRole('link', { name: /^盂兰盆报恩法会/ }).tap();
  await expect(page).toHaveURL(/#\/online\/councilRegister\/detail\?/);
  await page.getByRole('radio', { name: /^往生/ }).check({ force: true });
  await page.getByRole('radio', { name: /^小功德主/ }).check({ force: true });
  // The steppers' − and + (the quantity, each 随喜 item's) a thumb wide, 44 × 44 and more.
  const steps = page.locator('[data-field=quantity] button, [data-field=merit] button');
  await expect(steps.first()).toBeVisible();
  expect(await steps.count()).toBeGreaterThanOrEqual(4);
  expect(await smallTargets(page, '[data-field=quantity] button, [data-field=merit] button')).toEqual([]);
  await page.getByRole('button', { name: '提交' }).tap();

  const order = page.getByRole('dialog', { name: '订单确认' });
  await expect(order).toContainText('盂兰盆报恩法会');
  // The facts in one column, as the ceremony's.
  expect((await factGaps(order)).filter((gap) => gap > 1)).toEqual([]);
  await order.getByRole('button', { name: '添加' }).tap();
  const entry = page.getByRole('dialog', { name: /往生牌位$/ });
  await entry
    .getByRole('group', { name: '往生牌位一' })
    .getByRole('combobox', { name: '牌位类型' })
    .selectOption('十方法界一切众生');
  const second = entry.getByRole('group', { name: '往生牌位二' });
  await second.getByRole('combobox', { name: '牌位类型' }).selectOption('□氏历代祖先');
  await second.getByRole('textbox').first().fill('陈');
  await entry.getByRole('textbox', { name: '阳上人一' }).fill('陈明');
  await entry.getByRole('button', { name: '确定' }).tap();
  await expect(entry).toBeHidden();
  await expect(order.getByRole('img', { name: /^往生牌位：/ })).toHaveCount(2);
  await order.getByText('我已阅读并同意').tap();
  // 确认支付 is in the sheet's bottom bar, in view without scrolling.
  const confirm = order.getByRole('button', { name: '确认支付' });
  await expect(confirm).toBeInViewport();
  await confirm.tap();
  const pay = page.getByRole('dialog', { name: PHONE_PAYMENT.h5Title });
  await expect(pay).toContainText('1,000');
  await expectInMyOrders(page, pay);
});
