import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import type { ConsoleDeps } from './deps';

/** To build (S1 — seat maps, block and unblock). */
export const seatRoutes = (_deps: ConsoleDeps) => new Hono<AppEnv>();
