import { outTradeNo, PAYMENT_MESSAGES } from '@contract/payment';
import { type Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import { SANDBOX_SIGNATURE_HEADER, type SandboxGateway } from '../gateways/sandbox-gateway';
import { SANDBOX_AUTHORIZE_BASE, type SandboxOauth } from '../gateways/sandbox-oauth';
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
  /** The demo's web login, when the site has no 服务号 of its own. */
  oauth?: SandboxOauth | undefined;
}

/** The browser's sandbox WeChat (its openid's), kept a year. */
const BROWSER_COOKIE = 'sandbox_wechat';
const authorizeQuery = v.object({
  redirect_uri: v.pipe(v.string('缺少 redirect_uri'), v.url('redirect_uri 格式不正确')),
  state: v.optional(
    v.pipe(v.string('state 格式不正确'), v.regex(/^[A-Za-z0-9]{0,128}$/, 'state 格式不正确')),
    '',
  ),
});

/** What the H5 cashier (or the JSAPI stand-in) is told: where to go back to (WeChat's `redirect_url`). */
const cashierQuery = v.object({
  channel: v.optional(v.string('channel 格式不正确')),
  redirect_url: v.optional(v.string('redirect_url 格式不正确')),
});

/**
 * The sandbox gateway's pages (demo only, never in production): `/pay/sandbox/<trade>` is what the
 * QR encodes and the H5 cashier's address (`?channel=h5&redirect_url=…`); its confirm button signs
 * a notification of that trade (an order's attempt: the order's number, or its T2, T3…) and hands
 * it to the same handler a real gateway's notification reaches. A trade the site has since closed
 * is not payable, as at WeChat. The H5 cashier goes back to `redirect_url`, paid or cancelled, when
 * it is a page of this site (WeChat checks the registered H5 domain; a foreign one is ignored).
 */
export const sandboxRoutes = ({ db, clock, sandbox, payments, publicOrigin, oauth }: SandboxDeps) => {
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
  /**
   * A page of this site (http or https, the site's public origin or the one this request came to,
   * as a phone on the temple's LAN sees it): the only place the sandbox sends a browser back to.
   */
  const isOwnPage = (url: string, c: Context) => {
    const asked = URL.parse(url);
    return (
      asked !== null &&
      (asked.protocol === 'http:' || asked.protocol === 'https:') &&
      (asked.origin === URL.parse(publicOrigin())?.origin || asked.origin === new URL(c.req.url).origin)
    );
  };
  /** The cashier's way back: a page of this site, else none. */
  const backTo = (url: string | undefined, c: Context) => (url && isOwnPage(url, c) ? url : undefined);

  return (
    new Hono()
      // The demo's 服务号 web login: back at once to the page, the code and state before its hash,
      // as WeChat does; only to a page of the host that asked (WeChat: the 网页授权域名).
      .get(`${SANDBOX_AUTHORIZE_BASE}/connect/oauth2/authorize`, (c) => {
        if (!oauth) throw new AppError(404, PAYMENT_MESSAGES.notFound);
        const asked = query(c, authorizeQuery);
        if (!isOwnPage(asked.redirect_uri, c)) throw new AppError(400, 'redirect_uri 域名与本站不一致');
        const back = new URL(asked.redirect_uri);
        const kept = getCookie(c, BROWSER_COOKIE);
        const id = oauth.isBrowserId(kept) ? kept : oauth.newBrowserId();
        setCookie(c, BROWSER_COOKIE, id, {
          path: SANDBOX_AUTHORIZE_BASE,
          httpOnly: true,
          sameSite: 'Lax',
          maxAge: 365 * 86_400,
        });
        back.searchParams.set('code', oauth.codeFor(id));
        back.searchParams.set('state', asked.state);
        return c.redirect(back.href, 302);
      })
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
            closed: trade.closed_at !== null,
            templeName: site.templeName,
            cashier:
              asked.channel === 'h5' || asked.channel === 'jsapi'
                ? { channel: asked.channel, back: backTo(asked.redirect_url, c) }
                : undefined,
          }),
        );
      })
      .post('/pay/sandbox/:no/confirm', async (c) => {
        const trade = await findTrade(param(c, 'no', outTradeNo));
        const back = backTo(
          (await body(c, v.object({ redirect_url: v.optional(v.string('redirect_url 格式不正确')) })))
            .redirect_url,
          c,
        );
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
      })
  );
};
