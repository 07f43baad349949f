import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import type { ConsoleDeps } from './deps';

/** To build (S2 — volunteer applications, photos, review). */
export const volunteerReviewRoutes = (_deps: ConsoleDeps) => new Hono<AppEnv>();
