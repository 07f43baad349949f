import { newsApi, newsIdParam } from '@contract/news';
import { Hono } from 'hono';
import { ok, param, query } from '../http';
import type { NewsService } from '../services/news';

/** 寺院动态 (001 section 7, 002 section 7): open to visitors, no token. */
export const newsRoutes = (news: NewsService) =>
  new Hono()
    .get(newsApi.list.path, async (c) => ok(c, await news.list(query(c, newsApi.list.request))))
    .get(newsApi.detail.path, async (c) => ok(c, await news.detail(param(c, 'id', newsIdParam))))
    .get(newsApi.hoeList.path, async (c) => ok(c, await news.hoeList(query(c, newsApi.hoeList.request))));
