import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, portalOk } from '../support/fake-api';
import { renderApp } from '../support/render-app';
import { statueRoutes } from './flows/statue-order.flow';

/**
 * The router writes a string search value quoted (`?id=%222%22`) and, once a page has opened,
 * rewrites the address with what the route's search schema returned. The statue and ceremony
 * pages keep their id a number, so an address a believer opens, copies or shares reads `?id=2`.
 */
const ceremonyType = {
  FS_TYPE: '2',
  FS_NAME: '延生佛事',
  IMAGE: '/images/lamp.svg',
  PARTICULARS: '为在世家人礼佛祈福。',
  priceList: [],
  SLOTS: ['上午', '下午'],
};
const calendar = {
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  fsDataCcList: [],
  jrDataList: [],
  hoeDataList: [],
};
const ceremonyApi = () =>
  fakeApi({
    'GET /portal/rs/fsapi/selectByFsType': () => portalOk(ceremonyType),
    'GET /portal/rs/buddhism-api/v1/buddhism/getCalendarIntervalDataList': () => portalOk(calendar),
  });

/** The address once the page has opened and the router has settled (and rewritten it, if it does). */
const settledHash = async (router: ReturnType<typeof renderApp>['router'], heading: string) => {
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 });
  await vi.waitFor(() => expect(router.state.status).toBe('idle'));
  await new Promise((resolve) => setTimeout(resolve, 50));
  return window.location.hash;
};

describe('statue and ceremony addresses read ?id=2, never ?id="2"', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('a ceremony opened at ?id=2 keeps ?id=2', async () => {
    ceremonyApi();
    const { router, unmount } = renderApp('#/ceremonyDetail?id=2');
    expect(await settledHash(router, '延生佛事')).toBe('#/ceremonyDetail?id=2');
    expect(router.state.location.search).toEqual({ id: 2 });
    unmount();
  });

  it('a quoted ceremony address (?id="2") is read, and written back bare', async () => {
    ceremonyApi();
    const { router, unmount } = renderApp('#/ceremonyDetail?id=%222%22');
    expect(await settledHash(router, '延生佛事')).toBe('#/ceremonyDetail?id=2');
    unmount();
  });

  it('a statue location opened at ?id=1&name=… keeps ?id=1', async () => {
    fakeApi(statueRoutes([]));
    const name = encodeURIComponent('大殿内');
    const { router, unmount } = renderApp(`#/powerdekorDetail?id=1&name=${name}`);
    expect(await settledHash(router, '大殿内')).toBe(`#/powerdekorDetail?id=1&name=${name}`);
    expect(router.state.location.search).toEqual({ id: 1, name: '大殿内' });
    unmount();
  });

  it('a quoted statue address (?id="1") is read, and written back bare', async () => {
    fakeApi(statueRoutes([]));
    const { router, unmount } = renderApp('#/powerdekorDetail?id=%221%22');
    expect(await settledHash(router, '大殿内')).toBe('#/powerdekorDetail?id=1');
    unmount();
  });
});
