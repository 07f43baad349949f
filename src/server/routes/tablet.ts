import { tabletApi } from '@contract/tablet';
import { Hono } from 'hono';
import type { CatalogueCache } from '../catalogue-cache';
import { query } from '../http';
import type { TabletService } from '../services/tablet';

export const tabletRoutes = (tablet: TabletService, cache: CatalogueCache) =>
  new Hono()
    .get(tabletApi.types.path, (c) => cache.portal(c, async () => ({ ls: await tablet.types() })))
    .get(tabletApi.categories.path, (c) => cache.portal(c, async () => ({ ls: await tablet.categories() })))
    .get(tabletApi.locations.path, (c) =>
      cache.portal(c, () => tablet.locations(query(c, tabletApi.locations.request).pwType)),
    )
    .get(tabletApi.dictMaps.path, (c) =>
      cache.portal(c, () => tablet.dictMaps(query(c, tabletApi.dictMaps.request).pwType)),
    )
    .get(tabletApi.seats.path, (c) =>
      cache.portal(c, (at) => tablet.seats(query(c, tabletApi.seats.request), at)),
    );
