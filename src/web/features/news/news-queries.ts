import { NEWS_MENU, type NewsPageSize, newsApi, newsDetailEndpoint } from '@contract/news';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, mainClient } from '../../api/client';
import type { ListView } from '../../shared/pager';

export type NewsView = ListView<NewsPageSize>;

// Quiet: a failure is shown in the list or the page itself, with 重试 (no toast on top of it).
/** 信息资讯: one page of the news page's articles (menu 2), newest first. */
export const newsPageQuery = ({ page, size }: NewsView) =>
  queryOptions({
    queryKey: ['news', 'list', NEWS_MENU.news, page, size],
    queryFn: async () =>
      (
        await mainClient(
          newsApi.list,
          { newsMenuId: String(NEWS_MENU.news), page: String(page), size, status: '1' },
          { quiet: true },
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** 法会安排: one page of the ceremony schedule, in date order. */
export const hoePageQuery = ({ page, size }: NewsView) =>
  queryOptions({
    queryKey: ['news', 'hoe', page, size],
    queryFn: async () =>
      (await mainClient(newsApi.hoeList, { page: String(page), size, status: '1' }, { quiet: true })).data,
    placeholderData: keepPreviousData,
  });

/** One article (/newsDetail?id= and /listDetail/{id}). */
export const newsDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['news', 'detail', id],
    queryFn: async () => (await mainClient(newsDetailEndpoint(id), undefined, { quiet: true })).data,
    // An unknown article stays unknown: asking again would not help.
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status === 404),
  });
