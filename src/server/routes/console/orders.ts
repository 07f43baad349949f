import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import type { ConsoleDeps } from './deps';

/** To build (S1 — orders search, an order's page, record payment, extend, cancel, mark enshrined). */
export const orderRoutes = (_deps: ConsoleDeps) => new Hono<AppEnv>();
