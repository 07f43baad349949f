import { NEWS_MENU, newsApi, newsDetailEndpoint, type VideoPageSize } from '@contract/news';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, mainClient } from '../../api/client';
import type { ListView } from '../../shared/pager';

export type VideoView = ListView<VideoPageSize>;

/**
 * A page of the gallery (002 section 7: the news list of menu 6, status 1), newest first. The
 * page shows its own loading and error states, so the call is quiet (no toast as well).
 */
export const videoListQuery = ({ page, size }: VideoView) =>
  queryOptions({
    queryKey: ['videos', 'list', page, size],
    queryFn: async () =>
      (
        await mainClient(
          newsApi.list,
          { newsMenuId: String(NEWS_MENU.videos), status: '1', page: String(page), size },
          { quiet: true },
        )
      ).data,
  });

/** One video: the news item, when it belongs to the gallery and has a film; `null` when there is none. */
export const videoDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['videos', 'detail', id],
    queryFn: async () => {
      try {
        const item = (await mainClient(newsDetailEndpoint(id), undefined, { quiet: true })).data;
        return item.newsMenuId === NEWS_MENU.videos && item.videoUrl
          ? { ...item, videoUrl: item.videoUrl }
          : null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
