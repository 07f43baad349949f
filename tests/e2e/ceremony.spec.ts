import type { APIRequestContext, Page } from '@playwright/test';
import { addDaysYmd, CEREMONY_NOTICES, ceremonyApi } from '../../src/contract/ceremony';
import { CEREMONY_SLOT, freeCeremonyDays, spokenDay, templeToday } from '../support/ceremony-days';
import { loginViaApi } from '../support/e2e';
import { expect, test } from './workers';

const freeDays = (request: APIRequestContext) => freeCeremonyDays(request, 14, 40);

/** Opens 往生普佛 from /ceremony and chooses the tablet type and the tier. */
const openBooking = async (page: Page) => {
  await page.goto('/#/ceremony');
  await page.getByRole('link', { name: /^往生普佛/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '往生普佛' })).toBeVisible();
  await page.getByRole('radio', { name: /^往生莲位/ }).check({ force: true });
  await page.getByRole('radio', { name: /^一堂/ }).check({ force: true });
};

/** Shows the month of `ymd` in the calendar and picks the date. */
const pickDate = async (page: Page, ymd: string) => {
  const cell = page.getByRole('button', { name: new RegExp(`^${spokenDay(ymd)} `) });
  // The calendar is its own chunk: until it has drawn a month, no cell is visible in any.
  await expect(page.getByRole('grid')).toBeVisible();
  for (let month = 0; month < 2 && !(await cell.isVisible()); month += 1)
    await page.getByRole('button', { name: '下个月' }).click();
  await cell.click();
};

test('book a ceremony about two weeks ahead, pay the deposit: another believer sees one session fewer', async ({
  page,
  browser,
  context,
  request,
}) => {
  // The server's own calendar: the first bookable day from two weeks ahead whose first slot has 2 left.
  const date = (await freeDays(request))[0] ?? '';

  await loginViaApi(page, request);
  await openBooking(page);
  await pickDate(page, date);
  await page.getByRole('button', { name: `${CEREMONY_SLOT} 剩 2 场` }).click();
  await page.getByRole('button', { name: '提交' }).click();

  const hint = page.getByRole('dialog', { name: '温馨提示' });
  await expect(hint).toContainText(CEREMONY_NOTICES.hint);
  await hint.getByRole('button', { name: '确定' }).click();

  const order = page.getByRole('dialog', { name: '订单确认' });
  await expect(order).toContainText(`${date} ${CEREMONY_SLOT}`);
  await order.getByRole('button', { name: '添加' }).click();
  const entry = page.getByRole('dialog', { name: /往生牌位$/ });
  const first = entry.getByRole('group', { name: '往生牌位一' });
  await first.getByRole('combobox', { name: '牌位类型' }).selectOption('父母');
  await first.getByRole('textbox', { name: '牌位名称' }).fill('陈德明');
  await first.getByLabel('出生日期（选填）').fill('1938-03-12');
  await first.getByLabel('往生日期（选填）').fill('2025-10-02');
  await entry.getByRole('textbox', { name: '阳上人一' }).fill('陈慧');
  await entry.getByRole('button', { name: '确定' }).click();
  await expect(entry).toBeHidden();
  await order.getByRole('textbox', { name: /缘由/ }).fill('先父往生周年，祈愿莲品增上');
  await order.getByText('我已阅读并同意').click();
  await order.getByRole('button', { name: '确定' }).click();

  const reservation = page.getByRole('dialog', { name: '预约须知' });
  await expect(reservation).toContainText(CEREMONY_NOTICES.reservation);
  const sent = page.waitForRequest((r) => r.url().endsWith(ceremonyApi.order.path));
  await reservation.getByRole('button', { name: '确定，支付定金' }).click();
  const body = JSON.parse(new URLSearchParams((await sent).postData() ?? '').get('jsonObject') ?? '{}');
  expect(body).toMatchObject({
    type: 2,
    FS_TYPE: '1',
    FS_DATE: date,
    FS_TIME: CEREMONY_SLOT,
    MANY: '一堂',
    FS_CONTENT: '往生莲位',
    GDJ_TOTAL: 3800,
    MONEY: 1000,
    WS_FG_JY: '父母陈德明 生1938-03-12 殁2025-10-02',
    WS_YS: '陈慧',
    jyList: [{ JY1: '父母陈德明', BIRTH_DAY1: '1938-03-12', DEATH_DAY1: '2025-10-02' }],
    ysList: [{ YS1: '陈慧' }],
  });

  const qr = page.getByRole('dialog', { name: '请扫码支付' });
  await expect(qr).toContainText('1,000');
  const href = (await qr.getByRole('link', { name: /在新窗口打开支付页/ }).getAttribute('href')) ?? '';
  const phone = await context.newPage();
  await phone.goto(href);
  await phone.getByRole('button', { name: /确认支付/ }).click();
  await expect(page).toHaveURL(/#\/success\?no=WF\d+$/, { timeout: 5000 });
  await phone.close();
  const no = new URL(page.url().replace('#/', '')).searchParams.get('no') ?? '';
  const row = await (await request.get(`/dev/orders/${no}`)).json();
  expect(row.data).toMatchObject({ type: 2, state: 1, amount_fen: 100_000 });

  // Another believer, in a browser of their own: the slot now has one session left.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await loginViaApi(otherPage, request);
  await openBooking(otherPage);
  await pickDate(otherPage, date);
  await expect(otherPage.getByRole('button', { name: `${CEREMONY_SLOT} 剩 1 场` })).toBeEnabled();
  await other.close();
});

test('the calendar refuses what the server refuses, and says why; 提交 without a time says 请选择时间', async ({
  page,
}) => {
  await openBooking(page);
  const tomorrow = addDaysYmd(templeToday(), 1);
  const cell = page.getByRole('button', { name: new RegExp(`^${spokenDay(tomorrow)} `) });
  await expect(page.getByRole('grid')).toBeVisible();
  if (!(await cell.isVisible())) await page.getByRole('button', { name: '下个月' }).click();
  await expect(cell).toHaveAccessibleName(/最早可预约/);
  await expect(cell).toHaveAttribute('aria-disabled', 'true');
  // 提交 with nothing chosen but the type: 请选择时间 beside the calendar; nothing is sent.
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '请选择时间' })).toBeVisible();
});

