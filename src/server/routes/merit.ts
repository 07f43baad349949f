import { meritApi } from '@contract/merit';
import { Hono } from 'hono';
import { portalOk, query } from '../http';
import type { createMeritService } from '../services/merit';

export const meritRoutes = (merit: ReturnType<typeof createMeritService>) =>
  new Hono()
    .get(meritApi.list.path, async (c) => {
      const { channel } = query(c, meritApi.list.request);
      return portalOk(c, await merit.list(channel));
    })
    .get(meritApi.detail.path, async (c) => {
      const { id } = query(c, meritApi.detail.request);
      return portalOk(c, await merit.detail(id));
    })
    .get(meritApi.wishes.path, async (c) => portalOk(c, await merit.wishes()));
