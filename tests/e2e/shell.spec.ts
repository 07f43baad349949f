import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { loginViaApi } from '../support/e2e';
import { expect, test } from './workers';

/** The wish wall's moving list and what the browser computes for its animation. */
const track = (page: Page) => page.locator('.wish-wall-track');
const animation = (page: Page) =>
  track(page).evaluate((el) => {
    const style = getComputedStyle(el);
    return { name: style.animationName, state: style.animationPlayState };
  });

test('the wish wall stops on hover, on focus and with its button, and never moves for reduced motion', async ({
  page,
}) => {
  await page.goto('/#/merit');
  const wall = page.getByRole('complementary', { name: '心愿墙' });
  await expect(wall.getByRole('button', { name: '暂停滚动' })).toBeVisible();
  await page.mouse.move(0, 0);
  expect(await animation(page)).toEqual({ name: 'wish-scroll', state: 'running' });

  await wall.getByRole('region', { name: '心愿列表' }).hover();
  expect((await animation(page)).state).toBe('paused');
  await page.mouse.move(0, 0);
  expect((await animation(page)).state).toBe('running');

  await wall.getByRole('region', { name: '心愿列表' }).focus();
  expect((await animation(page)).state).toBe('paused');

  await wall.getByRole('button', { name: '暂停滚动' }).click();
  await page.mouse.move(0, 0);
  expect((await animation(page)).state).toBe('paused');
  await wall.getByRole('button', { name: '继续滚动' }).click();
  await page.mouse.move(0, 0);
  expect((await animation(page)).state).toBe('running');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect((await animation(page)).name).toBe('none');
  await expect(wall.getByRole('button', { name: '暂停滚动' })).toBeHidden();
});

test('an unknown address shows the Chinese 404 in the site, named in the title', async ({ page }) => {
  await page.goto('/#/no/such/page');
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  await expect(page.getByText('Not Found')).toHaveCount(0);
  await expect(page).toHaveTitle(/^页面不存在 - .+/);
  await expectNoAxeViolations(page, '页面不存在');
  await page.getByRole('main').getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/#\/index$/);
  await expect(page).toHaveTitle(/^首页 - .+/);
});

test('a logged-in believer opening /login goes on to where the link pointed', async ({ page, request }) => {
  await loginViaApi(page, request);
  await page.goto('/#/login?redirect=%2Fmerit');
  await expect(page).toHaveURL(/#\/merit$/);
  await expect(page.getByText('登录已失效')).toHaveCount(0);
  await expect(page).toHaveTitle(/^功德供养 - .+/);
});

test('/success opened directly claims no payment', async ({ page, request }) => {
  await loginViaApi(page, request);
  await page.goto('/#/success');
  await expect(page.getByRole('heading', { name: '未找到已支付的订单' })).toBeVisible();
  await expect(page.getByText('支付成功')).toHaveCount(0);
  await page.goto('/#/success?no=WF20000101000000000001');
  await expect(page.getByRole('heading', { name: '未找到已支付的订单' })).toBeVisible();
});
