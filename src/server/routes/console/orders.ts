import {
  CONSOLE_MESSAGES,
  cancelOrderSchema,
  consoleApi,
  extendHoldSchema,
  orderSearchSchema,
  recordPaymentSchema,
} from '@contract/console';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../app-env';
import { body, ok, param, query } from '../../http';
import { createOrderDesk } from '../../services/staff/order-desk';
import { orderDetail } from '../../services/staff/order-detail';
import { searchOrders } from '../../services/staff/order-rows';
import type { ConsoleDeps } from './deps';
import { allow } from './require-staff';

/** An order number as the path gives it: anything else is not an order of ours. */
export const orderNoParam = v.pipe(
  v.string(CONSOLE_MESSAGES.orderNotFound),
  v.regex(/^[A-Z0-9]{8,40}$/, CONSOLE_MESSAGES.orderNotFound),
);

const ORDER = consoleApi.order.path;

/**
 * Orders: search and an order's page (客堂 and 财务); at the counter (客堂): record a payment taken
 * at the temple, extend a reservation, cancel an unpaid order; mark a statue enshrined (seats).
 */
export const orderRoutes = ({ db, clock, services }: ConsoleDeps) => {
  const desk = createOrderDesk({ db, clock, orders: services.orders });
  const no = (c: Parameters<typeof param>[0]) => param(c, 'no', orderNoParam);
  return new Hono<AppEnv>()
    .use(consoleApi.orders.path, allow('viewOrders'))
    .use(ORDER, allow('viewOrders'))
    .use(consoleApi.recordPayment.path, allow('changeOrders'))
    .use(consoleApi.extendHold.path, allow('changeOrders'))
    .use(consoleApi.cancelOrder.path, allow('changeOrders'))
    .use(consoleApi.markEnshrined.path, allow('changeSeats'))
    .get(consoleApi.orders.path, async (c) =>
      ok(c, await searchOrders(db, query(c, orderSearchSchema), clock.now())),
    )
    .get(ORDER, async (c) => ok(c, await orderDetail(db, no(c), clock.now())))
    .post(consoleApi.recordPayment.path, async (c) =>
      ok(
        c,
        await desk.recordPayment(no(c), await body(c, recordPaymentSchema), c.get('staff')),
        '已登记到寺付款',
      ),
    )
    .post(consoleApi.extendHold.path, async (c) =>
      ok(c, await desk.extendHold(no(c), await body(c, extendHoldSchema), c.get('staff')), '已延长保留'),
    )
    .post(consoleApi.cancelOrder.path, async (c) =>
      ok(
        c,
        await desk.cancel(no(c), (await body(c, cancelOrderSchema)).reason, c.get('staff')),
        '已取消订单',
      ),
    )
    .post(consoleApi.markEnshrined.path, async (c) =>
      ok(c, await desk.markEnshrined(no(c), c.get('staff')), '已标记为已供奉'),
    );
};
