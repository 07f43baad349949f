import { CONSOLE_API_PREFIX } from '@contract/console';
import { createMiddleware } from 'hono/factory';

const isConsoleApi = (path: string) =>
  path === CONSOLE_API_PREFIX || path.startsWith(`${CONSOLE_API_PREFIX}/`);

/**
 * `Cache-Control: no-store` on every answer of the console's API (`/admin/api/*`): data, refusals,
 * errors, uploads and the CSV exports. They carry believers' full phones and names, and a reception
 * computer is shared: no browser cache, no proxy may keep a copy for the next person at the desk.
 * Mounted before every route, so answers made outside the console's routes (a body over the limit,
 * an error) carry it too.
 */
export const consoleNoStore = () =>
  createMiddleware(async (c, next) => {
    await next();
    if (isConsoleApi(c.req.path)) c.res.headers.set('Cache-Control', 'no-store');
  });
