import { statueApi } from '@contract/statue';
import { Hono } from 'hono';
import { portalOk, query } from '../http';
import type { StatueService } from '../services/statue';

export const statueRoutes = (statue: StatueService) =>
  new Hono()
    .get(statueApi.list.path, async (c) => portalOk(c, { ls: await statue.list() }))
    .get(statueApi.statues.path, async (c) => {
      const { location } = query(c, statueApi.statues.request);
      return portalOk(c, await statue.statues(location));
    })
    // One path, two calls (001 section 7): with material and fxGroup it answers the seat map.
    .get(statueApi.preview.path, async (c) => {
      if (c.req.query('material') !== undefined || c.req.query('fxGroup') !== undefined)
        return portalOk(c, await statue.seats(query(c, statueApi.seats.request)));
      const { location } = query(c, statueApi.preview.request);
      return portalOk(c, await statue.preview(location));
    })
    .get(statueApi.all.path, async (c) => {
      const { location } = query(c, statueApi.all.request);
      return portalOk(c, await statue.all(location));
    });
