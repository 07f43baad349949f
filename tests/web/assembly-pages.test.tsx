import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, portalOk } from '../support/fake-api';
import { renderApp } from '../support/render-app';

const hoe = {
  HOE_NAME: '药师法会',
  HOE_YEAR: 2026,
  HOE_NL_TIME: '农历九月廿三至九月廿九',
  HOE_YL_TIME: '2026-11-02至2026-11-08',
  IMAGE: '/images/lotus.svg',
  PARTICULARS: '礼拜药师琉璃光如来，诵经持咒，祈愿消灾延寿、病苦得除。',
};

const detail = {
  hoe: {
    ...hoe,
    HOE_TYPES: [
      { HOE_TYPE: '延生', PLACES_LEFT: null },
      { HOE_TYPE: '往生', PLACES_LEFT: 12 },
    ],
    LEADER_TABLET: false,
    NEW_YEAR_EVE: false,
    SEVEN_GENERATIONS: false,
    WISDOM: false,
    FREE_AMOUNT: true,
    WATER_LAND: false,
  },
  tabletGdjList: [],
};

describe('assembly list and detail', () => {
  afterEach(() => localStorage.clear());

  it('shows 暂无数据 when no assembly is open for registration', async () => {
    fakeApi({ 'GET /portal/rs/hoeapi/hoe/findByHoeList': () => portalOk({ ls: [] }) });
    renderApp('#/BusinessClass');
    expect(await screen.findByRole('heading', { name: '法会报名' })).toBeInTheDocument();
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
  });

  it('shows each assembly with its year and lunar time; a click remembers it and opens its detail', async () => {
    fakeApi({
      'GET /portal/rs/hoeapi/hoe/findByHoeList': () => portalOk({ ls: [hoe] }),
      'GET /portal/rs/hoeapi/hoe/getHoeAll': () => portalOk(detail),
    });
    const { user } = renderApp('#/BusinessClass');
    const card = await screen.findByRole('link', { name: /^药师法会/ });
    expect(within(card).getByText('2026 年')).toBeInTheDocument();
    expect(within(card).getByText('农历九月廿三至九月廿九')).toBeInTheDocument();
    expect(card.getAttribute('href')).toBe(`/#/homeDetail?year=2026&name=${encodeURIComponent('药师法会')}`);
    await user.click(card);
    expect(await screen.findByRole('heading', { level: 1, name: '药师法会' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('hoeInfo') ?? '{}').HOE_NAME).toBe('药师法会');
  });

  it('opens from a shared link alone: dates split on 至, types with places left, breadcrumb and title', async () => {
    const asked: URLSearchParams[] = [];
    fakeApi({
      'GET /portal/rs/hoeapi/hoe/getHoeAll': ({ url }) => {
        asked.push(url.searchParams);
        return portalOk(detail);
      },
    });
    renderApp(`#/homeDetail?year=2026&name=${encodeURIComponent('药师法会')}`);
    expect(await screen.findByRole('heading', { level: 1, name: '药师法会' })).toBeInTheDocument();
    expect(screen.getByText('2026-11-02 至 2026-11-08')).toBeInTheDocument();
    expect(screen.getByText('（余 12 位）')).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: /面包屑|当前位置/ });
    expect(within(trail).getByRole('link', { name: '法会报名' })).toHaveAttribute('href', '/#/BusinessClass');
    expect(document.title).toMatch(/^药师法会 - /);
    expect(asked[0]?.get('hoeYear')).toBe('2026');
    expect(asked[0]?.get('hoeName')).toBe('药师法会');
  });
});
