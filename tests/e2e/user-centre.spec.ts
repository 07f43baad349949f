import { loginViaApi } from '../support/e2e';
import { expect, test } from './workers';

test('an unpaid order is paid again from 我的订单: the same QR, and the row reads 已支付', async ({
  page,
  context,
  request,
}) => {
  await loginViaApi(page, request);
  // An offering ordered, its QR closed without paying.
  // Straight to the offering: the merit list's links are the merit spec's concern.
  await page.goto('/#/meritDetail?id=1');
  await expect(page.getByRole('heading', { name: '佛前供灯' })).toBeVisible();
  await page.getByLabel('功德芳名').fill('林慧');
  await page.getByRole('button', { name: '提交' }).click();
  await page.getByRole('dialog', { name: '订单确认' }).getByRole('button', { name: '确认支付' }).click();
  const qr = page.getByRole('dialog', { name: '请扫码支付' });
  const first = await qr.locator('[data-code-url]').getAttribute('data-code-url');
  await qr.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(qr).toBeHidden();
  const no = /WF\d+$/.exec(first ?? '')?.[0] ?? '';
  expect(no).not.toBe('');

  await page.goto('/#/UserCenter');
  await page.getByRole('tab', { name: '我的订单' }).click();
  const row = page.getByRole('row').filter({ hasText: no });
  await expect(row).toContainText('已预订');
  await row.getByRole('button', { name: `去支付 订单 ${no}` }).click();
  await expect(qr).toContainText('佛前供灯');
  await expect(qr.locator('[data-code-url]')).toHaveAttribute('data-code-url', first ?? '');

  const href = (await qr.getByRole('link', { name: /在新窗口打开支付页/ }).getAttribute('href')) ?? '';
  const phone = await context.newPage();
  await phone.goto(href);
  await phone.getByRole('button', { name: /确认支付/ }).click();
  // The sandbox tab is closed once the page has seen the payment (closing it at once can hang).
  await expect(row).toContainText('已支付', { timeout: 10_000 });
  await phone.close();
  await expect(row.getByRole('button', { name: /去支付/ })).toHaveCount(0);
  const stored = await (await request.get(`/dev/orders/${no}`)).json();
  expect(stored.data).toMatchObject({ state: 1 });
});
