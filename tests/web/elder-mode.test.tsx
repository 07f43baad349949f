import { believerApi } from '@contract/believer';
import { screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { ELDER_KEY } from '@web/shared/elder-mode';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, ok, portalOk, refused } from '../support/fake-api';
import { renderApp } from '../support/render-app';
import { session } from '../support/statecharts/fixtures/auth-dialog';

const news = (id: number) => ({
  id,
  newsMenuId: 1,
  title: `动态${id}`,
  subTitle: '',
  imageUrl: `/images/lotus.svg?title=&tone=${id}`,
  content: '<p>正文</p>',
  link: null,
  videoUrl: null,
  fhName: null,
  businessMode: 'trend',
  newDate: '2026-11-20',
});

const openHome = async () => {
  fakeApi({
    'GET /api/yxs-app/news': () => ok({ content: [1, 2, 3, 4, 5].map(news), totalElements: 5 }),
    'GET /portal/rs/wish-api/v1/wish/getWishList': () =>
      portalOk([
        { WISH: '愿家人平安', NAME: '陈居士' },
        { WISH: '愿国泰民安', NAME: '林居士' },
      ]),
  });
  const app = renderApp('#/index');
  const carousel = await screen.findByRole('region', { name: '寺院动态' }, { timeout: 4000 });
  const wall = screen.getByRole('complementary', { name: '心愿墙' });
  await within(wall).findAllByText('愿家人平安');
  return { ...app, carousel, wall };
};

describe('长辈版', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('data-elder');
    window.localStorage.clear();
  });

  it('is an obvious switch on the home page: on, the page is large and nothing moves by itself; off again', async () => {
    const { user, carousel, wall } = await openHome();
    const strip = carousel.querySelector('[aria-live]');
    expect(strip).toHaveAttribute('aria-live', 'off');
    expect(within(wall).getAllByText('愿家人平安')).toHaveLength(2);

    const elder = screen.getByRole('button', { name: '长辈版' });
    expect(elder).toHaveAttribute('aria-pressed', 'false');
    await user.click(elder);
    expect(elder).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement).toHaveAttribute('data-elder');
    expect(window.localStorage.getItem(ELDER_KEY)).toBe('on');
    // The carousel stands (its slides a polite region, no 暂停播放 to find), the wall scrolls by hand.
    await waitFor(() => expect(strip).toHaveAttribute('aria-live', 'polite'));
    expect(within(carousel).queryByRole('button', { name: '暂停播放' })).not.toBeInTheDocument();
    expect(within(wall).getAllByText('愿家人平安')).toHaveLength(1);
    expect(within(wall).queryByRole('button', { name: '暂停滚动' })).not.toBeInTheDocument();
    expect(within(wall).getByRole('region', { name: '心愿列表' })).toHaveAttribute('data-still');

    await user.click(elder);
    expect(document.documentElement).not.toHaveAttribute('data-elder');
    expect(window.localStorage.getItem(ELDER_KEY)).toBeNull();
    await waitFor(() => expect(strip).toHaveAttribute('aria-live', 'off'));
    expect(within(wall).getByRole('button', { name: '暂停滚动' })).toBeInTheDocument();
  });

  it('comes on already pressed when the page starts in it', async () => {
    document.documentElement.setAttribute('data-elder', '');
    const { carousel } = await openHome();
    expect(screen.getByRole('button', { name: '长辈版' })).toHaveAttribute('aria-pressed', 'true');
    expect(carousel.querySelector('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  });
});

describe('长辈版 in 我的信息 (the settings’ entry)', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('data-elder');
    window.localStorage.clear();
    sessionStore.clear();
  });

  it('sits above the profile and switches the whole page', async () => {
    fakeApi({
      'GET /api/yxs-app/user/me': () => ok(session.userInfo),
      // The profile itself need not load: the switch stands above it.
      [`GET ${believerApi.profile.path}`]: () => refused(503, '服务暂不可用'),
    });
    sessionStore.save(session);
    const { user } = renderApp('#/UserCenter');
    const display = await screen.findByRole('region', { name: '显示方式' }, { timeout: 5000 });
    await user.click(within(display).getByRole('button', { name: '长辈版' }));
    expect(document.documentElement).toHaveAttribute('data-elder');
    expect(window.localStorage.getItem(ELDER_KEY)).toBe('on');
  });
});
