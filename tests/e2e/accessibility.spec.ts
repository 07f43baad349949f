import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { loginViaApi } from '../support/e2e';

/** Pages a believer sees, checked with axe (WCAG 2 A and AA, contrast included). */
const pages = ['/#/index', '/#/merit', '/#/meritDetail?id=5', '/#/UserCenter', '/#/success'];

test('the pages have no accessibility violations', async ({ page, request }) => {
  await loginViaApi(page, request);
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
    await expect(page.getByRole('main')).not.toBeEmpty();
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
});

test('the login dialog has no accessibility violations', async ({ page }) => {
  await page.goto('/#/index');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('dialog', { name: '验证码登录' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
