import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import type { ConsoleDeps } from './deps';

/** To build (S1 — refund_due payments and their refund). */
export const refundRoutes = (_deps: ConsoleDeps) => new Hono<AppEnv>();