test('lunar-javascript loads only where a calendar is shown: not on the home, merit or assembly pages', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  for (const path of ['/#/index', '/#/merit', '/#/BusinessClass', '/#/ceremony']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.filter((url) => url.includes('lunar-calendar'))).toEqual([]);
  await page.goto('/#/ceremonyDetail?id=2');
  await expect(page.getByRole('grid')).toBeVisible();
  expect(scripts.filter((url) => url.includes('lunar-calendar'))).toHaveLength(1);
});

test('a QR closed unpaid: back in the order dialog with the entry, and paying again is the same booking holding one session', async ({
  page,
  browser,
  request,
}) => {
  // The last such day (the first is the other booking test's).
  const date = (await freeDays(request)).at(-1) ?? '';

  await loginViaApi(page, request);
  await openBooking(page);
  await pickDate(page, date);
  await page.getByRole('button', { name: `${CEREMONY_SLOT} 剩 2 场` }).click();
  await page.getByRole('button', { name: '提交' }).click();
  await page.getByRole('dialog', { name: '温馨提示' }).getByRole('button', { name: '确定' }).click();
  const order = page.getByRole('dialog', { name: '订单确认' });
  await order.getByRole('button', { name: '添加' }).click();
  const entry = page.getByRole('dialog', { name: /往生牌位$/ });
  await entry
    .getByRole('group', { name: '往生牌位一' })
    .getByRole('combobox', { name: '牌位类型' })
    .selectOption('十方法界一切众生');
  await entry.getByRole('textbox', { name: '阳上人一' }).fill('陈慧');
  await entry.getByRole('button', { name: '确定' }).click();
  await order.getByRole('textbox', { name: /缘由/ }).fill('超荐先祖');
  await order.getByText('我已阅读并同意').click();
  const pay = async () => {
    await order.getByRole('button', { name: '确定' }).click();
    await page
      .getByRole('dialog', { name: '预约须知' })
      .getByRole('button', { name: '确定，支付定金' })
      .click();
    const qr = page.getByRole('dialog', { name: '请扫码支付' });
    const url = (await qr.locator('[data-code-url]').getAttribute('data-code-url')) ?? '';
    await qr.getByRole('button', { name: '关闭', exact: true }).click();
    await expect(qr).toBeHidden();
    return url;
  };
  const first = await pay();
  // Back in the order dialog: the entry and the cause are still there.
  await expect(order.getByRole('button', { name: '编辑第1条' })).toBeVisible();
  await expect(order.getByRole('textbox', { name: /缘由/ })).toHaveValue('超荐先祖');
  expect(await pay()).toBe(first);
  const no = /WF\d+$/.exec(first)?.[0] ?? '';
  const row = await (await request.get(`/dev/orders/${no}`)).json();
  expect(row.data).toMatchObject({ type: 2, state: 0 });

  // Another believer sees one session held, not two.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await loginViaApi(otherPage, request);
  await openBooking(otherPage);
  await pickDate(otherPage, date);
  await expect(otherPage.getByRole('button', { name: `${CEREMONY_SLOT} 剩 1 场` })).toBeEnabled();
  await other.close();
});
