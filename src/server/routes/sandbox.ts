import { outTradeNo, PAYMENT_MESSAGES } from '@contract/payment';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import { SANDBOX_SIGNATURE_HEADER, type SandboxGateway } from '../gateways/sandbox-gateway';
import { body, param, query } from '../http';
import { holdHasEnded, isLiveHold } from '../services/holds-place';
import type { PaymentsService } from '../services/payments';
import { readSiteConfig } from '../services/site';
import { sandboxPage } from './sandbox-page';

export interface SandboxDeps {
  db: Db;
  clock: Clock;
  sandbox: SandboxGateway;
  payments: PaymentsService;
  /** The site's own address: the H5 cashier goes back only to a page of it. */
  publicOrigin: () => string;
}

/** What the H5 cashier is told: where to go back to (WeChat's `redirect_url`). */
const cashierQuery = v.object({ channel: v.optional(v.string()), redirect_url: v.optional(v.string()) });

/**
 * The sandbox gateway's pages (demo only, never in production): `/pay/sandbox/<trade>` is what the
 * QR encodes and the H5 cashier's address (`?channel=h5&redirect_url=…`); its confirm button signs
 * a notification of that trade (an order's attempt: the order's number, or its T2, T3…) and hands
 * it to the same handler a real gateway's notification reaches. A trade the site has since closed
 * is not payable, as at WeChat. The H5 cashier goes back to `redirect_url`, paid or cancelled, when
 * it is a page of this site (WeChat checks the registered H5 domain; a foreign one is ignored).
 */
export const sandboxRoutes = ({ db, clock, sandbox, payments, publicOrigin }: SandboxDeps) => {
  const findTrade = async (no: string) => {
    const trade = await db
      .selectFrom('payment_attempts')
      .innerJoin('orders', 'orders.id', 'payment_attempts.order_id')
      .select([
        'payment_attempts.out_trade_no',
        'payment_attempts.closed_at',
        'orders.description',
        'orders.amount_fen',
        'orders.state',
        'orders.hold_until',
        'orders.reservation',
      ])
      .where('payment_attempts.out_trade_no', '=', no)
      .executeTakeFirst();
    if (!trade) throw new AppError(404, PAYMENT_MESSAGES.notFound);
    return trade;
  };
  const payable = (trade: Awaited<ReturnType<typeof findTrade>>) =>
    !trade.reservation && trade.closed_at === null && isLiveHold(trade, clock.now());
  /** The cashier's way back: a page of this site, else none. */
  const backTo = (url: string | undefined) => (url?.startsWith(`${publicOrigin()}/`) ? url : undefined);

  return new Hono()
    .get('/pay/sandbox/:no', async (c) => {
      const trade = await findTrade(param(c, 'no', outTradeNo));
      const asked = query(c, cashierQuery);
      const site = await readSiteConfig(db);
      return c.html(
        sandboxPage({
          outTradeNo: trade.out_trade_no,
          description: trade.description,
          amountFen: trade.amount_fen,
          state: trade.state,
          payable: payable(trade),
          expired: holdHasEnded(trade, clock.now()),
          templeName: site.templeName,
          cashier: asked.channel === 'h5' ? { back: backTo(asked.redirect_url) } : undefined,
        }),
      );
    })
    .post('/pay/sandbox/:no/confirm', async (c) => {
      const trade = await findTrade(param(c, 'no', outTradeNo));
      const back = backTo((await body(c, v.object({ redirect_url: v.optional(v.string()) }))).redirect_url);
      if (payable(trade)) {
        // One trade, one payment: every confirmation of it is the same transaction.
        const { body: text, signature } = sandbox.confirmation(
          trade.out_trade_no,
          trade.amount_fen,
          clock.now(),
        );
        await payments.acceptNotification(text, (name) =>
          name === SANDBOX_SIGNATURE_HEADER ? signature : undefined,
        );
      }
      return c.redirect(back ?? `/pay/sandbox/${trade.out_trade_no}`, 303);
    });
};
