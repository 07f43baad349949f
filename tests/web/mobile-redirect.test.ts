import type { SiteAnswer } from '@contract/site';
import { defaultSiteConfig } from '@server/db/seed/site';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen } from '@testing-library/react';
import type { Edition } from '@web/router-context';
import { EDITION_KEY, EditionProvider, type showEdition } from '@web/shared/edition';
import {
  type DesktopRoute,
  desktopRouteOf,
  isPhone,
  MOBILE_ROUTES,
  mobileRouteFor,
  mobileUrlFor,
} from '@web/shared/mobile-redirect';
import { siteConfigQuery } from '@web/shared/site-config-query';
import { RESIZE_SETTLE_MS, useMobileRedirect } from '@web/shared/use-mobile-redirect';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../support/fake-api';
import { renderApp } from '../support/render-app';

/** Spec 000 section 2, written out here (not read from the table under test). */
const SPEC_ROWS: [DesktopRoute, string][] = [
  ['/', '/'],
  ['/index', '/'],
  ['/BusinessClass', '/online/'],
  ['/merit', '/online/merit/'],
  ['/ceremony', '/online/ceremony/'],
  ['/powerdekor', '/online/powerdekor/'],
  ['/NewsConsulting', '/infoList/council'],
  ['/IntoWfs', '/navigation'],
  ['/guangciVolunteers', '/online/consecrate/'],
  ['/UserCenter', '/member/'],
  ['/homeDetail', '/online/councilRegister/detail'],
  ['/newsDetail', '/infoList/newsDetail'],
];

const UA = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36',
  wechat:
    'Mozilla/5.0 (Linux; Android 13; V2217A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/111.0.5563.116 Mobile Safari/537.36 XWEB/1160117 MMWEBSDK/20240301 MicroMessenger/8.0.48.2580(0x28003035) WeChat/arm64',
  harmony:
    'Mozilla/5.0 (Phone; OpenHarmony 4.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1',
  windowsPhone:
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Edge/15.15063',
  iPod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)',
  operaMini:
    'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54',
  blackBerry: 'Mozilla/5.0 (BB10; Touch) AppleWebKit/537.10+ (KHTML, like Gecko) Version/10.0.9.2372',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36',
  firefoxTablet: 'Mozilla/5.0 (Android 13; Tablet; rv:126.0) Gecko/126.0 Firefox/126.0',
};

const desktopScreen = { screenWidth: 1920, screenHeight: 1080, touch: false };

describe('the desktop → mobile route table (spec 000 section 2)', () => {
  it('has exactly the rows of the spec, and the news detail by path', () => {
    expect(MOBILE_ROUTES.map(({ desktop, mobile }) => [desktop, mobile])).toEqual([
      ...SPEC_ROWS,
      ['/listDetail/$id', '/infoList/newsDetail'],
    ]);
  });

  it.each(SPEC_ROWS)('maps %s to %s', (desktop, mobile) => {
    expect(mobileRouteFor(desktop)).toBe(mobile);
    expect(mobileUrlFor('https://m.example.org', desktop)).toBe(`https://m.example.org${mobile}`);
  });

  it.each(SPEC_ROWS)('keeps the query of %s', (desktop, mobile) => {
    expect(mobileRouteFor(`${desktop}?year=2026&name=%E8%A7%82%E9%9F%B3`)).toBe(
      `${mobile}?year=2026&name=%E8%A7%82%E9%9F%B3`,
    );
  });

  it('maps the news detail by path to the mobile news detail, its id in the query before the rest', () => {
    expect(mobileRouteFor('/listDetail/42')).toBe('/infoList/newsDetail?id=42');
    expect(mobileRouteFor('/listDetail/42?from=home')).toBe('/infoList/newsDetail?id=42&from=home');
    expect(mobileRouteFor('/listDetail/a%26b')).toBe('/infoList/newsDetail?id=a%26b');
    expect(mobileRouteFor('/listDetail/%E0%A4%A')).toBe('/infoList/newsDetail?id=%25E0%25A4%25A');
  });

  it('keeps the query of the detail pages as it was written', () => {
    expect(mobileRouteFor('/homeDetail?year=2026&name=%E6%B0%B4%E9%99%86%E6%B3%95%E4%BC%9A')).toBe(
      '/online/councilRegister/detail?year=2026&name=%E6%B0%B4%E9%99%86%E6%B3%95%E4%BC%9A',
    );
    expect(mobileRouteFor('/newsDetail?id=7')).toBe('/infoList/newsDetail?id=7');
    expect(mobileRouteFor('/merit?')).toBe('/online/merit/');
  });

  it('matches regardless of case and of a trailing slash, as the router does', () => {
    expect(mobileRouteFor('/usercenter')).toBe('/member/');
    expect(mobileRouteFor('/MERIT/')).toBe('/online/merit/');
    expect(mobileRouteFor('/index/?a=1')).toBe('/?a=1');
  });

  it.each([
    '/wfVideo',
    '/videoDetail/3',
    '/success?out_trade_no=T1',
    '/login?redirect=%2FUserCenter',
    '/joinMember',
    '/no/such/page',
    '/merit/extra',
    '/listDetail',
  ])('sends %s, which has no mobile page, to the mobile home without its query', (desktop) => {
    expect(mobileRouteFor(desktop)).toBe('/');
  });
});

