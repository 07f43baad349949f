import { Hono } from 'hono';
import type { CatalogueCache } from '../catalogue-cache';
import type { Db } from '../db/database';
import { readSiteConfig } from '../services/site';

export const siteRoutes = (db: Db, demo: boolean, cache: CatalogueCache) =>
  new Hono().get('/api/yxs-app/site/config', (c) =>
    cache.main(c, async () => ({ ...(await readSiteConfig(db)), demo })),
  );
