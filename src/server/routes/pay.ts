import { payApi } from '@contract/payment';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { PaymentGateway } from '../gateways/payment';
import { body, readBody } from '../http';
import type { AuthService } from '../services/auth';
import type { OrdersService } from '../services/orders';
import type { PaymentsService } from '../services/payments';
import { requireUser } from './require-user';

export interface PayRouteDeps {
  auth: AuthService;
  orders: OrdersService;
  payments: PaymentsService;
  gateway: PaymentGateway;
  /** Where phones reach this server (the QR's URL); the request's own origin when not configured. */
  publicOrigin?: string | undefined;
}

export const payRoutes = ({ auth, orders, payments, gateway, publicOrigin }: PayRouteDeps) =>
  new Hono<AppEnv>()
    .post('/portal/rs/payapi/v1/pay/prePay', requireUser(auth), async (c) => {
      // The kind's own schema validates the order inside `create`, once `type` says which kind it is.
      const order = await orders.create(await readBody(c), c.get('user'));
      const origin = publicOrigin ?? new URL(c.req.url).origin;
      return c.json({
        code: 0,
        msg: '下单成功',
        data: {
          code_img_url: gateway.codeUrl(order.out_trade_no, origin),
          out_trade_no: order.out_trade_no,
          expire_time: order.hold_until.toISOString(),
          description: order.description,
          amount: order.amount_fen / 100,
        },
      });
    })
    .post(payApi.payResult.path, requireUser(auth), async (c) => {
      const { out_trade_no } = await body(c, payApi.payResult.request);
      return c.json({ code: 0, msg: await orders.status(out_trade_no, c.get('user')) });
    })
    .post('/pay/notify/sandbox', async (c) => {
      const outcome = await payments.acceptNotification(
        await c.req.text(),
        c.req.header('x-sandbox-signature'),
      );
      return c.json({ code: 'SUCCESS', message: outcome });
    });
