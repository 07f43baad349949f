import {
  IDEMPOTENCY_HEADER,
  idempotencyKey,
  PAYMENT_MESSAGES,
  payApi,
  RESERVED_MESSAGE,
} from '@contract/payment';
import { type Context, Hono, type Next } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../app-env';
import { BODY_LIMIT_BYTES } from '../body-limit';
import type { AddressOf } from '../client-address';
import type { PaymentGateway } from '../gateways/payment';
import { body, parseWith, readBody } from '../http';
import { SECURITY_HEADERS } from '../security-headers';
import type { AuthService } from '../services/auth';
import type { OrdersService } from '../services/orders';
import type { PaymentStatusCache } from '../services/payment-status-cache';
import type { PaymentsService } from '../services/payments';
import { bearerToken, requireUser } from './require-user';

export interface PayRouteDeps {
  auth: AuthService;
  orders: OrdersService;
  payments: PaymentsService;
  paymentStatus: PaymentStatusCache;
  gateway: PaymentGateway;
  /** Where phones reach this server (the QR's URL): configured, never the request's Host. */
  publicOrigin: () => string;
  /** The caller's address, for the per-address order limit. */
  addressOf: AddressOf;
}

export const payRoutes = ({
  auth,
  orders,
  payments,
  paymentStatus,
  gateway,
  publicOrigin,
  addressOf,
}: PayRouteDeps) =>
  new Hono<AppEnv>()
    .post('/portal/rs/payapi/v1/pay/prePay', requireUser(auth), async (c) => {
      const key = c.req.header(IDEMPOTENCY_HEADER);
      const input = await readBody(c);
      // The kind's own schema validates the order inside `create`, once `type` says which kind it is.
      const order = await orders.create(
        input,
        c.get('user'),
        key === undefined ? undefined : parseWith(idempotencyKey, key),
        addressOf(c),
      );
      return c.json({
        code: 0,
        // A reservation is paid at the temple: no QR (spec 001 section 4: 办理成功).
        msg: order.reservation ? RESERVED_MESSAGE : '下单成功',
        data: {
          code_img_url: order.reservation ? '' : gateway.codeUrl(order.out_trade_no, publicOrigin()),
          out_trade_no: order.out_trade_no,
          expire_time: order.hold_until.toISOString(),
          description: order.description,
          amount: order.amount_fen / 100,
        },
      });
    })
    .post(payApi.cancelOrder.path, requireUser(auth), async (c) => {
      const { out_trade_no } = await body(c, payApi.cancelOrder.request);
      const orderState = await orders.cancelOwn(out_trade_no, c.get('user'));
      return c.json({ code: 0, msg: PAYMENT_MESSAGES.cancelled, data: { orderState } });
    })
    // Every open QR dialog asks once a second: answered from memory, refreshed every 250 ms.
    .post(payApi.payResult.path, requireUser(paymentStatus), async (c) => {
      const { out_trade_no } = await body(c, payApi.payResult.request);
      return c.json({ code: 0, msg: await paymentStatus.status(out_trade_no, c.get('user')) });
    })
    .post('/pay/notify/sandbox', async (c) => {
      const text = await c.req.text();
      const signature = parseWith(v.optional(v.string()), c.req.header('x-sandbox-signature'));
      return c.json({ code: 'SUCCESS', message: await payments.acceptNotification(text, signature) });
    });

/** The poll's answer headers, one record for every answer (no Headers object per request). */
const POLL_ANSWER_HEADERS = { ...SECURITY_HEADERS, 'content-type': 'application/json' };

/**
 * The 1-second payment poll's usual case, answered before the middleware stack (logging, security
 * headers, body limit, requireUser): a live session polling its own order, both held in memory
 * (PaymentStatusCache.heldAnswer). It sets the same headers and logs through `answered`. Anything
 * else (no token, a body not declared small, a malformed or refused poll, a row not held or too
 * old) goes on to payRoutes' full route, which reads, refuses or answers as always.
 */
export const pollFromMemory =
  (paymentStatus: PaymentStatusCache, answered: (c: Context, status: number, started: number) => void) =>
  async (c: Context, next: Next) => {
    const started = performance.now();
    const token = bearerToken(c);
    const declared = Number(c.req.header('content-length'));
    if (!token || !(declared <= BODY_LIMIT_BYTES) || c.req.header('transfer-encoding') !== undefined)
      return next();
    let input: unknown;
    try {
      input = await readBody(c);
    } catch {
      return next();
    }
    let outTradeNo: string;
    try {
      // The full route's own parse (NUL, lone surrogates, unknown keys): what it refuses goes on to it.
      outTradeNo = parseWith(payApi.payResult.request, input).out_trade_no;
    } catch {
      return next();
    }
    const msg = paymentStatus.heldAnswer(token, outTradeNo);
    if (msg === undefined) return next();
    answered(c, 200, started);
    return new Response(JSON.stringify({ code: 0, msg }), { headers: POLL_ANSWER_HEADERS });
  };
