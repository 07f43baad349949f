import type { BrowserContext, Page } from '@playwright/test';
import { addYearsYmd } from '../../src/contract/membership';
import { loginViaApi } from '../support/e2e';
import { expect, test } from './workers';

/** Today in the temple's zone, as the server counts it. */
const templeToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', dateStyle: 'short' }).format(new Date());

/** Pays the open QR dialog in the sandbox, "scanned" in a second tab; answers the trade number. */
const payOpenQr = async (page: Page, context: BrowserContext) => {
  const qr = page.getByRole('dialog', { name: '请扫码支付' });
  const codeUrl = (await qr.locator('[data-code-url]').getAttribute('data-code-url')) ?? '';
  const href = (await qr.getByRole('link', { name: /在新窗口打开支付页/ }).getAttribute('href')) ?? '';
  const phone = await context.newPage();
  await phone.goto(href);
  await phone.getByRole('button', { name: /确认支付/ }).click();
  await expect(qr).toBeHidden({ timeout: 10_000 });
  await phone.close();
  return /WF\d+$/.exec(codeUrl)?.[0] ?? '';
};

/** The membership card of 个人中心: its code and its end date. */
const membershipCard = async (page: Page) => {
  await page.goto('/#/UserCenter');
  await page.reload();
  const card = page.getByRole('region', { name: '功德会会员' });
  await expect(card).toContainText('有效');
  const text = (await card.textContent()) ?? '';
  return {
    code: /HY\d{10}/.exec(text)?.[0] ?? '',
    endDate: /有效期至(\d{4}-\d{2}-\d{2})/.exec(text)?.[1] ?? '',
  };
};

test('join the society and pay; the user centre shows the order and the membership; another believer renews it by proxy', async ({
  page,
  context,
  browser,
  request,
}) => {
  await loginViaApi(page, request);
  await page.goto('/#/joinMember');
  await expect(page.getByRole('heading', { level: 1, name: '功德会入会' })).toBeVisible();

  // 年限选择: one year (¥365).
  await page.getByRole('radio', { name: /功德会会员（一年）/ }).check({ force: true });
  await page.getByRole('button', { name: '下一步' }).click();

  // The form: the name and YS1 come from the profile, GFR1 from the fixed phrase.
  await expect(page.getByRole('textbox', { name: '会员姓名' })).toHaveValue('林慧');
  await expect(page.getByRole('textbox', { name: /^阳上人一/ })).toHaveValue('林慧');
  await page.getByRole('radio', { name: '女' }).check({ force: true });
  await page.getByLabel('出生日期').fill('1962-04-18');
  for (const [level, place] of [
    ['省份', '上海市'],
    ['城市', '市辖区'],
    ['区县', '黄浦区'],
  ]) {
    await page.getByRole('button', { name: new RegExp(`所在地区.*${level}`) }).click();
    await page.getByRole('option', { name: place, exact: true }).click();
  }
  await page.getByRole('textbox', { name: '详细地址' }).fill('南京东路100号');
  await page.getByRole('button', { name: '下一步' }).click();

  // 信息确认: 立即购买 waits for the consent.
  await expect(page.getByText('上海市 / 市辖区 / 黄浦区')).toBeVisible();
  const buy = page.getByRole('button', { name: '立即购买' });
  await expect(buy).toBeDisabled();
  await page.getByText('我已阅读并同意').click();
  await expect(buy).toBeEnabled();
  await buy.click();
  const joinNo = await payOpenQr(page, context);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('USER_TYPE'))).toBe('2');

  // 个人中心: the membership (code, 有效, a year from today) and the paid order with its number.
  const joined = await membershipCard(page);
  expect(joined.code).not.toBe('');
  expect(joined.endDate).toBe(addYearsYmd(templeToday(), 1));
  await page.getByRole('tab', { name: '我的订单' }).click();
  const row = page.getByRole('row').filter({ hasText: joinNo });
  await expect(row).toContainText('已支付');
  await expect(row).toContainText('¥365');

  // Another believer, in a browser of their own, renews it by proxy for three years.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await loginViaApi(otherPage, request);
  await otherPage.goto('/#/GenerationRenewal');
  await otherPage.getByRole('textbox', { name: '会员编号' }).fill(joined.code);
  await otherPage.getByRole('textbox', { name: '会员姓名' }).fill('林慧');
  await otherPage.getByRole('button', { name: '查找' }).click();
  await expect(otherPage.getByText('林*')).toBeVisible();
  await otherPage.getByRole('radio', { name: '朋友' }).check({ force: true });
  await otherPage.getByRole('radio', { name: /功德会会员（三年）/ }).check({ force: true });
  await expect(otherPage.getByText(`续费后有效期至：${addYearsYmd(joined.endDate, 3)}`)).toBeVisible();
  await otherPage.getByRole('button', { name: '确认续费' }).click();
  await payOpenQr(otherPage, other);
  await expect(otherPage.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await other.close();

  // The member's end date moved by the three years bought.
  const renewed = await membershipCard(page);
  expect(renewed).toEqual({ code: joined.code, endDate: addYearsYmd(joined.endDate, 3) });
});
