import { meritApi } from '@contract/merit';
import { Hono } from 'hono';
import type { CatalogueCache } from '../catalogue-cache';
import { query } from '../http';
import type { createMeritService } from '../services/merit';

export const meritRoutes = (merit: ReturnType<typeof createMeritService>, cache: CatalogueCache) =>
  new Hono()
    .get(meritApi.list.path, (c) =>
      cache.portal(c, () => merit.list(query(c, meritApi.list.request).channel)),
    )
    .get(meritApi.detail.path, (c) =>
      cache.portal(c, () => merit.detail(query(c, meritApi.detail.request).id)),
    )
    .get(meritApi.wishes.path, (c) => cache.portal(c, () => merit.wishes()));
