import {
  IDEMPOTENCY_HEADER,
  idempotencyKey,
  PAYMENT_MESSAGES,
  payApi,
  RESERVED_MESSAGE,
} from '@contract/payment';
import { WECHAT_LOGIN_MESSAGES } from '@contract/wechat-login';
import { type Context, Hono, type Next } from 'hono';
import type { AppEnv } from '../app-env';
import { BODY_LIMIT_BYTES } from '../body-limit';
import type { AddressOf } from '../client-address';
import { PAGE_NOT_FOUND } from '../error-answers';
import { AppError, conflict } from '../errors';
import type { HeaderOf, Payer } from '../gateways/payment';
import { WECHAT_NOTIFY_PATH } from '../gateways/wechat-config';
import { body, bodyOfText, parseWith, readBody, textBody } from '../http';
import type { RequestLog } from '../request-log';
import { SECURITY_HEADERS } from '../security-headers';
import type { AuthService } from '../services/auth';
import type { OrdersService } from '../services/orders';
import type { PaymentStatusCache } from '../services/payment-status-cache';
import type { PaymentsService } from '../services/payments';
import type { ReconciliationService } from '../services/reconciliation';
import type { WechatLoginService } from '../services/wechat-login';
import { bearerToken, requireUser } from './require-user';

export interface PayRouteDeps {
  auth: AuthService;
  orders: OrdersService;
  payments: PaymentsService;
  reconciliation: ReconciliationService;
  paymentStatus: PaymentStatusCache;
  /** The caller's address, for the per-address order limit. */
  addressOf: AddressOf;
  /** The caller's own address, for WeChat's H5 order. */
  clientIpOf: AddressOf;
  /** The openid a believer pays by JSAPI with. */
  wechatLogin: WechatLoginService;
}

/** A notification's headers as the gateway sent them (the raw body is read before anything parses it). */
const headerOf =
  (c: Context): HeaderOf =>
  (name) =>
    c.req.header(name);

export const payRoutes = ({
  auth,
  orders,
  payments,
  reconciliation,
  paymentStatus,
  addressOf,
  clientIpOf,
  wechatLogin,
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
      // A reservation is paid at the temple: no QR (spec 001 section 4: 办理成功).
      const qr = order.reservation ? '' : await reconciliation.qrOf(order);
      return c.json({
        code: 0,
        msg: order.reservation ? RESERVED_MESSAGE : '下单成功',
        data: {
          code_img_url: qr,
          out_trade_no: order.out_trade_no,
          expire_time: order.hold_until.toISOString(),
          description: order.description,
          amount: order.amount_fen / 100,
        },
      });
    })
    .post(payApi.payOn.path, requireUser(auth), async (c) => {
      const { out_trade_no, channel, visit } = await body(c, payApi.payOn.request);
      const user = c.get('user');
      let payer: Payer;
      if (channel === 'h5') {
        const address = clientIpOf(c);
        // H5 is ordered with the believer's real address: a request with none is refused before WeChat is asked.
        if (!payments.takesClientIp(address)) throw new AppError(400, PAYMENT_MESSAGES.noAddress);
        payer = { channel, clientIp: address };
      } else if (channel === 'jsapi') {
        const openid = await wechatLogin.payerOpenid(user.id, visit);
        if (!openid) throw conflict(WECHAT_LOGIN_MESSAGES.visitUnknown);
        payer = { channel, openid };
      } else payer = { channel };
      const offered = await reconciliation.offerOwn(out_trade_no, user.id, payer);
      const trade = offered.paid ? undefined : offered.trade;
      return c.json({
        code: 0,
        msg: offered.paid ? '订单已支付' : '请继续支付',
        data: {
          paid: offered.paid,
          code_img_url: trade?.channel === 'native' ? trade.codeUrl : '',
          invoke: trade?.channel === 'jsapi' ? reconciliation.invoke(trade.prepayId) : null,
          h5_url: trade?.channel === 'h5' ? trade.h5Url : '',
        },
      });
    })
    .post(payApi.cancelOrder.path, requireUser(auth), async (c) => {
      const { out_trade_no } = await body(c, payApi.cancelOrder.request);
      // The QR first: closed at the gateway, or found paid (then settled, and the order not open).
      if ((await reconciliation.closeBeforeCancel(out_trade_no, c.get('user').id)) === 'paid') {
        throw conflict(PAYMENT_MESSAGES.notOpen);
      }
      const orderState = await orders.cancelOwn(out_trade_no, c.get('user'));
      return c.json({ code: 0, msg: PAYMENT_MESSAGES.cancelled, data: { orderState } });
    })
    // Every open QR dialog asks once a second: answered from memory, refreshed every 250 ms.
    .post(payApi.payResult.path, requireUser(paymentStatus), async (c) => {
      const { out_trade_no } = await body(c, payApi.payResult.request);
      return c.json({ code: 0, msg: await paymentStatus.status(out_trade_no, c.get('user')) });
    })
    // Each gateway's notifications at its own address; only the gateway in use has one.
    .post('/pay/notify/sandbox', async (c) => {
      if (payments.gatewayName !== 'sandbox') throw new AppError(404, PAGE_NOT_FOUND);
      const text = await c.req.text();
      return c.json({ code: 'SUCCESS', message: await payments.acceptNotification(text, headerOf(c)) });
    })
    // WeChat Pay v3: verified on the raw bytes; a 204 (no body) says received, a 4xx/5xx asks again.
    .post(WECHAT_NOTIFY_PATH, async (c) => {
      if (payments.gatewayName !== 'wechat') throw new AppError(404, PAGE_NOT_FOUND);
      await payments.acceptNotification(await c.req.text(), headerOf(c));
      return c.body(null, 204);
    });

