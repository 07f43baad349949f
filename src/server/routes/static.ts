import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

/** Vite's hashed file names change with their content: they can be kept for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built SPA: hashed assets cached for good, everything else (index.html, favicon)
 * revalidated on every visit so a new release is seen at once.
 */
export const staticRoutes = (root: string) =>
  new Hono()
    // The staff console's entry (dist/admin/index.html) is reached with its slash.
    .get('/admin', (c) => c.redirect('/admin/', 301))
    .use('/*', async (c, next) => {
      await next();
      if (c.res.ok) c.header('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
    })
    .use('/*', serveStatic({ root }));
