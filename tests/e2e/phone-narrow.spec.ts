import { devices, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { loginViaApi } from '../support/e2e';
import {
  brokenTexts,
  openPhonePage,
  PAGE_CONTROLS,
  pastTheEdge,
  sidewaysOverflow,
  smallTargets,
} from '../support/phone-page';
import { expect, test } from './workers';

/**
 * The phone edition on the narrowest phone WCAG 1.4.10 reflows to (320 CSS px): every page, as a
 * visitor, logged in and in 长辈版, fits the width, its controls are large enough and axe finds
 * nothing. A file of its own, so that it runs beside phone.spec on the other worker.
 */
const { defaultBrowserType: _iPhoneBrowser, ...iPhone13 } = devices['iPhone 13'];

/** The menu's pages, at their mobile addresses, as a visitor sees them. */
const menuPages = [
  '/#/',
  '/#/infoList/council',
  '/#/online/',
  '/#/online/merit/',
  '/#/online/ceremony/',
  '/#/online/powerdekor/',
  '/#/online/tablet/',
  '/#/navigation',
  '/#/online/consecrate/',
];

/** A page of each kind of item, an assembly's, a news item, the videos, the login and success pages. */
const itemPages = [
  '/#/online/merit/detail?id=5',
  '/#/online/ceremony/detail?id=1',
  '/#/online/powerdekor/detail?id=2&name=大殿外',
  '/#/online/tablet/detail?type=2',
  '/#/online/councilRegister/detail?year=2026&name=水陆普度大斋胜会',
  '/#/infoList/newsDetail?id=2',
  '/#/video/',
  '/#/member/login',
  '/#/online/success',
];

/** The member pages (/member/…), walked logged in: 我的信息 and its tabs' page, membership, renewals. */
const memberPages = ['/#/member/', '/#/member/join', '/#/member/renew', '/#/member/proxyRenew'];

test.describe('at 320 px (the narrowest phone WCAG 1.4.10 reflows to)', () => {
  // A 320 px phone's screen as well as its window (the iPhone 13's screen is 390 wide).
  test.use({ ...iPhone13, viewport: { width: 320, height: 640 }, screen: { width: 320, height: 640 } });

  /** Each page: nothing past the right edge, every control 24 px and more, nothing axe finds. */
  const walk = async (page: Page, paths: string[]) => {
    for (const path of paths) {
      await openPhonePage(page, path);
      await expect(page.getByRole('button', { name: '菜单' })).toBeVisible();
      expect(await sidewaysOverflow(page), `${path}: ${(await pastTheEdge(page)).join('; ')}`).toBe(0);
      expect(await brokenTexts(page), path).toEqual([]);
      // WCAG 2.5.8: every control of the page 24 × 24 and more (a choice card's radio is the
      // card, its input out of sight).
      expect(await smallTargets(page, PAGE_CONTROLS, 24), path).toEqual([]);
      await expectNoAxeViolations(page, `${path} at 320 px`);
    }
  };

  test('no page of the menu scrolls sideways, axe finds nothing, and the header’s controls are a finger wide', async ({
    page,
  }) => {
    await walk(page, menuPages);
    expect(await smallTargets(page, 'header a, header button')).toEqual([]);
  });

  test('nor does an item’s, an assembly’s, a news item’s, the videos’, the login or the success page', async ({
    page,
  }) => {
    await walk(page, itemPages);
  });

  test('nor does a member page, logged in', async ({ page, request }) => {
    await loginViaApi(page, request);
    await walk(page, memberPages);
  });

  test.describe('in 长辈版 too: no page scrolls sideways, the main text is 19 px and more, every button 60 px', () => {
    const walkElder = async (page: Page, paths: string[]) => {
      await page.addInitScript(() => window.localStorage.setItem('temple.elder', 'on'));
      for (const path of paths) {
        await openPhonePage(page, path);
        expect(await sidewaysOverflow(page), `${path}: ${(await pastTheEdge(page)).join('; ')}`).toBe(0);
        expect(await brokenTexts(page), path).toEqual([]);
        // MIIT: the main text at least 18 px (the smallest here is text-sm, 19.25 px).
        const smallest = await page
          .locator('main p, main li, main label')
          .evaluateAll((elements) =>
            Math.min(
              ...elements
                .filter((element) => element.checkVisibility() && element.textContent?.trim())
                .map((element) => Number.parseFloat(getComputedStyle(element).fontSize)),
            ),
          );
        expect(smallest, path).toBeGreaterThanOrEqual(18);
        // The main controls 60 × 60 (the calendar's days are the phone calendar's to widen).
        expect(await smallTargets(page, 'header a, header button, main button', 60), path).toEqual([]);
      }
    };

    test('the menu’s pages', async ({ page }) => {
      await walkElder(page, menuPages);
    });

    test('the items’ and the other pages', async ({ page }) => {
      await walkElder(page, itemPages);
    });

    test('the member pages, logged in', async ({ page, request }) => {
      await loginViaApi(page, request);
      await walkElder(page, memberPages);
    });
  });
});
