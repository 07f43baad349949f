import * as v from 'valibot';
import { endpoint, portalEnvelope } from './envelope';
import { waitText } from './rate-limits';
import { RESERVATION_HOLD_DAYS } from './reservation-hold';
import { wechatVisit } from './wechat-login';

/** Wire orderState (DESIGN section 4). */
export const ORDER_STATE = { reserved: 0, paid: 1, refunding: 3, refunded: 4, closed: 5 } as const;
export type OrderStateCode = (typeof ORDER_STATE)[keyof typeof ORDER_STATE];

export const ORDER_STATE_LABELS: Record<number, string> = {
  0: '已预订',
  1: '已支付',
  3: '退款中',
  4: '已退款',
  5: '已关闭',
};

/** An online order holds its place for the QR's lifetime. */
export const PAYMENT_HOLD_MINUTES = 15;

/**
 * What the QR dialog says of an unpaid order: it is kept for the QR's lifetime, sent again it is
 * the same order, and 我的订单 pays or cancels it.
 */
export const QR_KEPT_NOTICE = `订单为您保留${PAYMENT_HOLD_MINUTES}分钟，关闭本窗口后可在“个人中心·我的订单”中继续支付或取消`;

/**
 * What the payment dialog says on a phone, which cannot scan a QR on its own screen: inside
 * WeChat its pay sheet (JSAPI), in another browser WeChat's H5 cashier where the temple has H5,
 * else the order's link to open in WeChat; the demo's pay page opens by a tap; with none of
 * these, the order is paid from a computer's 我的订单 or at the temple within the hold.
 */
export const PHONE_PAYMENT = {
  openPayPageTitle: '请在本机完成支付',
  openPayPage:
    '手机无法扫描本机屏幕上的二维码。演示模式下，请点击“打开支付页”，在模拟支付页完成支付，支付成功后本页将自动跳转',
  openPayPageButton: '打开支付页',
  payElsewhereTitle: '订单已为您保留',
  payElsewhere: (until: string) =>
    `手机无法扫描本机屏幕上的二维码。订单为您保留${PAYMENT_HOLD_MINUTES}分钟，请于 ${until} 前在电脑上登录本站，在“个人中心·我的订单”中继续支付，或到寺院客堂支付`,
  payElsewhereButton: '我知道了',
  /** Inside WeChat (JSAPI): WeChat's own pay sheet, opened by the believer's tap. */
  jsapiTitle: '微信支付',
  jsapiButton: '微信支付',
  jsapi: '请点击“微信支付”，在微信弹出的支付窗口中完成支付',
  /** WeChat's pay sheet or H5 cashier is being asked for. */
  asking: '正在准备微信支付，请稍候…',
  jsapiCancelled: '您已取消支付，订单仍为您保留，可再次点击“微信支付”',
  jsapiFailed: '微信支付未能完成，请再次点击“微信支付”，或稍后在“个人中心·我的订单”中继续支付',
  /** WeChat's sheet said ok: the page waits for the server's word, never shows success on ok alone. */
  confirming: '正在确认支付结果，请稍候…',
  /** Another phone browser (H5): WeChat's cashier, which returns to 我的订单. */
  h5Title: '微信支付',
  h5: '请点击“前往微信支付”，在微信中完成支付后，将回到本站“个人中心·我的订单”',
  h5Button: '前往微信支付',
  /** Another phone browser where the temple pays inside WeChat only. */
  openInWechatTitle: '请在微信中打开',
  openInWechat: (until: string) =>
    `本站在手机上使用微信支付。请复制下面的链接，发送到微信中打开，在“个人中心·我的订单”中继续支付（请于 ${until} 前完成）`,
  copyLink: '复制链接',
  linkCopied: '链接已复制，请在微信中粘贴打开',
  /** The channel's call failed with no words of the server's (the network). */
  wayUnavailable: '暂时无法发起微信支付，请稍后重试',
  retry: '重试',
  /** On a computer's QR dialog: the same order's page for the phone (it logs nobody in by itself). */
  continueOnPhone: '在手机上继续',
  continueOnPhoneHint: '用手机微信扫描下方二维码，打开本站“个人中心·我的订单”，登录后可在手机上继续支付',
} as const;

