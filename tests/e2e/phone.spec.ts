import { devices, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from './workers';

/**
 * The site on phones, before its mobile routes exist (no mobile site is configured here, so the
 * phone stays on these pages): the shell fits the screen, and 菜单 opens the menu by a tap.
 * Playwright's presets give the phones' screens, touch and agents; they name WebKit for the
 * iPhone, and only Chromium runs here.
 */
const { defaultBrowserType: _iPhoneBrowser, ...iPhone13 } = devices['iPhone 13'];
const { defaultBrowserType: _pixelBrowser, ...pixel7 } = devices['Pixel 7'];

/** The pages of the menu a visitor reaches without logging in, and an item's page of each kind. */
const pages = [
  '/#/index',
  '/#/NewsConsulting',
  '/#/BusinessClass',
  '/#/merit',
  '/#/meritDetail?id=5',
  '/#/ceremony',
  '/#/ceremonyDetail?id=1',
  '/#/powerdekor',
  '/#/powerdekorDetail?id=2&name=大殿外',
  '/#/consecrate',
  '/#/consecrateDetail?type=2',
  '/#/IntoWfs',
];

/** How far the page reaches past the window's right edge (0: nothing to scroll sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Shown boxes under 44 × 44 CSS px among the selector's matches (WCAG 2.5.5's size; 2.5.8 asks 24). */
const smallTargets = async (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((element) => element.checkVisibility())
      .map((element) => ({ name: element.textContent?.trim(), box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ name, box }) => `${name}: ${Math.round(box.width)}×${Math.round(box.height)}`),
  );

for (const [name, device] of [
  ['iPhone 13', iPhone13],
  ['Pixel 7', pixel7],
] as const) {
  test.describe(name, () => {
    test.use(device);

    test('菜单 opens the whole menu by a tap; a row goes to its page and closes it', async ({ page }) => {
      await page.goto('/#/merit');
      // The menu bar does not fit: 菜单 is shown instead (the header draws both at once).
      const menuButton = page.getByRole('button', { name: '菜单' });
      await expect(menuButton).toBeVisible();
      await expect(page.locator('nav[aria-label="主菜单"]')).toHaveCount(1);
      await expect(page.getByRole('navigation', { name: '主菜单' })).toBeHidden();
      await menuButton.tap();
      const sheet = page.getByRole('dialog', { name: '网站导航' });
      await expect(sheet).toBeVisible();
      expect(await smallTargets(page, '[role="dialog"] a, [role="dialog"] button')).toEqual([]);
      await expect(sheet.getByRole('link', { name: /功德供养/ })).toHaveAttribute('aria-current', 'page');
      await expectNoAxeViolations(page, `${name} 菜单`);
      await sheet.getByRole('link', { name: /独姓佛事/ }).tap();
      await expect(page).toHaveURL(/#\/ceremony$/);
      await expect(sheet).toBeHidden();
      await expect(menuButton).toBeFocused();
      await expect(page.getByRole('heading', { name: '独姓佛事', level: 1 })).toBeVisible();
    });

    test('登录 in the menu opens the login dialog', async ({ page }) => {
      await page.goto('/#/index');
      await page.getByRole('button', { name: '菜单' }).tap();
      await page.getByRole('dialog', { name: '网站导航' }).getByRole('button', { name: '登录' }).tap();
      await expect(page.getByRole('dialog', { name: '验证码登录' })).toBeVisible();
      await expect(page.getByRole('dialog', { name: '网站导航' })).toBeHidden();
    });
  });
}

test.describe('at 320 px (the narrowest phone WCAG 1.4.10 reflows to)', () => {
  test.use({ ...iPhone13, viewport: { width: 320, height: 640 } });

  test('no page of the menu scrolls sideways, and the header’s controls are a finger wide', async ({
    page,
  }) => {
    for (const path of pages) {
      // Measured once the page's code and data have come (its form, its seat map), not before.
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('main')).not.toBeEmpty();
      await expect(page.getByRole('button', { name: '菜单' })).toBeVisible();
      expect(await sidewaysOverflow(page), path).toBe(0);
    }
    expect(await smallTargets(page, 'header a, header button')).toEqual([]);
  });

  test('the home page has no accessibility violations', async ({ page }) => {
    await page.goto('/#/index');
    await expect(page.getByRole('region', { name: '寺院动态' })).toBeVisible();
    await expectNoAxeViolations(page, '/#/index at 320 px');
  });
});
