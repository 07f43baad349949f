import { defaultSiteConfig } from '@server/db/seed/site';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, portalOk, refused } from '../support/fake-api';
import { renderApp } from '../support/render-app';

describe('wish wall (心愿墙)', () => {
  it('can be paused and resumed with a button (WCAG 2.2.2), and is reachable by keyboard', async () => {
    fakeApi({
      'GET /api/yxs-app/site/config': () => ok({ ...defaultSiteConfig, demo: true }),
      'GET /portal/rs/gdapi/findByGdList': () => portalOk([]),
      'GET /portal/rs/wish-api/v1/wish/getWishList': () => portalOk([{ WISH: '愿家人平安', NAME: '陈居士' }]),
    });
    const { user } = renderApp('#/merit');
    const wall = await screen.findByRole('complementary', { name: '心愿墙' });
    const list = await within(wall).findByRole('region', { name: '心愿列表' });
    // What the stylesheet pauses: `.wish-wall[data-paused]` (hover and focus pause it too).
    expect(list).toHaveClass('wish-wall');
    expect(list).not.toHaveAttribute('data-paused');
    expect(list).toHaveAttribute('tabindex', '0');

    await user.click(within(wall).getByRole('button', { name: '暂停滚动' }));
    expect(list).toHaveAttribute('data-paused', 'true');
    const resume = within(wall).getByRole('button', { name: '继续滚动' });

    await user.click(resume);
    expect(list).not.toHaveAttribute('data-paused');
    expect(within(wall).getByRole('button', { name: '暂停滚动' })).toBeInTheDocument();
  });

  it('offers no pause button when there is nothing to scroll', async () => {
    fakeApi({
      'GET /api/yxs-app/site/config': () => ok({ ...defaultSiteConfig, demo: true }),
      'GET /portal/rs/gdapi/findByGdList': () => portalOk([]),
      'GET /portal/rs/wish-api/v1/wish/getWishList': () => portalOk([]),
    });
    renderApp('#/merit');
    const wall = await screen.findByRole('complementary', { name: '心愿墙' });
    expect(await within(wall).findByText('暂无数据')).toBeInTheDocument();
    expect(within(wall).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says quietly that the wishes cannot be shown when the call fails: no toast every 10 s', async () => {
    fakeApi({
      'GET /portal/rs/gdapi/findByGdList': () => portalOk([]),
      'GET /portal/rs/wish-api/v1/wish/getWishList': () => refused(503, '服务暂不可用'),
    });
    renderApp('#/merit');
    const wall = await screen.findByRole('complementary', { name: '心愿墙' });
    expect(await within(wall).findByText('心愿暂时无法显示，请稍后再看')).toBeInTheDocument();
    expect(screen.queryByText('服务暂不可用')).not.toBeInTheDocument();
  });
});
