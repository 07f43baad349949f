import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import type { ConsoleDeps } from './deps';

/** To build (S2 — rosters, CSV and tablet sheet data). */
export const rosterRoutes = (_deps: ConsoleDeps) => new Hono<AppEnv>();
