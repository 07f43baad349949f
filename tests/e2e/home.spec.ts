import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from './workers';

/** The 寺院动态 carousel and the slides a believer can reach now (not inert), by their labels. */
const carousel = (page: Page) => page.getByRole('region', { name: '寺院动态' });
const shown = (page: Page) =>
  carousel(page)
    .locator('[aria-roledescription="slide"]:not([inert])')
    .evaluateAll((slides) => slides.map((slide) => slide.getAttribute('aria-label')));

/** More than two autoplay periods (2 s each): long enough for a rotating carousel to move. */
const LONGER_THAN_TWO_PERIODS = 5_000;

/**
 * The page's timers run on Playwright's clock: time flows as it does, and the periods a test waits
 * for are run at once (runFor fires every timer due in them) instead of waited out.
 */
const openHome = async (page: Page) => {
  await page.clock.install();
  await page.goto('/#/index');
  await expect(carousel(page)).toHaveAttribute('aria-roledescription', 'carousel');
  const slides = carousel(page).locator('[aria-roledescription="slide"]');
  await expect(slides.first()).toBeVisible();
  // The seed's home menu has more slides than the three in view, so the carousel loops.
  const count = await slides.count();
  expect(count).toBeGreaterThan(3);
  return count;
};

const staysStill = async (page: Page) => {
  const before = await shown(page);
  expect(before).toHaveLength(3);
  await page.clock.runFor(LONGER_THAN_TWO_PERIODS);
  // A move those timers made is drawn in a task after them (React's): give it that time.
  await page.waitForTimeout(300);
  expect(await shown(page)).toEqual(before);
};

const movesOn = async (page: Page) => {
  const before = await shown(page);
  await page.clock.runFor(LONGER_THAN_TWO_PERIODS);
  await expect.poll(() => shown(page), { timeout: 10_000 }).not.toEqual(before);
};

test('the news carousel advances by itself, and stands still while hovered', async ({ page }) => {
  await openHome(page);
  await page.mouse.move(0, 0);
  await expect(carousel(page).locator('[aria-live]')).toHaveAttribute('aria-live', 'off');
  await movesOn(page);

  await carousel(page).locator('[aria-roledescription="slide"]:not([inert])').first().hover();
  await expect(carousel(page).locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  await staysStill(page);
  await page.mouse.move(0, 0);
  await movesOn(page);
});

test('the news carousel stands still while keyboard focus is inside it, and moves on when it leaves', async ({
  page,
}) => {
  await openHome(page);
  await page.mouse.move(0, 0);
  // Tab from the section's heading row into the carousel: its first control.
  await page.getByRole('heading', { name: '寺院动态' }).click();
  await page.mouse.move(0, 0);
  await page.keyboard.press('Tab');
  await expect(carousel(page).getByRole('button', { name: '暂停播放' })).toBeFocused();
  await staysStill(page);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(carousel(page).locator('[aria-roledescription="slide"]:not([inert]) a').first()).toBeFocused();
  await staysStill(page);
  await page.getByRole('heading', { name: '在线办理' }).click();
  await movesOn(page);
});

test('暂停播放 stops the news carousel and 继续播放 starts it again', async ({ page }) => {
  await openHome(page);
  await carousel(page).getByRole('button', { name: '暂停播放' }).click();
  await page.mouse.move(0, 0);
  await expect(carousel(page).getByRole('button', { name: '继续播放' })).toBeVisible();
  await staysStill(page);

  // 上一张 / 下一张 still step by hand while it is paused.
  const before = await shown(page);
  await carousel(page).getByRole('button', { name: '下一张' }).click();
  await expect.poll(() => shown(page)).not.toEqual(before);

  await carousel(page).getByRole('button', { name: '继续播放' }).click();
  await page.mouse.move(0, 0);
  await expect(carousel(page).getByRole('button', { name: '暂停播放' })).toBeVisible();
  await movesOn(page);
});

test('with reduced motion the news carousel neither rotates nor slides', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const count = await openHome(page);
  await page.mouse.move(0, 0);
  await expect(carousel(page).getByRole('button', { name: '暂停播放' })).toHaveCount(0);
  await staysStill(page);

  const strip = carousel(page).locator('[aria-live]');
  await expect(strip).toHaveAttribute('aria-live', 'polite');
  await carousel(page).getByRole('button', { name: '下一张' }).click();
  await expect.poll(() => shown(page)).toEqual([2, 3, 4].map((n) => `第 ${n} 张，共 ${count} 张`));
  expect(await strip.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');
});

test('the home page has no accessibility violations', async ({ page }) => {
  await openHome(page);
  await expectNoAxeViolations(page, '首页');
});
