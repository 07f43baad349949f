import { tabletApi } from '@contract/tablet';
import { Hono } from 'hono';
import { portalOk, query } from '../http';
import type { TabletService } from '../services/tablet';

export const tabletRoutes = (tablet: TabletService) =>
  new Hono()
    .get(tabletApi.types.path, async (c) => portalOk(c, { ls: await tablet.types() }))
    .get(tabletApi.categories.path, async (c) => portalOk(c, { ls: await tablet.categories() }))
    .get(tabletApi.locations.path, async (c) => {
      const { pwType } = query(c, tabletApi.locations.request);
      return portalOk(c, await tablet.locations(pwType));
    })
    .get(tabletApi.dictMaps.path, async (c) => {
      const { pwType } = query(c, tabletApi.dictMaps.request);
      return portalOk(c, await tablet.dictMaps(pwType));
    })
    .get(tabletApi.seats.path, async (c) =>
      portalOk(c, await tablet.seats(query(c, tabletApi.seats.request))),
    );
