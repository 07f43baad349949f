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

/**
 * Who pays, and so how the trade is opened (issue 37): a QR another phone scans (Native, on a
 * desktop), WeChat's own browser with the believer's openid under the temple's AppID (JSAPI), or
 * another phone browser with its real address (H5). A trade number is bound to its channel.
 */
export type Payer =
  | { channel: 'native' }
  | { channel: 'jsapi'; openid: string }
  | { channel: 'h5'; clientIp: string };
export type PaymentChannel = Payer['channel'];

/** What the gateway gave for an opened trade: the QR's content, JSAPI's prepay id, or the H5 cashier's address (5 minutes). */
export type OpenedTrade =
  | { channel: 'native'; codeUrl: string }
  | { channel: 'jsapi'; prepayId: string }
  | { channel: 'h5'; h5Url: string };

/**
 * What the page in WeChat hands to `WeixinJSBridge.invoke('getBrandWCPayRequest', …)`: signed on
 * the server with the merchant key over appId, timeStamp (seconds), nonceStr and package.
 */
export interface JsapiInvoke {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
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
 * (Native, JSAPI and H5) in production (wechat-gateway.ts). The payments service (services/payments.ts) is the only
 * caller; its settlement is the same, idempotent path whichever gateway and however the money was
 * learnt of (notification or query).
 */
export interface PaymentGateway {
  name: 'sandbox' | 'wechat';
  /** Phone browsers other than WeChat's pay at WeChat's H5 cashier (the merchant has H5). */
  h5: boolean;
  /** H5: whether the gateway takes this as the payer's own address (WeChat: a public one only). */
  takesClientIp(address: string): boolean;
  /**
   * Opens the order's trade on the payer's channel (WeChat: a Native, JSAPI or H5 order); asked
   * again with the same order and payer, the same trade (an H5 answer then has a fresh h5_url).
   */
  open(order: GatewayOrder, payer: Payer, publicOrigin: string): Promise<OpenedTrade>;
  /** JSAPI's invoke parameters for a prepay id, signed with the merchant key (never in the browser). */
  invoke(prepayId: string): JsapiInvoke;
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
