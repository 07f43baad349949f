import type { NewsItem } from '@contract/news';
import { defaultSiteConfig } from '@server/db/seed/site';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeRoute, fakeApi, ok, portalOk, refused } from '../support/fake-api';
import { renderApp } from '../support/render-app';

const item = (id: number, title: string, link: string | null = null): NewsItem => ({
  id,
  newsMenuId: 1,
  title,
  subTitle: `${title}的副标题`,
  imageUrl: `/images/lotus.svg?title=&tone=${id}`,
  content: '<p>正文</p>',
  link,
  videoUrl: null,
  fhName: null,
  businessMode: 'trend',
  newDate: `2026-11-${String(20 - id).padStart(2, '0')}`,
});

const SIX = [
  item(1, '新春祈福法会'),
  item(2, '观音圣诞法会'),
  item(3, '浴佛节'),
  item(4, '盂兰盆法会', 'https://example.org/yulanpen'),
  item(5, '开放时间调整'),
  item(6, '走访敬老院'),
];

const openHome = async (news: FakeRoute) => {
  const api = fakeApi({
    'GET /api/yxs-app/news': news,
    'GET /portal/rs/wish-api/v1/wish/getWishList': () => portalOk([{ WISH: '愿家人平安', NAME: '陈居士' }]),
  });
  const view = renderApp('#/index');
  // While the call is pending the section says 正在加载…; a failed call is tried once more first.
  const carousel = await waitFor(
    () => {
      const region = screen.getByRole('region', { name: '寺院动态' });
      expect(region).toHaveAttribute('aria-roledescription', 'carousel');
      return region;
    },
    { timeout: 4000 },
  );
  return { ...view, api, carousel };
};

/** The slides a believer can reach now (the groups not made inert), by their titles, in slide order. */
const shownTitles = (carousel: HTMLElement) =>
  within(carousel)
    .getAllByRole('group')
    .filter((slide) => !slide.hasAttribute('inert'))
    .map((slide) => slide.querySelector('.font-serif')?.firstChild?.textContent);

describe('the home page', () => {
  it('asks for the home menu’s published news and shows them as a carousel of labelled slides', async () => {
    const asked: string[] = [];
    const { carousel } = await openHome(({ url }) => {
      asked.push(url.search);
      return ok({ content: SIX, totalElements: 6 });
    });
    expect(asked[0]).toBe('?newsMenuId=1&status=1');
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = within(carousel).getAllByRole('group');
    expect(slides).toHaveLength(6);
    expect(slides[0]).toHaveAttribute('aria-roledescription', 'slide');
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `第 ${n} 张，共 6 张`),
    );
    expect(shownTitles(carousel)).toEqual(['新春祈福法会', '观音圣诞法会', '浴佛节']);
    // An article opens its detail; an item with its own link opens it in a new tab.
    expect(within(slides[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/#/newsDetail?id=1');
    const external = within(slides[3] as HTMLElement).getByRole('link');
    expect(external).toHaveAttribute('href', 'https://example.org/yulanpen');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(external).toHaveTextContent('在新窗口打开');
  });

  it('steps with 上一张 / 下一张 round the loop, and 暂停播放 makes the slides a polite live region', async () => {
    const { carousel, user } = await openHome(() => ok({ content: SIX, totalElements: 6 }));
    const strip = carousel.querySelector('[aria-live]');
    expect(strip).toHaveAttribute('aria-live', 'off');
    await user.click(within(carousel).getByRole('button', { name: '暂停播放' }));
    expect(strip).toHaveAttribute('aria-live', 'polite');
    expect(within(carousel).getByRole('button', { name: '继续播放' })).toBeInTheDocument();

    await user.click(within(carousel).getByRole('button', { name: '上一张' }));
    expect(shownTitles(carousel)).toEqual(['新春祈福法会', '观音圣诞法会', '走访敬老院']);
    await user.click(within(carousel).getByRole('button', { name: '下一张' }));
    await user.click(within(carousel).getByRole('button', { name: '下一张' }));
    expect(shownTitles(carousel)).toEqual(['观音圣诞法会', '浴佛节', '盂兰盆法会']);
    for (const button of within(carousel).getAllByRole('button'))
      expect(button).toHaveAttribute('aria-controls', strip?.id);
  });

  it.each([
    ['returns nothing', () => ok({ content: [], totalElements: 0 })],
    ['fails', () => refused(503, '服务暂不可用')],
  ])('shows the four fixed slides, without a toast, when the news call %s', async (_, news) => {
    const { carousel } = await openHome(news);
    await waitFor(() => expect(within(carousel).getAllByRole('group')).toHaveLength(4));
    expect(shownTitles(carousel)).toEqual(['寺院动态', '走进寺院', '法会报名']);
    expect(within(carousel).getAllByRole('group')[1]?.querySelector('a')).toHaveAttribute(
      'href',
      '/#/IntoWfs',
    );
    expect(screen.queryByText('服务暂不可用')).not.toBeInTheDocument();
  });

  it('keeps the services, and offers the visit, the follow block and the wish wall', async () => {
    await openHome(() => ok({ content: SIX, totalElements: 6 }));
    const services = screen.getByRole('region', { name: '在线办理' });
    expect(
      within(services)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/#/BusinessClass', '/#/merit', '/#/ceremony', '/#/powerdekor']);
    const visit = screen.getByRole('region', { name: '走进寺院' });
    expect(within(visit).getByRole('link', { name: '寺院导览' })).toHaveAttribute('href', '/#/IntoWfs');
    const follow = screen.getByRole('region', { name: '关注我们' });
    expect(follow).toHaveTextContent(`前台微信：${defaultSiteConfig.wechat}`);
    expect(within(follow).getByRole('link', { name: defaultSiteConfig.receptionPhone })).toHaveAttribute(
      'href',
      `tel:${defaultSiteConfig.receptionPhone.replace(/[^\d+]/g, '')}`,
    );
    const wall = screen.getByRole('complementary', { name: '心愿墙' });
    expect((await within(wall).findAllByText('愿家人平安'))[0]).toBeVisible();
  });
});
