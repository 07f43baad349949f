/** A payment the gateway says arrived, after its signature was checked. */
export interface PaymentNotification {
  outTradeNo: string;
  transactionId: string;
  amountFen: number;
  /** The money's currency as the gateway reports it ('CNY'; '' when it names none). */
  currency: string;
  paidAt: Date;
}

/** The one currency the temple takes: money in any other is flagged, never settled. */
export const TEMPLE_CURRENCY = 'CNY';

/** What the gateway is asked to collect: the order's number, amount, words, and when the QR stops taking money. */
export interface GatewayOrder {
  outTradeNo: string;
  amountFen: number;
  description: string;
  /** The end of the order's hold: the gateway refuses money after it (WeChat `time_expire`). */
  expiresAt: Date;
}

/** A trade as the gateway knows it (WeChat `trade_state`). */
export type GatewayTrade =
  | { state: 'paid'; payment: PaymentNotification }
  /** NOTPAY or USERPAYING: the QR can still be paid. */
  | { state: 'open' }
  /** CLOSED, REVOKED or PAYERROR: no money came and none can. */
  | { state: 'closed' }
  /** The gateway has no such trade (ORDER_NOT_EXIST): its QR was never made. */
  | { state: 'unknown' };

export type RefundStatus = 'processing' | 'success' | 'abnormal' | 'closed';

/** Money owed back: the payment it returns, our refund number (one per payment), and the amounts. */
export interface RefundRequest {
  outTradeNo: string;
  outRefundNo: string;
  /** Fen to give back, and the payment's whole amount. */
  amountFen: number;
  totalFen: number;
  reason: string;
}

/** A verified notification: money arrived, or a refund reached its end. */
export type GatewayEvent =
  | { kind: 'payment'; payment: PaymentNotification }
  | { kind: 'refund'; outTradeNo: string; outRefundNo: string; status: RefundStatus };

/** A notification's HTTP header by its name (lower case). */
export type HeaderOf = (name: string) => string | undefined;

/**
 * Where money comes from: the built-in sandbox in demo mode (sandbox-gateway.ts), WeChat Pay v3
 * Native in production (wechat-gateway.ts). The payments service (services/payments.ts) is the only
 * caller; its settlement is the same, idempotent path whichever gateway and however the money was
 * learnt of (notification or query).
 */
export interface PaymentGateway {
  name: 'sandbox' | 'wechat';
  /** The QR's content for an order, made once when the order is (WeChat: a Native order). */
  codeUrl(order: GatewayOrder, publicOrigin: string): Promise<string>;
  /**
   * A notification from its raw bytes and headers, if it is genuine (signature, freshness,
   * decryption); null for a forgery, a stale or tampered one, or a signature probe.
   */
  verify(raw: string, header: HeaderOf): GatewayEvent | null;
  /** The trade's state at the gateway (WeChat: query by out_trade_no). */
  query(outTradeNo: string): Promise<GatewayTrade>;
  /** Stops the QR taking money: 'paid' when the money came first (WeChat ORDERPAID). */
  close(outTradeNo: string): Promise<'closed' | 'paid'>;
  /** Asks for a refund; the same out_refund_no asked again is the same refund at the gateway. */
  refund(request: RefundRequest): Promise<RefundStatus>;
}

/** The gateway could not be reached or answered wrongly (network, 5xx, 429, a bad signature on its answer). */
export class GatewayUnavailable extends Error {
  constructor(
    message: string,
    /** The gateway's own code (SYSTEM_ERROR, FREQUENCY_LIMITED, ECONNREFUSED, EV3_RES_…). */
    readonly gatewayCode: string,
  ) {
    super(message);
  }
}

/**
 * The trade numbers of the one-fen test payment (npm run staff -- test-payment): not orders of the
 * site. Their notifications are acknowledged and nothing is settled.
 */
export const TEST_TRADE_PREFIX = 'TEST';
export const isTestTrade = (outTradeNo: string) => outTradeNo.startsWith(TEST_TRADE_PREFIX);