/** The poll's answer headers, one record for every answer (no Headers object per request). */
export const POLL_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  'content-type': 'application/json',
};

/** Parses kept by createHeldPoll: bodies of at most PARSED_TEXT_MAX characters (a poll's is about 70), PARSED_MAX of them. */
const PARSED_MAX = 10_000;
const PARSED_TEXT_MAX = 256;

/** What the poll's head says, read before its body: the token, the body's type and declared size. */
export interface PollHead {
  token: string | null;
  contentType: string;
  contentLength: string | undefined;
  transferEncoding: string | undefined;
}

/**
 * The 1-second payment poll's usual case answered from memory: a live session polling its own
 * order, both held (PaymentStatusCache.heldAnswer), the body parsed as the full route parses it.
 * `readable` says whether the body may be read for it (a token, a JSON or url-encoded body
 * declared small, not chunked); `answer` gives the answer's text (logged as answered) or
 * undefined, which sends the poll to payRoutes' full route that reads, refuses or answers as always.
 */
export const createHeldPoll = (paymentStatus: PaymentStatusCache, log: RequestLog) => {
  // A dialog sends the same body every second: what a short body parsed to is kept by its text and
  // type (a pure function of them), at most PARSED_MAX of them, then started afresh.
  const parsed = new Map<string, { type: string; outTradeNo: string }>();
  const outTradeNoOf = (type: string, text: string): string | undefined => {
    const known = parsed.get(text);
    if (known !== undefined && known.type === type) return known.outTradeNo;
    let outTradeNo: string;
    try {
      // The full route's own parse (NUL, lone surrogates, unknown keys): what it refuses goes on to it.
      outTradeNo = parseWith(payApi.payResult.request, bodyOfText(type, text)).out_trade_no;
    } catch {
      return undefined;
    }
    if (text.length <= PARSED_TEXT_MAX) {
      if (parsed.size >= PARSED_MAX) parsed.clear();
      parsed.set(text, { type, outTradeNo });
    }
    return outTradeNo;
  };
  return {
    readable: (head: PollHead): boolean =>
      head.token !== null &&
      Number(head.contentLength) <= BODY_LIMIT_BYTES &&
      head.transferEncoding === undefined &&
      textBody(head.contentType),

    answer(head: PollHead, text: string, started: number): string | undefined {
      if (head.token === null) return undefined;
      const outTradeNo = outTradeNoOf(head.contentType, text);
      if (outTradeNo === undefined) return undefined;
      const msg = paymentStatus.heldAnswer(head.token, outTradeNo);
      if (msg === undefined) return undefined;
      log('POST', payApi.payResult.path, 200, started);
      return JSON.stringify({ code: 0, msg });
    },
  };
};

export type HeldPoll = ReturnType<typeof createHeldPoll>;

/**
 * The held poll (createHeldPoll) as Hono middleware, before the middleware stack (logging,
 * security headers, body limit, requireUser), with the same headers. On Node the poll is answered
 * earlier still, at the request event (poll-listener.ts); this serves app.request and a poll
 * that went on from there.
 */
export const pollFromMemory = (held: HeldPoll) => async (c: Context, next: Next) => {
  const started = performance.now();
  const head: PollHead = {
    token: bearerToken(c),
    contentType: c.req.header('content-type') ?? '',
    contentLength: c.req.header('content-length'),
    transferEncoding: c.req.header('transfer-encoding'),
  };
  if (!held.readable(head)) return next();
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    return next();
  }
  const answer = held.answer(head, text, started);
  if (answer === undefined) return next();
  return new Response(answer, { headers: POLL_ANSWER_HEADERS });
};
