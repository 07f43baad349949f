import { Hono } from 'hono';
import type { Db } from '../db/database';
import { ok } from '../http';
import { readSiteConfig } from '../services/site';

export const siteRoutes = (db: Db, demo: boolean) =>
  new Hono().get('/api/yxs-app/site/config', async (c) => ok(c, { ...(await readSiteConfig(db)), demo }));
