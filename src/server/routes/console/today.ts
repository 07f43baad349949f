import { consoleApi } from '@contract/console';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { ok } from '../../http';
import { todayBoard } from '../../services/staff/today';
import type { ConsoleDeps } from './deps';
import { allow } from './require-staff';

/** The Today board (客堂 and 财务). */
export const todayRoutes = ({ db, clock }: ConsoleDeps) =>
  new Hono<AppEnv>()
    .use(consoleApi.today.path, allow('viewOrders'))
    .get(consoleApi.today.path, async (c) => ok(c, await todayBoard(db, clock.now())));
