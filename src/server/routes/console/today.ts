import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import type { ConsoleDeps } from './deps';

/** To build (S1 — the Today board). */
export const todayRoutes = (_deps: ConsoleDeps) => new Hono<AppEnv>();
