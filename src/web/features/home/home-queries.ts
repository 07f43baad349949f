import { externalLink, NEWS_MENU, type NewsItem, newsApi } from '@contract/news';
import { queryOptions } from '@tanstack/react-query';
import { mainClient } from '../../api/client';
import type { Slide } from './home-slides';

/**
 * The home menu's published news, newest first (001 section 7). Quiet: a failed call shows the
 * four fixed slides instead of a toast (001 section 8: other failures are silent).
 */
export const homeNewsQuery = queryOptions({
  queryKey: ['news', 'home'],
  queryFn: async () =>
    (await mainClient(newsApi.list, { newsMenuId: String(NEWS_MENU.home), status: '1' }, { quiet: true }))
      .data.content,
});

/** A news item as a slide: its own external page in a new tab, otherwise the article (/newsDetail?id=). */
export const newsSlide = (item: NewsItem): Slide => {
  const url = externalLink(item.link);
  return {
    key: `news-${item.id}`,
    title: item.title,
    subTitle: item.subTitle,
    image: item.imageUrl,
    date: item.newDate,
    target: url ? { kind: 'external', url } : { kind: 'news', id: item.id },
  };
};
