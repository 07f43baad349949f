import { outTradeNo, PAYMENT_MESSAGES } from '@contract/payment';
import { Hono } from 'hono';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import { SANDBOX_SIGNATURE_HEADER, type SandboxGateway } from '../gateways/sandbox-gateway';
import { param } from '../http';
import { holdHasEnded, isLiveHold } from '../services/holds-place';
import type { PaymentsService } from '../services/payments';
import { readSiteConfig } from '../services/site';
import { sandboxPage } from './sandbox-page';

export interface SandboxDeps {
  db: Db;
  clock: Clock;
  sandbox: SandboxGateway;
  payments: PaymentsService;
}

/**
 * The sandbox gateway's pages (demo only, never in production): `/pay/sandbox/<out_trade_no>` is
 * what the QR encodes; its confirm button signs a notification and hands it to the same handler
 * a real gateway's notification reaches.
 */
export const sandboxRoutes = ({ db, clock, sandbox, payments }: SandboxDeps) => {
  const findOrder = async (no: string) => {
    const order = await db
      .selectFrom('orders')
      .select(['out_trade_no', 'description', 'amount_fen', 'state', 'hold_until', 'reservation'])
      .where('out_trade_no', '=', no)
      .executeTakeFirst();
    if (!order) throw new AppError(404, PAYMENT_MESSAGES.notFound);
    return order;
  };
  const payable = (order: Awaited<ReturnType<typeof findOrder>>) =>
    !order.reservation && isLiveHold(order, clock.now());

  return new Hono()
    .get('/pay/sandbox/:no', async (c) => {
      const order = await findOrder(param(c, 'no', outTradeNo));
      const site = await readSiteConfig(db);
      return c.html(
        sandboxPage({
          outTradeNo: order.out_trade_no,
          description: order.description,
          amountFen: order.amount_fen,
          state: order.state,
          payable: payable(order),
          expired: holdHasEnded(order, clock.now()),
          templeName: site.templeName,
        }),
      );
    })
    .post('/pay/sandbox/:no/confirm', async (c) => {
      const order = await findOrder(param(c, 'no', outTradeNo));
      if (payable(order)) {
        // One order, one payment: every confirmation of it is the same transaction.
        const { body, signature } = sandbox.confirmation(order.out_trade_no, order.amount_fen, clock.now());
        await payments.acceptNotification(body, (name) =>
          name === SANDBOX_SIGNATURE_HEADER ? signature : undefined,
        );
      }
      return c.redirect(`/pay/sandbox/${order.out_trade_no}`, 303);
    });
};