export const PAYMENT_MESSAGES = {
  expired: '二维码已过期，订单已关闭，请重新下单',
  notFound: '订单不存在',
  unknownType: '暂不支持该类型的订单',
  /** A payOn channel that is not one of PAY_CHANNELS. */
  unknownChannel: '暂不支持该支付方式',
  /** H5 needs the believer's real address (WeChat refuses the server's): none could be read. */
  noAddress: '无法识别您的网络地址，请在微信中打开本页支付，或在电脑上扫码支付',
  forged: '支付通知签名无效',
  amountMismatch: '支付金额与订单金额不符',
  keyReused: '该请求编号已用于另一笔订单，请刷新页面后重试',
  notOpen: '该订单已关闭或已支付，无法办理',
  /** An order that could not be made, when the server gave no words of its own (the network). */
  orderFailed: '下单失败，请稍后再试',
  /** The believer cancelled an unpaid order from 我的订单: its place is free at once. */
  cancelled: '订单已取消',
  /** A signed notification whose amount is not whole fen from 0 to MAX_NOTIFIED_FEN. */
  notifiedAmount: '支付通知的金额无效',
  /** A signed notification whose transaction id (or time) is not one a gateway sends. */
  notifiedMalformed: '支付通知的内容无效',
  /** The payment gateway did not answer when the QR was made: the order is kept, asking again resumes it. */
  gatewayUnavailable: '支付通道暂时不可用，请稍后再试',
  /** Staff refund: the order has no money owed back, or its refund was asked for already. */
  nothingToRefund: '该订单没有待退还的款项',
  refundUnderWay: '该笔款项的退款已在办理中',
  refunded: '该笔款项已退还',
  /** WeChat could not refund (ABNORMAL: the payer's account closed…) or closed it: the merchant platform handles it. */
  refundAbnormal: '该笔退款未能完成，请在微信支付商户平台处理',
  /** Over ORDER_LIMITS: the wait is the Retry-After. */
  tooManyOrders: (seconds: number) => `下单过于频繁，请${waitText(seconds)}后再试`,
  /** 继续支付 over PHONE_PAYMENT_LIMITS.payOnPerBeliever. */
  tooManyPayOns: (seconds: number) => `支付请求过于频繁，请${waitText(seconds)}后再试`,
} as const;

/** A reservation-only order (no QR, paid at the temple) is answered with this `msg` (spec 001 section 4). */
export const RESERVED_MESSAGE = '办理成功';

/** A reservation-only order holds its place this long (reservation-hold.ts: the one rule). */
export { RESERVATION_HOLD_DAYS };

/** What a reservation-only order's believer reads (000 section 2, the reservation dialog). */
export const RESERVATION_NOTICE = `系统将为您保留位置${RESERVATION_HOLD_DAYS}天，请于${RESERVATION_HOLD_DAYS}日内前往寺院办理`;

/**
 * The header that makes order creation idempotent: the client makes one key per confirmation and
 * sends it with every try; the same key from the same believer answers the same order.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const idempotencyKey = v.pipe(
  v.string('缺少请求编号'),
  v.regex(/^[A-Za-z0-9_-]{8,64}$/, '请求编号格式不正确'),
);

/**
 * What order creation answers: the URL the QR encodes (scanned with a phone; empty for a
 * reservation-only order, whose `msg` is 办理成功), the trade number, the deadline, and what is
 * paid for and how much (yuan), so the QR dialog can say it.
 */
export const prePayAnswer = v.object({
  code: v.literal(0),
  msg: v.optional(v.string(), ''),
  data: v.object({
    code_img_url: v.string(),
    out_trade_no: v.string(),
    expire_time: v.string(),
    description: v.string(),
    amount: v.number(),
  }),
});
export type PrePayAnswer = v.InferOutput<typeof prePayAnswer>['data'];

/** code 0 with msg '1' means paid; otherwise msg is the orderState ('0' waiting, '5' closed). */
export const payResultAnswer = v.object({ code: v.number(), msg: v.string() });
export type PayResultAnswer = v.InferOutput<typeof payResultAnswer>;

export const outTradeNo = v.pipe(v.string('缺少订单号'), v.regex(/^[A-Z0-9]{8,40}$/, '订单号格式不正确'));

/** The most money one payment notification may carry: 10 million yuan, in fen (the column is a 32-bit integer). */
export const MAX_NOTIFIED_FEN = 1_000_000_000;

/**
 * A payment notification whose signature the gateway checked: signed is not the same as
 * well-formed, so its trade number, transaction id and amount (whole fen, 0 to MAX_NOTIFIED_FEN)
 * are judged before anything is looked up or stored. Its currency is any text: money in another
 * currency than yuan is recorded and flagged for the temple (as a wrong amount is), never dropped.
 */
