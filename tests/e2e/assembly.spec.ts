import type { Locator, Page } from '@playwright/test';
import { ASSEMBLY_MESSAGES } from '../../src/contract/assembly';
import { OVER_LIMIT_MESSAGE } from '../../src/contract/money';
import { QR_KEPT_NOTICE } from '../../src/contract/payment';
import { loginViaApi } from '../support/e2e';
import { expect, test } from './workers';

/** Opens an assembly from /BusinessClass and chooses the assembly type and the tablet type. */
const choose = async (page: Page, assembly: string, hoeType: string, tabletType: string) => {
  await page.goto('/#/BusinessClass');
  // A hash change resolves at once: the list must be on the page before its link is looked for
  // (the home page's carousel has a news title starting with an assembly's name).
  await expect(page.getByRole('heading', { level: 1, name: '法会报名', exact: true })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(`^${assembly}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: assembly, exact: true })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${hoeType}`) }).check({ force: true });
  await page.getByRole('radio', { name: new RegExp(`^${tabletType}`) }).check({ force: true });
};

/** Adds a deceased entry in the order dialog: seats (and names) per tablet, then yang-shang names. */
const addDeceased = async (
  page: Page,
  order: Locator,
  tablets: { seat: string; name?: string }[],
  petitioners: string[],
) => {
  await order.getByRole('button', { name: '添加' }).click();
  const entry = page.getByRole('dialog', { name: /往生牌位$/ });
  const ordinals = ['一', '二', '三'];
  for (const [i, tablet] of tablets.entries()) {
    const group = entry.getByRole('group', { name: `往生牌位${ordinals[i]}` });
    await group.getByRole('combobox', { name: '牌位类型' }).selectOption(tablet.seat);
    if (tablet.name) await group.getByRole('textbox').first().fill(tablet.name);
  }
  for (const [i, name] of petitioners.entries())
    await entry.getByRole('textbox', { name: `阳上人${ordinals[i] ?? ''}` }).fill(name);
  await entry.getByRole('button', { name: '确定' }).click();
  await expect(entry).toBeHidden();
};

