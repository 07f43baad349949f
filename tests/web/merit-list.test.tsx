import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, portalOk } from '../support/fake-api';
import { renderApp } from '../support/render-app';

describe('merit list', () => {
  it('shows 暂无数据 when the temple offers no merit item, and the wish wall beside it', async () => {
    fakeApi({
      'GET /portal/rs/gdapi/findByGdList': () => portalOk([]),
      'GET /portal/rs/wish-api/v1/wish/getWishList': () => portalOk([{ WISH: '愿家人平安', NAME: '陈居士' }]),
    });
    renderApp('#/merit');
    expect(await screen.findByRole('heading', { name: '客堂业务' })).toBeInTheDocument();
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
    const wall = screen.getByRole('complementary', { name: '心愿墙' });
    // The wall repeats its list for a seamless loop; screen readers hear it once.
    expect(await within(wall).findAllByText('愿家人平安')).toHaveLength(2);
    expect(within(wall).getAllByRole('listitem', { hidden: false })).toHaveLength(1);
  });

  it('lists each item with its picture, name and price, linking to its detail', async () => {
    fakeApi({
      'GET /portal/rs/gdapi/findByGdList': () =>
        portalOk([
          {
            ID: 7,
            GD_NAME: '佛前供灯',
            IMAGE: '/images/lamp.svg',
            PARTICULARS: '',
            PRICE_MODEL: '1',
            GD_TYPE: '1',
            GD_PRICE: 100,
            GDM: [],
          },
        ]),
      'GET /portal/rs/wish-api/v1/wish/getWishList': () => portalOk([]),
    });
    renderApp('#/merit');
    const link = await screen.findByRole('link', { name: /^佛前供灯/ });
    expect(link).toHaveAttribute('href', '/#/meritDetail?id=7');
    expect(within(link).getByText('每份 ¥100')).toBeInTheDocument();
  });
});
