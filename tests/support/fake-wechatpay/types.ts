export type TradeState = 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
export type RefundStatus = 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';

/** The trade type a trade number is bound to (v2's names: H5 is MWEB). */
export type TradeType = 'NATIVE' | 'JSAPI' | 'MWEB';

export interface FakeTrade {
  outTradeNo: string;
  tradeType: TradeType;
  /** JSAPI: the payer's openid under the account's AppID. */
  openid?: string;
  /** H5: the payer's address. */
  clientIp?: string;
  /** JSAPI's prepay id; H5's cashier address and when it was issued (it lives 5 minutes). */
  prepayId?: string;
  h5Url?: string;
  h5IssuedAt?: number;
  state: TradeState;
  amountFen: number;
  description: string;
  timeExpire: string;
  codeUrl: string;
  transactionId?: string;
  successTime?: string;
  notifyUrl: string;
  /** What WeChat says the believer paid, when `pay()` was told another amount than the order's. */
  paidFen?: number;
  /** The currency WeChat says the believer paid in, when `pay()` was told another than CNY. */
  paidCurrency?: string;
  payerOpenid?: string;
  attach?: string;
}

export interface FakeRefund {
  outRefundNo: string;
  outTradeNo: string;
  refundId: string;
  refundFen: number;
  totalFen: number;
  status: RefundStatus;
  reason?: string;
  notifyUrl?: string;
  createTime: string;
  successTime?: string;
}

/** The merchant API routes a fault can be injected into. */
export type Route = 'native' | 'jsapi' | 'h5' | 'query' | 'close' | 'refund' | 'refundQuery';

export type Fault =
  /** 429 FREQUENCY_LIMITED, signed. */
  | 'http429'
  /** 500 SYSTEM_ERROR, signed. */
  | 'http500'
  /** No answer at all until the fake closes; the request is not carried out. */
  | 'hang'
  /** The right serial, a signature that does not verify with its key. */
  | 'badSignature'
  /** A correct signature over a timestamp 6 minutes old. */
  | 'staleTimestamp'
  /** Correctly signed with a key whose serial the app was never given. */
  | 'wrongSerial'
  /** No Wechatpay-Timestamp, -Nonce, -Serial or -Signature header. */
  | 'missingHeaders'
  /** One byte of the answer changed after signing. */
  | 'tamperedBody'
  /** A `WECHATPAY/SIGNTEST/…` signature, as WeChat's probes carry. */
  | 'signTest';

export type DeliveryMode =
  | 'genuine'
  | 'duplicate'
  | 'probe'
  | 'staleTimestamp'
  | 'unknownSerial'
  | 'tamperedCiphertext'
  | 'tamperedBody'
  | 'wrongMchid'
  | 'unknownOutTradeNo';

export interface RequestRecord {
  method: string;
  path: string;
  verified: boolean;
  /** 0 while (or if never) answered. */
  status: number;
}

export interface DeliveryRecord {
  eventId: string;
  /** The out_trade_no or out_refund_no the notification is about. */
  subject: string;
  /** 1 for the first try, 2 for the first retry… */
  attempt: number;
  /** 0 for no answer within the timeout (or no connection). */
  status: number;
  ms: number;
  /** 'scheduled' for a genuine event with retries (pay, completeRefund); otherwise deliver()'s mode. */
  mode: DeliveryMode | 'scheduled';
}

/** An answer before signing: a JSON body, or none (204). */
export interface Answer {
  status: number;
  body?: unknown;
}

export const fail = (status: number, code: string, message: string): Answer => ({
  status,
  body: { code, message },
});