describe('the mobile-site address', () => {
  it('joins the configured base and the mobile route, with or without a trailing slash', () => {
    expect(mobileUrlFor('https://m.example.org', '/merit?x=1')).toBe(
      'https://m.example.org/online/merit/?x=1',
    );
    expect(mobileUrlFor('https://m.example.org/', '/merit?x=1')).toBe(
      'https://m.example.org/online/merit/?x=1',
    );
    expect(mobileUrlFor(' https://m.example.org/wap ', '/IntoWfs')).toBe(
      'https://m.example.org/wap/navigation',
    );
    expect(mobileUrlFor('http://m.example.org', '/index')).toBe('http://m.example.org/');
  });

  it('reaches a hash-routed mobile site through a base ending in /#', () => {
    expect(mobileUrlFor('https://m.example.org/#', '/NewsConsulting')).toBe(
      'https://m.example.org/#/infoList/council',
    );
    expect(mobileUrlFor('https://m.example.org/#/', '/homeDetail?year=2026')).toBe(
      'https://m.example.org/#/online/councilRegister/detail?year=2026',
    );
  });

  it.each(['', '   ', 'm.example.org', '/mobile', 'javascript:alert(1)', 'ftp://m.example.org'])(
    'is none with the base %j: nothing redirects',
    (base) => {
      expect(mobileUrlFor(base, '/merit')).toBeNull();
    },
  );

  it('reads the route from the hash', () => {
    expect(desktopRouteOf('#/homeDetail?year=2026')).toBe('/homeDetail?year=2026');
    expect(desktopRouteOf('#/')).toBe('/');
    expect(desktopRouteOf('#')).toBe('/');
    expect(desktopRouteOf('')).toBe('/');
  });
});

describe('which devices are phones', () => {
  it.each([
    'iPhone',
    'androidChrome',
    'wechat',
    'harmony',
    'windowsPhone',
    'iPod',
    'operaMini',
    'blackBerry',
  ] as const)('a %s agent is a phone whatever its screen', (name) => {
    expect(isPhone({ userAgent: UA[name], ...desktopScreen })).toBe(true);
  });

  it.each(['windowsChrome', 'macSafari', 'iPad', 'androidTablet', 'firefoxTablet'] as const)(
    'a %s agent on a large screen is not',
    (name) => {
      expect(isPhone({ userAgent: UA[name], ...desktopScreen })).toBe(false);
    },
  );

  it.each([
    [325, 700, false],
    [326, 700, true],
    [400, 749, true],
    [400, 750, false],
    [326, 749, true],
    [325, 749, false],
    [1280, 720, true],
    [1366, 768, false],
    [320, 568, false],
  ])(
    'by size alone, a touch screen %i wide and %i high is a phone: %s',
    (screenWidth, screenHeight, phone) => {
      expect(isPhone({ userAgent: UA.windowsChrome, screenWidth, screenHeight, touch: true })).toBe(phone);
    },
  );

  it.each([
    [1280, 720],
    [1024, 600],
    [400, 700],
  ])(
    'the size rule leaves a mouse-driven screen alone: %i×%i is not a phone',
    (screenWidth, screenHeight) => {
      expect(isPhone({ userAgent: UA.windowsChrome, screenWidth, screenHeight, touch: false })).toBe(false);
    },
  );
});