test('register two deceased tablets of one seat group with yang-shang names, see the preview, pay, reach /success', async ({
  page,
  context,
  request,
}) => {
  await loginViaApi(page, request);
  await choose(page, '盂兰盆报恩法会', '往生', '小功德主');
  await expect(page.getByText('合计：')).toContainText('1,000');
  await page.getByRole('button', { name: '提交' }).click();
  const order = page.getByRole('dialog', { name: '订单确认' });
  await expect(order.getByText('小功德主', { exact: true })).toBeVisible();
  await addDeceased(
    page,
    order,
    [{ seat: '十方法界一切众生' }, { seat: '□氏历代祖先', name: '陈' }],
    ['陈明', '陈慧'],
  );
  // One tablet a deceased, each with the entry's 阳上, as the sheet will print them.
  const tablets = order.getByRole('img', { name: /^往生牌位：/ });
  await expect(tablets).toHaveCount(2);
  await expect(tablets.first()).toHaveAccessibleName(
    '往生牌位：佛力超荐 十方法界一切众生 之莲位 阳上陈明 陈慧敬荐',
  );
  await expect(tablets.last()).toHaveAccessibleName(
    '往生牌位：佛力超荐 陈氏历代祖先 之莲位 阳上陈明 陈慧敬荐',
  );
  await order.getByText('我已阅读并同意').click();
  const sent = page.waitForRequest((r) => r.url().endsWith('/portal/rs/payapi/v1/pay/prePay'));
  await order.getByRole('button', { name: '确认支付' }).click();
  const body = new URLSearchParams((await sent).postData() ?? '').get('jsonObject');
  const qr = page.getByRole('dialog', { name: '请扫码支付' });
  const link = qr.getByRole('link', { name: /在新窗口打开支付页/ });
  const href = (await link.getAttribute('href')) ?? '';
  const phone = await context.newPage();
  await phone.goto(href);
  await phone.getByRole('button', { name: /确认支付/ }).click();
  await expect(page).toHaveURL(/#\/success\?no=WF\d+$/, { timeout: 5000 });
  const no = new URL(page.url().replace('#/', '')).searchParams.get('no') ?? '';
  await phone.close();

  // As entered: the entry on the wire, and the order row the server kept for it.
  const payload = JSON.parse(body ?? '{}');
  expect(payload).toMatchObject({
    type: 1,
    HOE_NAME: '盂兰盆报恩法会',
    HOE_TYPE: '往生',
    TABLET_TYPE: '小功德主',
    QUANTITY: 1,
    HOE_GDJ_TOTAL: 1000,
    zzList: [],
    jyList: [{ JY1: '十方法界一切众生', YS1: '陈明', YS2: '陈慧', YS3: '' }],
  });
  expect(payload.jyList[0].JY2).toContain('陈');
  const row = await (await request.get(`/dev/orders/${no}`)).json();
  expect(row.data).toMatchObject({ out_trade_no: no, type: 1, state: 1, amount_fen: 100_000 });
  // The entry as the database keeps it: both tablets, the yang-shang names, nothing else.
  expect(row.data.entries).toEqual([
    expect.objectContaining({
      position: 0,
      kind: '往生',
      tablet1: '十方法界一切众生',
      tablet2: payload.jyList[0].JY2,
      tablet3: '',
      ys1: '陈明',
      ys2: '陈慧',
      ys3: '',
    }),
  ]);
});

test('over 10000 the temple is advised and 确定 goes back to the list; entries must reach the quantity and a new-year-eve assembly takes one', async ({
  page,
  request,
}) => {
  await loginViaApi(page, request);
  await choose(page, '盂兰盆报恩法会', '往生', '大功德主');
  for (let i = 0; i < 3; i += 1) await page.getByRole('button', { name: '增加 数量' }).click();
  await page.getByRole('button', { name: '提交' }).click();
  const warning = page.getByRole('dialog', { name: '温馨提示' });
  await expect(warning.getByText(OVER_LIMIT_MESSAGE)).toBeVisible();
  await warning.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/#\/BusinessClass$/);

  // QUANTITY 2 with one entry is not paid for; a third entry cannot be added.
  await choose(page, '观音菩萨圣诞法会', '往生', '大功德主');
  await page.getByRole('button', { name: '增加 数量' }).click();
  await page.getByRole('button', { name: '提交' }).click();
  const order = page.getByRole('dialog', { name: '订单确认' });
  await addDeceased(page, order, [{ seat: '十方法界一切众生' }], ['林慧']);
  await order.getByText('我已阅读并同意').click();
  await order.getByRole('button', { name: '确认支付' }).click();
  await expect(order.getByRole('alert')).toHaveText(ASSEMBLY_MESSAGES.entriesShort(2, 1));
  await expect(page.getByRole('dialog', { name: '请扫码支付' })).toBeHidden();
  await addDeceased(page, order, [{ seat: '累世冤亲债主' }], ['林慧']);
  await expect(order.getByRole('button', { name: '添加' })).toBeDisabled();
  await expect(order.getByText(ASSEMBLY_MESSAGES.tooManyEntries(2))).toBeVisible();
  // A deleted entry makes room again.
  await order.getByRole('button', { name: '删除第2条' }).click();
  await expect(order.getByRole('button', { name: '添加' })).toBeEnabled();
  await order.getByRole('button', { name: '取消' }).click();

  // The new-year-eve assemblies take exactly one entry, whatever the quantity.
  await choose(page, '除夕报恩普佛', '往生', '吉祥');
  await page.getByRole('button', { name: '增加 数量' }).click();
  await page.getByRole('button', { name: '提交' }).click();
  await addDeceased(page, order, [{ seat: '十方法界一切众生' }], ['林慧']);
  await expect(order.getByRole('button', { name: '添加' })).toBeDisabled();
  await expect(order.getByText(ASSEMBLY_MESSAGES.oneEntryOnly)).toBeVisible();
});

test('a QR closed unpaid is resumed, never duplicated: the same order again, one row in 我的订单, and 取消订单 closes it', async ({
  page,
  request,
}) => {
  await loginViaApi(page, request);
  await choose(page, '观音菩萨圣诞法会', '往生', '吉祥');
  await page.getByRole('button', { name: '提交' }).click();
  const order = page.getByRole('dialog', { name: '订单确认' });
  await addDeceased(page, order, [{ seat: '十方法界一切众生' }], ['林慧']);
  await order.getByText('我已阅读并同意').click();
  await order.getByRole('button', { name: '确认支付' }).click();
  const qr = page.getByRole('dialog', { name: '请扫码支付' });
  await expect(qr).toContainText(QR_KEPT_NOTICE);
  const first = (await qr.locator('[data-code-url]').getAttribute('data-code-url')) ?? '';
  const no = /WF\d+$/.exec(first)?.[0] ?? '';
  expect(no).not.toBe('');
  await qr.getByRole('button', { name: '关闭', exact: true }).click();
  // Back in the dialog with the entry and the agreement: 确认支付 opens the same order.
  await expect(order.getByRole('button', { name: '编辑第1条' })).toBeVisible();
  await order.getByRole('button', { name: '确认支付' }).click();
  await expect(qr.locator('[data-code-url]')).toHaveAttribute('data-code-url', first);
  await qr.getByRole('button', { name: '关闭', exact: true }).click();
  // Cancelled and typed again from the start (a new 提交, a new key): still the same order.
  await order.getByRole('button', { name: '取消' }).click();
  await page.getByRole('button', { name: '提交' }).click();
  await addDeceased(page, order, [{ seat: '十方法界一切众生' }], ['林慧']);
  await order.getByText('我已阅读并同意').click();
  await order.getByRole('button', { name: '确认支付' }).click();
  await expect(qr.locator('[data-code-url]')).toHaveAttribute('data-code-url', first);
  await qr.getByRole('button', { name: '关闭', exact: true }).click();
  await order.getByRole('button', { name: '取消' }).click();

  await page.goto('/#/UserCenter');
  await page.getByRole('tab', { name: '我的订单' }).click();
  const table = page.getByRole('table', { name: '我的订单' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: no });
  await expect(row).toContainText('观音菩萨圣诞法会');
  await row.getByRole('button', { name: `取消订单 ${no}` }).click();
  await page.getByRole('dialog', { name: '取消订单' }).getByRole('button', { name: '确定取消' }).click();
  await expect(row).toContainText('已关闭');
  const stored = await (await request.get(`/dev/orders/${no}`)).json();
  expect(stored.data).toMatchObject({ state: 5 });
});
