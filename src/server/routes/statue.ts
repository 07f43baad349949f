import { statueApi } from '@contract/statue';
import { Hono } from 'hono';
import type { CatalogueCache } from '../catalogue-cache';
import { query } from '../http';
import type { StatueService } from '../services/statue';

export const statueRoutes = (statue: StatueService, cache: CatalogueCache) =>
  new Hono()
    .get(statueApi.list.path, (c) => cache.portal(c, async () => ({ ls: await statue.list() })))
    .get(statueApi.statues.path, (c) =>
      cache.portal(c, () => statue.statues(query(c, statueApi.statues.request).location)),
    )
    // One path, two calls (001 section 7): with material and fxGroup it answers the seat map.
    .get(statueApi.preview.path, (c) =>
      cache.portal(c, (at) => {
        if (c.req.query('material') !== undefined || c.req.query('fxGroup') !== undefined)
          return statue.seats(query(c, statueApi.seats.request), at);
        return statue.preview(query(c, statueApi.preview.request).location);
      }),
    )
    .get(statueApi.all.path, (c) =>
      cache.portal(c, () => statue.all(query(c, statueApi.all.request).location)),
    );