describe('the redirect on load and after a resize', () => {
  const setScreen = (width: number, height: number) => {
    Object.defineProperty(window.screen, 'width', { value: width, configurable: true });
    Object.defineProperty(window.screen, 'height', { value: height, configurable: true });
  };
  const setAgent = (agent: string) => vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(agent);
  /** The main pointer: a finger (a phone, a tablet) or a mouse. */
  const setTouch = (coarse: boolean) =>
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: coarse && query === '(pointer: coarse)',
      media: query,
    }));

  /** The shell's hook, in the edition main.tsx chose for the page (desktop unless said). */
  const mount = (mobileSiteUrl: string, edition: Edition = 'desktop') => {
    const client = new QueryClient();
    const answer: SiteAnswer = { ...defaultSiteConfig, mobileSiteUrl, demo: false };
    client.setQueryData(siteConfigQuery.queryKey, answer);
    const leave = vi.fn<(url: string) => void>();
    const show = vi.fn<typeof showEdition>();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(
        QueryClientProvider,
        { client },
        createElement(EditionProvider, { value: edition }, children),
      );
    const view = renderHook(() => useMobileRedirect(leave, show), { wrapper });
    return { leave, show, ...view };
  };

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    window.localStorage.clear();
    Reflect.deleteProperty(window.screen, 'width');
    Reflect.deleteProperty(window.screen, 'height');
  });

  const resize = () => act(() => void window.dispatchEvent(new Event('resize')));

  it('sends a phone at once to the mobile page of the route it opened, query kept', () => {
    setAgent(UA.iPhone);
    window.location.hash = '#/homeDetail?year=2026&name=x';
    const { leave } = mount('https://m.example.org');
    expect(leave).toHaveBeenCalledTimes(1);
    expect(leave).toHaveBeenCalledWith(
      'https://m.example.org/online/councilRegister/detail?year=2026&name=x',
    );
  });

  it('sends a small, low touch screen too, whatever the agent says', () => {
    setAgent(UA.windowsChrome);
    setTouch(true);
    setScreen(600, 400);
    window.location.hash = '#/merit';
    const { leave } = mount('https://m.example.org');
    expect(leave).toHaveBeenCalledWith('https://m.example.org/online/merit/');
  });

  it('leaves a 1280×720 laptop (a mouse, no touch) on the desktop site', () => {
    setAgent(UA.windowsChrome);
    setTouch(false);
    setScreen(1280, 720);
    window.location.hash = '#/merit';
    const { leave } = mount('https://m.example.org');
    expect(leave).not.toHaveBeenCalled();
  });

  it('without a mobile site configured, keeps a phone in the phone edition main.tsx chose', () => {
    vi.useFakeTimers();
    setAgent(UA.iPhone);
    window.location.hash = '#/online/merit/';
    const { leave, show } = mount('', 'phone');
    resize();
    act(() => vi.advanceTimersByTime(RESIZE_SETTLE_MS * 4));
    expect(leave).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
  });

  it('without a mobile site configured, shows the page in the phone edition when the device became a phone', () => {
    vi.useFakeTimers();
    setTouch(true);
    setAgent(UA.windowsChrome);
    setScreen(1920, 1080);
    window.location.hash = '#/meritDetail?id=3';
    const { leave, show } = mount('');
    expect(show).not.toHaveBeenCalled();
    setScreen(700, 400);
    resize();
    act(() => vi.advanceTimersByTime(RESIZE_SETTLE_MS));
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith('phone', '/meritDetail?id=3', { remembered: false });
    expect(leave).not.toHaveBeenCalled();
  });

  it('and back to the desktop edition from a mobile address when it is a phone no more', () => {
    vi.useFakeTimers();
    setTouch(true);
    setAgent(UA.windowsChrome);
    setScreen(700, 400);
    window.location.hash = '#/online/merit/detail?id=3';
    const { show } = mount('', 'phone');
    expect(show).not.toHaveBeenCalled();
    setScreen(1920, 1080);
    resize();
    act(() => vi.advanceTimersByTime(RESIZE_SETTLE_MS));
    expect(show).toHaveBeenCalledWith('desktop', '/meritDetail?id=3', { remembered: false });
  });

  it('leaves a phone whose believer chose 电脑版 on the desktop edition, even with a mobile site', () => {
    vi.useFakeTimers();
    setAgent(UA.iPhone);
    window.localStorage.setItem(EDITION_KEY, 'desktop');
    window.location.hash = '#/merit';
    const { leave, show } = mount('https://m.example.org');
    resize();
    act(() => vi.advanceTimersByTime(RESIZE_SETTLE_MS));
    expect(leave).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
  });

  it('does nothing with a base that is not an http(s) address', () => {
    setAgent(UA.iPhone);
    const { leave } = mount('/mobile');
    expect(leave).not.toHaveBeenCalled();
  });

  it('leaves a large touch screen alone, and judges again 500 ms after the last resize', () => {
    vi.useFakeTimers();
    setTouch(true);
    setAgent(UA.windowsChrome);
    setScreen(1920, 1080);
    window.location.hash = '#/IntoWfs?tab=2';
    const { leave } = mount('https://m.example.org');
    expect(leave).not.toHaveBeenCalled();

    // Still a desktop after a resize: nothing.
    resize();
    act(() => vi.advanceTimersByTime(RESIZE_SETTLE_MS));
    expect(leave).not.toHaveBeenCalled();

    // The window becomes phone-sized: resizes keep coming, the judgement waits for them to stop.
    setScreen(700, 400);
    resize();
    act(() => vi.advanceTimersByTime(300));
    resize();
    act(() => vi.advanceTimersByTime(RESIZE_SETTLE_MS - 1));
    expect(leave).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(leave).toHaveBeenCalledTimes(1);
    expect(leave).toHaveBeenCalledWith('https://m.example.org/navigation?tab=2');
  });

  it('uses the route shown when the resize settles', () => {
    vi.useFakeTimers();
    setTouch(true);
    setScreen(1920, 1080);
    window.location.hash = '#/index';
    const { leave } = mount('https://m.example.org/#');
    setScreen(400, 700);
    window.location.hash = '#/ceremony?page=1';
    resize();
    act(() => vi.advanceTimersByTime(RESIZE_SETTLE_MS));
    expect(leave).toHaveBeenCalledWith('https://m.example.org/#/online/ceremony/?page=1');
  });

  it('stops listening when the shell goes away', () => {
    vi.useFakeTimers();
    setTouch(true);
    setScreen(1920, 1080);
    const { leave, unmount } = mount('https://m.example.org');
    setScreen(400, 700);
    resize();
    unmount();
    act(() => vi.advanceTimersByTime(RESIZE_SETTLE_MS * 2));
    resize();
    act(() => vi.advanceTimersByTime(RESIZE_SETTLE_MS * 2));
    expect(leave).not.toHaveBeenCalled();
  });
});

