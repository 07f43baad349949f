import type { CeremonyTypeItem } from '@contract/ceremony';
import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import {
  CEREMONY_CALENDAR_KEY,
  ceremonyCalendarQuery,
  ceremonyTypeQuery,
} from '@web/features/ceremony/ceremony-queries';
import { rememberedFsType } from '@web/features/ceremony/remembered-type';
import { Route as CeremonyDetailRoute } from '@web/routes/ceremonyDetail';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, portalOk } from '../support/fake-api';
import { renderApp } from '../support/render-app';

const types: CeremonyTypeItem[] = [
  {
    FS_TYPE: '1',
    FS_NAME: '往生佛事',
    IMAGE: '/images/lotus.svg',
    PARTICULARS: '为往生亲眷礼请法师诵经超荐，回向往生净土。',
  },
  {
    FS_TYPE: '2',
    FS_NAME: '延生佛事',
    IMAGE: '/images/lamp.svg',
    PARTICULARS: '为在世家人礼佛祈福，消灾延寿。',
  },
];

const detail = { ...types[0], priceList: [], SLOTS: ['上午', '下午'] };
const calendar = {
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  fsDataCcList: [],
  jrDataList: [],
  hoeDataList: [],
};

describe('ceremony list (独姓佛事)', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('shows 暂无数据 when no ceremony type is offered', async () => {
    fakeApi({ 'GET /portal/rs/pwapi/findByPwList': () => portalOk({ ls: [] }) });
    renderApp('#/ceremony');
    expect(await screen.findByRole('heading', { level: 1, name: '独姓佛事' })).toBeInTheDocument();
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
    const page = screen.getByRole('region', { name: '独姓佛事' });
    expect(within(page).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows a card per type with its picture and line; a click remembers the type and opens its booking', async () => {
    fakeApi({
      'GET /portal/rs/pwapi/findByPwList': () => portalOk({ ls: types }),
      // What the booking page asks for once opened (its own tests look at it).
      'GET /portal/rs/fsapi/selectByFsType': () => portalOk(detail),
      'GET /portal/rs/buddhism-api/v1/buddhism/getCalendarIntervalDataList': () => portalOk(calendar),
    });
    const { user, router } = renderApp('#/ceremony');
    const page = await screen.findByRole('region', { name: '独姓佛事' });
    const cards = await within(page).findAllByRole('link');
    expect(cards.map((card) => card.textContent)).toEqual([
      `往生佛事${types[0]?.PARTICULARS}`,
      `延生佛事${types[1]?.PARTICULARS}`,
    ]);
    expect(cards[0]?.querySelector('img')).toHaveAttribute('src', '/images/lotus.svg');
    expect(cards[1]?.querySelector('img')).toHaveAttribute('src', '/images/lamp.svg');
    expect(document.title).toMatch(/^独姓佛事/);
    const blessing = within(page).getByRole('link', { name: /^延生佛事/ });
    expect(blessing).toHaveAttribute('href', '/#/ceremonyDetail?id=2');
    expect(within(page).getByRole('link', { name: /^往生佛事/ })).toHaveAttribute(
      'href',
      '/#/ceremonyDetail?id=1',
    );
    await user.click(blessing);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/ceremonyDetail'));
    expect(router.state.location.search).toEqual({ id: 2 });
    expect(window.location.hash).toBe('#/ceremonyDetail?id=2');
    expect(rememberedFsType()).toBe('2');
  });

  it('reads the type from the address: ?id=1 (a number there) or a quoted "2", kept a number; anything else is dropped', () => {
    const validate = CeremonyDetailRoute.options.validateSearch as (input: unknown) => unknown;
    expect(validate({ id: 1 })).toEqual({ id: 1 });
    expect(validate({ id: '2' })).toEqual({ id: 2 });
    for (const id of [9, '3', '', null, [1], { id: 1 }]) expect(validate({ id })).toEqual({ id: undefined });
    expect(validate({})).toEqual({});
  });
});

describe('the booking page’s queries', () => {
  it('ask for one type, and for the calendar over a range or 002’s default one', async () => {
    const asked: string[] = [];
    fakeApi({
      'GET /portal/rs/fsapi/selectByFsType': ({ url }) => {
        asked.push(`${url.pathname}${url.search}`);
        return portalOk(detail);
      },
      'GET /portal/rs/buddhism-api/v1/buddhism/getCalendarIntervalDataList': ({ url }) => {
        asked.push(`${url.pathname}${url.search}`);
        return portalOk(calendar);
      },
    });
    const client = new QueryClient();
    expect(await client.fetchQuery(ceremonyTypeQuery('1'))).toEqual(detail);
    expect(
      await client.fetchQuery(ceremonyCalendarQuery({ startDate: '2026-03-01', endDate: '2026-03-31' })),
    ).toEqual(calendar);
    await client.fetchQuery(ceremonyCalendarQuery());
    expect(asked).toEqual([
      '/portal/rs/fsapi/selectByFsType?fsType=1',
      '/portal/rs/buddhism-api/v1/buddhism/getCalendarIntervalDataList?startDate=2026-03-01&endDate=2026-03-31',
      '/portal/rs/buddhism-api/v1/buddhism/getCalendarIntervalDataList',
    ]);
    // Every range sits under one key, so a booking refreshes them all.
    expect(ceremonyCalendarQuery().queryKey.slice(0, 2)).toEqual([...CEREMONY_CALENDAR_KEY]);
  });
});

describe('the remembered ceremony type', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('is null when nothing, or something else, is stored', () => {
    expect(rememberedFsType()).toBeNull();
    localStorage.setItem('fsType', '3');
    expect(rememberedFsType()).toBeNull();
  });

  it('survives refused storage: remembering and reading do not throw', async () => {
    const { rememberFsType } = await import('@web/features/ceremony/remembered-type');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    expect(() => rememberFsType('1')).not.toThrow();
    expect(rememberedFsType()).toBeNull();
  });
});
