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

  it('opens from a shared link alone: dates split on 至, types with places left as choices, breadcrumb and title', async () => {
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
    expect(screen.getByRole('radio', { name: /往生\s*余 12 位/ })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: /面包屑|当前位置/ });
    expect(within(trail).getByRole('link', { name: '法会报名' })).toHaveAttribute('href', '/#/BusinessClass');
    expect(document.title).toMatch(/^药师法会 - /);
    expect(asked[0]?.get('hoeYear')).toBe('2026');
    expect(asked[0]?.get('hoeName')).toBe('药师法会');
  });

  describe('the registration form', () => {
    const waterLand = {
      hoe: {
        ...detail.hoe,
        HOE_NAME: '水陆普度大斋胜会',
        HOE_TYPES: ['往生', '延生', '延往生'].map((t) => ({ HOE_TYPE: t, PLACES_LEFT: null })),
        FREE_AMOUNT: false,
        WATER_LAND: true,
        LEADER_TABLET: true,
      },
      tabletGdjList: [
        ...['往生会首', '延生会首', '延往生会首', '往生吉祥', '延生吉祥'].flatMap((t) =>
          // As the seed prices them: each type its own tablets, 延往生 every one.
          ['往生', '延生', '延往生']
            .filter((h) => t.startsWith(h) || h === '延往生')
            .map((h) => ({ HOE_TYPE: h, TABLET_TYPE: t, TABLET_PRICE: 600, GDJ: 0 })),
        ),
      ],
    };
    const common = {
      ...detail,
      hoe: { ...detail.hoe, FREE_AMOUNT: false },
      tabletGdjList: [
        { HOE_TYPE: '往生', TABLET_TYPE: '小功德主', TABLET_PRICE: 1000, GDJ: 0 },
        { HOE_TYPE: '往生', TABLET_TYPE: '无', TABLET_PRICE: 0, GDJ: 100 },
      ],
    };
    const open = async (answer: unknown) => {
      fakeApi({
        'GET /portal/rs/hoeapi/hoe/getHoeAll': () => portalOk(answer),
        'GET /portal/rs/hoe-api/v1/hoe/getMeritItemList': () =>
          portalOk([{ CNNAME: '佛前供灯', EXTINT1: 50, ITEMNO: 'GD01' }]),
      });
      const app = renderApp(`#/homeDetail?year=2026&name=${encodeURIComponent('药师法会')}`);
      await screen.findByRole('button', { name: '提交' });
      return app;
    };
    const tabletChoices = () =>
      within(screen.getByRole('radiogroup', { name: '牌位类型' }))
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent?.replace(/¥.*$/, ''));

    it('water-land: 往生 and 延生 keep their own tablet types, 延往生 only those with 会首', async () => {
      const { user } = await open(waterLand);
      await user.click(screen.getByRole('radio', { name: /^往生/ }));
      expect(tabletChoices()).toEqual(['往生会首', '往生吉祥']);
      await user.click(screen.getByRole('radio', { name: /^延往生/ }));
      expect(tabletChoices()).toEqual(['往生会首', '延生会首', '延往生会首']);
      // A 会首 tablet fixes the quantity at 1: shown, disabled.
      await user.click(screen.getByRole('radio', { name: /^延往生会首/ }));
      expect(screen.getByRole('textbox', { name: /^数量/ })).toBeDisabled();
      expect(screen.getByRole('textbox', { name: /^数量/ })).toHaveValue('1');
    });

    it('quantity for big/small merit tablets; 无 asks the voluntary amount; the total follows; a count above 10000 is 10000', async () => {
      const { user } = await open(common);
      await user.click(screen.getByRole('radio', { name: /^往生/ }));
      await user.click(screen.getByRole('radio', { name: /^小功德主/ }));
      await user.click(screen.getByRole('button', { name: '增加 数量' }));
      expect(screen.getByText('合计：')).toHaveTextContent('¥2,000');
      const lamps = await screen.findByRole('textbox', { name: /佛前供灯/ });
      await user.clear(lamps);
      await user.type(lamps, '20000');
      await user.tab();
      expect(lamps).toHaveValue('10000');
      await user.click(screen.getByRole('radio', { name: /^无/ }));
      expect(screen.getByRole('textbox', { name: /^数量/ })).toBeDisabled();
      expect(screen.getByRole('button', { name: '增加 数量' })).toBeDisabled();
      expect(screen.getByRole('radiogroup', { name: '随喜功德金' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: '提交' }));
      expect(screen.getByRole('radiogroup', { name: '随喜功德金' })).toHaveTextContent('请选择功德金!');
    });
  });
});