export const paymentNotification = v.object({
  outTradeNo,
  transactionId: v.pipe(
    v.string(PAYMENT_MESSAGES.notifiedMalformed),
    v.regex(/^[A-Za-z0-9_-]{1,64}$/, PAYMENT_MESSAGES.notifiedMalformed),
  ),
  amountFen: v.pipe(
    v.number(PAYMENT_MESSAGES.notifiedAmount),
    v.integer(PAYMENT_MESSAGES.notifiedAmount),
    v.minValue(0, PAYMENT_MESSAGES.notifiedAmount),
    v.maxValue(MAX_NOTIFIED_FEN, PAYMENT_MESSAGES.notifiedAmount),
  ),
  currency: v.string(PAYMENT_MESSAGES.notifiedMalformed),
  paidAt: v.date(PAYMENT_MESSAGES.notifiedMalformed),
});

/**
 * The channels a believer continues an unpaid order on, from 我的订单 on the device now in hand
 * (issue 37): a QR for another phone to scan (a desktop), JSAPI inside WeChat (the openid of the
 * tab's web login or the believer's binding), or WeChat's H5 cashier (another phone browser).
 */
export const PAY_CHANNELS = ['native', 'jsapi', 'h5'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

/** What the page in WeChat hands to WeixinJSBridge.invoke('getBrandWCPayRequest', …), signed by the server. */
export const jsapiInvoke = v.object({
  appId: v.string(),
  timeStamp: v.string(),
  nonceStr: v.string(),
  package: v.string(),
  signType: v.literal('RSA'),
  paySign: v.string(),
});
export type JsapiInvokeParams = v.InferOutput<typeof jsapiInvoke>;

/**
 * The demo's sandbox in JSAPI's invoke parameters: its AppID, and its prepay ids' prefix (the trade
 * number follows). WeChat's bridge would refuse them: the page plays the sandbox's own page instead.
 */
export const SANDBOX_APPID = 'wxsandbox';
export const SANDBOX_PREPAY_PREFIX = 'sandbox_';

/**
 * What continuing answers: paid (the money had come on an earlier attempt, found as it was
 * closed), or the channel's way to pay: the QR's content, JSAPI's signed invoke, or the H5
 * cashier's address.
 */
export const payOnAnswer = portalEnvelope(
  v.object({
    paid: v.boolean(),
    code_img_url: v.string(),
    invoke: v.nullable(jsapiInvoke),
    h5_url: v.string(),
  }),
);
export type PayOnAnswer = v.InferOutput<typeof payOnAnswer>['data'];

export const payApi = {
  /**
   * Any kind's order (the checkout's one call): the kind's own endpoint (assemblyApi.order …)
   * says its schema, which the server judges by `type`.
   */
  prePay: endpoint({
    method: 'POST',
    path: '/portal/rs/payapi/v1/pay/prePay',
    request: v.unknown(),
    response: prePayAnswer,
    encoding: 'jsonObject',
  }),
  payResult: endpoint({
    method: 'POST',
    path: '/portal/rs/payapi/v1/pay/payResult',
    request: v.object({ out_trade_no: outTradeNo }),
    response: payResultAnswer,
    encoding: 'jsonObject',
  }),
  /** The believer continues an unpaid online order of theirs on another channel (我的订单 · 继续支付). */
  payOn: endpoint({
    method: 'POST',
    path: '/portal/rs/payapi/v1/pay/payOn',
    request: v.object({
      out_trade_no: outTradeNo,
      channel: v.picklist(PAY_CHANNELS, PAYMENT_MESSAGES.unknownChannel),
      /** JSAPI: this tab's WeChat web login (wechat-login.ts); the believer's binding serves without it. */
      visit: v.optional(wechatVisit),
    }),
    response: payOnAnswer,
    encoding: 'jsonObject',
  }),
  /** The believer cancels an unpaid order of theirs (我的订单 · 取消订单); the place is freed at once. */
  cancelOrder: endpoint({
    method: 'POST',
    path: '/portal/rs/payapi/v1/pay/cancelOrder',
    request: v.object({ out_trade_no: outTradeNo }),
    response: portalEnvelope(v.object({ orderState: v.number() })),
    encoding: 'jsonObject',
  }),
};
