import { newsApi, newsIdParam } from '@contract/news';
import { Hono } from 'hono';
import type { CatalogueCache } from '../catalogue-cache';
import { param, query } from '../http';
import type { NewsService } from '../services/news';

/** 寺院动态 (001 section 7, 002 section 7): open to visitors, no token. */
export const newsRoutes = (news: NewsService, cache: CatalogueCache) =>
  new Hono()
    .get(newsApi.list.path, (c) => cache.main(c, (at) => news.list(query(c, newsApi.list.request), at)))
    .get(newsApi.detail.path, (c) => cache.main(c, (at) => news.detail(param(c, 'id', newsIdParam), at.now)))
    .get(newsApi.hoeList.path, (c) => cache.main(c, () => news.hoeList(query(c, newsApi.hoeList.request))));
