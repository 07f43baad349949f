import { consoleApi, refundSchema } from '@contract/console';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { body, ok, param } from '../../http';
import { createRefundDesk } from '../../services/staff/refund-desk';
import type { ConsoleDeps } from './deps';
import { orderNoParam } from './orders';
import { allow } from './require-staff';

/** The payments owed back and their refund through the gateway, with a second confirmation (财务). */
export const refundRoutes = ({ db, clock, services }: ConsoleDeps) => {
  const desk = createRefundDesk({ db, clock, reconciliation: services.reconciliation });
  return new Hono<AppEnv>()
    .use(consoleApi.refunds.path, allow('refund'))
    .use(consoleApi.refund.path, allow('refund'))
    .get(consoleApi.refunds.path, async (c) => ok(c, await desk.list()))
    .post(consoleApi.refund.path, async (c) => {
      const no = param(c, 'no', orderNoParam);
      await body(c, refundSchema);
      return ok(c, await desk.refund(no, c.get('staff')), '已提交退款');
    });
};
