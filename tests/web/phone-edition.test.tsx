import { screen, waitFor } from '@testing-library/react';
import { createApp } from '@web/router';
import { addressIn, editionFor, routeAddressOf } from '@web/shared/edition';
import {
  desktopAddressOf,
  MOBILE_ROUTES,
  PHONE_EDITION_ROUTES,
  phoneAddressOf,
} from '@web/shared/mobile-redirect';
import { describe, expect, it } from 'vitest';
import { fakeApi, portalOk } from '../support/fake-api';
import { renderApp } from '../support/render-app';

/** The phone edition's address of every page (issue 36), written out here, not read from the table. */
const PHONE_ADDRESSES: [string, string][] = [
  ['/index', '/'],
  ['/BusinessClass', '/online/'],
  [
    '/homeDetail?year=2026&name=%E8%A7%82%E9%9F%B3',
    '/online/councilRegister/detail?year=2026&name=%E8%A7%82%E9%9F%B3',
  ],
  ['/merit', '/online/merit/'],
  ['/meritDetail?id=7', '/online/merit/detail?id=7'],
  ['/ceremony', '/online/ceremony/'],
  ['/ceremonyDetail?id=2', '/online/ceremony/detail?id=2'],
  ['/powerdekor', '/online/powerdekor/'],
  ['/powerdekorDetail?id=4', '/online/powerdekor/detail?id=4'],
  ['/consecrate', '/online/tablet/'],
  ['/consecrateDetail?type=1', '/online/tablet/detail?type=1'],
  ['/NewsConsulting?page=2', '/infoList/council?page=2'],
  ['/newsDetail?id=5', '/infoList/newsDetail?id=5'],
  ['/IntoWfs', '/navigation'],
  ['/guangciVolunteers', '/online/consecrate/'],
  ['/volunteer-success', '/online/consecrate/success'],
  ['/UserCenter', '/member/'],
  ['/login?redirect=%2FUserCenter', '/member/login?redirect=%2FUserCenter'],
  ['/joinMember', '/member/join'],
  ['/Renewals', '/member/renew'],
  ['/GenerationRenewal', '/member/proxyRenew'],
  ['/success?out_trade_no=T1', '/online/success?out_trade_no=T1'],
  ['/wfVideo?page=1&size=6', '/video/?page=1&size=6'],
];

/** Pages still to come (一 page that says so): they keep their desktop address in the phone edition. */
const KEEP_THEIR_ADDRESS = ['/ActivityToRegister', '/CanonLaw', '/pcwebsite', '/pray'];

