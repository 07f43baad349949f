import { outTradeNo, PAYMENT_MESSAGES } from '@contract/payment';
import { Hono } from 'hono';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import type { SandboxGateway } from '../gateways/payment';
import { parseWith } from '../http';
import type { PaymentsService } from '../services/payments';
import { readSiteConfig } from '../services/site';
import { sandboxPage } from './sandbox-page';

export interface SandboxDeps {
  db: Db;
  clock: Clock;
  gateway: SandboxGateway;
  payments: PaymentsService;
}

/**
 * The sandbox gateway's pages: `/pay/sandbox/<out_trade_no>` is what the QR encodes; its
 * confirm button signs a notification and hands it to the same handler a real gateway's
 * notification reaches.
 */
export const sandboxRoutes = ({ db, clock, gateway, payments }: SandboxDeps) => {
  const findOrder = async (no: string) => {
    const order = await db
      .selectFrom('orders')
      .select(['out_trade_no', 'description', 'amount_fen', 'state', 'hold_until'])
      .where('out_trade_no', '=', parseWith(outTradeNo, no))
      .executeTakeFirst();
    if (!order) throw new AppError(404, PAYMENT_MESSAGES.notFound);
    return order;
  };

  return new Hono()
    .get('/pay/sandbox/:no', async (c) => {
      const order = await findOrder(c.req.param('no'));
      const site = await readSiteConfig(db);
      return c.html(
        sandboxPage({
          outTradeNo: order.out_trade_no,
          description: order.description,
          amountFen: order.amount_fen,
          state: order.state,
          expired: order.hold_until <= clock.now(),
          templeName: site.templeName,
        }),
      );
    })
    .post('/pay/sandbox/:no/confirm', async (c) => {
      const order = await findOrder(c.req.param('no'));
      if (order.state === 0 && order.hold_until > clock.now()) {
        const { body, signature } = gateway.signedNotification(
          order.out_trade_no,
          order.amount_fen,
          clock.now(),
        );
        await payments.acceptNotification(body, signature);
      }
      return c.redirect(`/pay/sandbox/${order.out_trade_no}`, 303);
    });
};