describe('the redirect before the login guard', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sends a logged-out phone opening a login-only page to its mobile page, query kept, without the login dialog', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(UA.iPhone);
    fakeApi({
      'GET /api/yxs-app/site/config': () =>
        ok({ ...defaultSiteConfig, mobileSiteUrl: 'https://m.example.org', demo: false }),
    });
    const leave = vi.fn<(url: string) => void>();
    renderApp('#/guangciVolunteers?from=%E9%A6%96%E9%A1%B5', { leaveForMobileSite: leave, edition: 'phone' });
    await vi.waitFor(() => expect(leave).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    // (The router may load the first address twice; the real `leave` goes once.)
    expect(new Set(leave.mock.calls.map(([url]) => url))).toEqual(
      new Set(['https://m.example.org/online/consecrate/?from=%E9%A6%96%E9%A1%B5']),
    );
    expect(window.location.hash).toBe('#/guangciVolunteers?from=%E9%A6%96%E9%A1%B5');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves a desktop visitor to the login guard as before', async () => {
    fakeApi({
      'GET /api/yxs-app/site/config': () =>
        ok({ ...defaultSiteConfig, mobileSiteUrl: 'https://m.example.org', demo: false }),
    });
    const leave = vi.fn<(url: string) => void>();
    renderApp('#/guangciVolunteers', { leaveForMobileSite: leave });
    // The login dialog's code is loaded when first asked for (findBy's limit: web-setup.ts).
    expect(await screen.findByRole('dialog', { name: '验证码登录' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/index');
    expect(leave).not.toHaveBeenCalled();
  });
});