describe('the phone edition’s addresses', () => {
  it.each(PHONE_ADDRESSES)('shows %s at %s, and reads it back', (desktop, mobile) => {
    expect(phoneAddressOf(desktop)).toBe(mobile);
    expect(desktopAddressOf(mobile)).toBe(desktop);
    expect(addressIn('phone', desktop)).toBe(mobile);
    expect(addressIn('desktop', desktop)).toBe(desktop);
    expect(routeAddressOf(mobile)).toBe(desktop);
    expect(routeAddressOf(desktop)).toBe(desktop);
  });

  it('puts a path parameter in the query, and takes it back', () => {
    expect(phoneAddressOf('/videoDetail/9?from=list')).toBe('/video/detail?id=9&from=list');
    expect(desktopAddressOf('/video/detail?id=9&from=list')).toBe('/videoDetail/9?from=list');
    expect(desktopAddressOf('/video/detail?from=list&id=9')).toBe('/videoDetail/9?from=list');
    // Without the id there is no video to show: not an address of the edition.
    expect(desktopAddressOf('/video/detail?from=list')).toBeNull();
  });

  it('reads the news by path and the two home addresses as one page each', () => {
    expect(phoneAddressOf('/listDetail/3')).toBe('/infoList/newsDetail?id=3');
    expect(desktopAddressOf('/infoList/newsDetail?id=3')).toBe('/newsDetail?id=3');
    expect(phoneAddressOf('/')).toBe('/');
    expect(desktopAddressOf('/')).toBe('/index');
    expect(desktopAddressOf('/?from=wechat')).toBe('/index?from=wechat');
  });

  it('reads mobile addresses regardless of case and of a trailing slash', () => {
    expect(desktopAddressOf('/Online/Merit')).toBe('/merit');
    expect(desktopAddressOf('/member')).toBe('/UserCenter');
    expect(desktopAddressOf('/infolist/council/')).toBe('/NewsConsulting');
  });

  it.each(['/merit', '/no/such/page', '/online/nothing', ...KEEP_THEIR_ADDRESS])(
    'leaves %s, which is no mobile address, as it is',
    (href) => {
      expect(desktopAddressOf(href)).toBeNull();
      expect(routeAddressOf(href)).toBe(href);
    },
  );

  it.each(KEEP_THEIR_ADDRESS)('keeps %s at its desktop address on a phone', (href) => {
    expect(addressIn('phone', href)).toBe(href);
  });

  it('has an address for every page of the route tree, or keeps it on purpose', () => {
    const fullPaths = Object.values(createApp().router.routesById)
      .map((route) => route.fullPath)
      .filter((path) => path !== '/');
    expect(fullPaths.length).toBeGreaterThan(25);
    const covered = new Set<string>([
      ...PHONE_EDITION_ROUTES.map(({ desktop }) => desktop),
      ...KEEP_THEIR_ADDRESS,
    ]);
    expect(fullPaths.filter((path) => !covered.has(path))).toEqual([]);
  });

  it('gives no mobile address that is also a desktop route (but the home’s /)', () => {
    const desktop = new Set(PHONE_EDITION_ROUTES.map((row) => row.desktop.toLowerCase()));
    const clashes = PHONE_EDITION_ROUTES.map(
      ({ mobile }) => mobile.replace(/\/$/, '').toLowerCase() || '/',
    ).filter((mobile) => mobile !== '/' && desktop.has(mobile));
    expect(clashes).toEqual([]);
  });

  it('keeps the spec’s rows as they are', () => {
    for (const { desktop, mobile } of MOBILE_ROUTES)
      expect(phoneAddressOf(desktop)?.split('?')[0]).toBe(mobile);
  });
});

describe('which edition a device gets', () => {
  const iPhone = {
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148',
    screenWidth: 390,
    screenHeight: 844,
    touch: true,
  };
  const desktop = {
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/125.0',
    screenWidth: 1920,
    screenHeight: 1080,
    touch: false,
  };
  it('follows the spec’s phone rule unless the believer chose', () => {
    expect(editionFor(iPhone, null)).toBe('phone');
    expect(editionFor(desktop, null)).toBe('desktop');
    expect(editionFor(iPhone, 'desktop')).toBe('desktop');
    expect(editionFor(desktop, 'phone')).toBe('phone');
  });
});

describe('the addresses in the browser', () => {
  const meritItem = {
    ID: 7,
    GD_NAME: '佛前供灯',
    IMAGE: '/images/lamp.svg',
    PARTICULARS: '',
    PRICE_MODEL: '1',
    GD_TYPE: '1',
    GD_PRICE: 100,
    GDM: [],
  };
  const catalogue = () =>
    fakeApi({
      'GET /portal/rs/gdapi/findByGdList': () => portalOk([meritItem]),
      'GET /portal/rs/wish-api/v1/wish/getWishList': () => portalOk([]),
    });

  it('shows a desktop link opened on a phone at its mobile address, query kept, and links there too', async () => {
    catalogue();
    renderApp('#/merit?from=wechat', { edition: 'phone' });
    const link = await screen.findByRole('link', { name: /^佛前供灯/ });
    expect(link).toHaveAttribute('href', '/#/online/merit/detail?id=7');
    await waitFor(() => expect(window.location.hash).toBe('#/online/merit/?from=wechat'));
    expect(screen.getByRole('heading', { name: '客堂业务' })).toBeInTheDocument();
  });

  it('opens a mobile link on a computer at its desktop address', async () => {
    catalogue();
    renderApp('#/online/merit/?from=wechat');
    expect(await screen.findByRole('link', { name: /^佛前供灯/ })).toHaveAttribute(
      'href',
      '/#/meritDetail?id=7',
    );
    await waitFor(() => expect(window.location.hash).toBe('#/merit?from=wechat'));
  });

  it('offers the other edition in the footer', async () => {
    catalogue();
    renderApp('#/online/merit/', { edition: 'phone' });
    expect(await screen.findByRole('button', { name: '切换到电脑版' })).toBeInTheDocument();
    expect(screen.getByText('当前为手机版')).toBeInTheDocument();
  });
});
