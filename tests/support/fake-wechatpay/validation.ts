import { isRfc3339Seconds } from './time';
import { type Answer, fail, type TradeType } from './types';

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isWholeFen = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;

/** A request body judged: what it asks for, or the answer refusing it. */
export type Judged<T> = { ok: true; value: T } | { ok: false; answer: Answer };

export const refuse = (answer: Answer) => ({ ok: false, answer }) as const;
const paramError = (message: string) => refuse(fail(400, 'PARAM_ERROR', message));

/** 商户订单号: 6-32 characters of digits, letters and `_-|*` (下单 API, out_trade_no). */
const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/;
/** 商户退款单号: 1-64 characters of digits, letters and `_-|*@`. */
const OUT_REFUND_NO = /^[0-9A-Za-z_\-|*@]{1,64}$/;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * notify_url: at most 255 characters, https, no query string (WeChat drops or refuses one). Plain
 * http is let through for loopback hosts only, so the app under test can be reached.
 */
export const notifyUrlProblem = (value: unknown) => {
  if (typeof value !== 'string' || value.length > 255) return 'notify_url 必须为不超过255个字符的字符串';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'notify_url 不是合法的URL';
  }
  const loopbackHttp = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp) return 'notify_url 必须为https地址';
  if (url.search !== '' || value.includes('?')) return 'notify_url 不能携带参数';
  return undefined;
};

export interface NativeOrder {
  tradeType: TradeType;
  /** JSAPI: payer.openid. */
  openid?: string;
  /** H5: scene_info.payer_client_ip. */
  clientIp?: string;
  description: string;
  outTradeNo: string;
  timeExpire?: string;
  notifyUrl: string;
  totalFen: number;
  attach?: string;
}

/** What a JSAPI order adds (payer.openid) and an H5 order (scene_info with the payer's address and h5_info.type), judged. */
const readPayer = (
  body: Record<string, unknown>,
  tradeType: TradeType,
): Judged<{ openid?: string; clientIp?: string }> => {
  if (tradeType === 'JSAPI') {
    const openid = isRecord(body.payer) ? body.payer.openid : undefined;
    if (typeof openid !== 'string' || openid === '') return paramError('缺少参数 payer.openid');
    return { ok: true, value: { openid } };
  }
  if (tradeType === 'MWEB') {
    const scene = isRecord(body.scene_info) ? body.scene_info : undefined;
    const clientIp = scene?.payer_client_ip;
    if (typeof clientIp !== 'string' || clientIp === '')
      return paramError('缺少参数 scene_info.payer_client_ip');
    const h5 = isRecord(scene?.h5_info) ? scene.h5_info : undefined;
    if (typeof h5?.type !== 'string' || h5.type === '') return paramError('缺少参数 scene_info.h5_info.type');
    return { ok: true, value: { clientIp } };
  }
  return { ok: true, value: {} };
};

/** A Native, JSAPI or H5 下单 body judged as WeChat would: the order, or the 4xx it answers. */
export const readOrder = (
  body: unknown,
  account: { mchid: string; appid: string },
  tradeType: TradeType,
): Judged<NativeOrder> => {
  if (!isRecord(body)) return paramError('请求体必须为JSON对象');
  const { appid, mchid, description, out_trade_no, time_expire, notify_url, amount, attach } = body;
  if (typeof appid !== 'string' || appid === '') return paramError('缺少参数 appid');
  if (typeof mchid !== 'string' || mchid === '') return paramError('缺少参数 mchid');
  if (mchid !== account.mchid) return paramError('mchid 与请求签名中的商户号不一致');
  if (appid !== account.appid) return refuse(fail(400, 'APPID_MCHID_NOT_MATCH', 'AppID和mch_id不匹配'));
  if (typeof description !== 'string' || description.length < 1 || description.length > 127)
    return paramError('description 必须为1到127个字符');
  if (typeof out_trade_no !== 'string' || !OUT_TRADE_NO.test(out_trade_no))
    return paramError('out_trade_no 必须为6到32个数字、大小写字母或_-|*');
  if (time_expire !== undefined && (typeof time_expire !== 'string' || !isRfc3339Seconds(time_expire)))
    return paramError('time_expire 必须为 yyyy-MM-DDTHH:mm:ss+TIMEZONE 格式');
  const urlProblem = notifyUrlProblem(notify_url);
  if (urlProblem) return paramError(urlProblem);
  if (attach !== undefined && (typeof attach !== 'string' || attach.length > 128))
    return paramError('attach 必须为不超过128个字符的字符串');
  if (!isRecord(amount) || !isWholeFen(amount.total))
    return paramError('amount.total 必须为大于0的整数（分）');
  if (amount.currency !== undefined && amount.currency !== 'CNY')
    return paramError('amount.currency 只支持CNY');
  const payer = readPayer(body, tradeType);
  if (!payer.ok) return payer;
  return {
    ok: true,
    value: {
      tradeType,
      ...payer.value,
      description,
      outTradeNo: out_trade_no,
      timeExpire: time_expire as string | undefined,
      notifyUrl: notify_url as string,
      totalFen: amount.total,
      attach: attach as string | undefined,
    },
  };
};

export interface RefundRequest {
  outTradeNo?: string;
  transactionId?: string;
  outRefundNo: string;
  reason?: string;
  notifyUrl?: string;
  refundFen: number;
  totalFen: number;
}

/** A 退款申请 body judged as WeChat would: the request, or the 400 it answers. */
export const readRefundRequest = (body: unknown): Judged<RefundRequest> => {
  if (!isRecord(body)) return paramError('请求体必须为JSON对象');
  const { out_trade_no, transaction_id, out_refund_no, reason, notify_url, amount } = body;
  const outTradeNo = typeof out_trade_no === 'string' && out_trade_no !== '' ? out_trade_no : undefined;
  const transactionId =
    typeof transaction_id === 'string' && transaction_id !== '' ? transaction_id : undefined;
  if (!outTradeNo && !transactionId) return paramError('out_trade_no 与 transaction_id 必须二选一');
  if (typeof out_refund_no !== 'string' || !OUT_REFUND_NO.test(out_refund_no))
    return paramError('out_refund_no 必须为1到64个数字、大小写字母或_-|*@');
  if (reason !== undefined && (typeof reason !== 'string' || reason.length > 80))
    return paramError('reason 必须为不超过80个字符的字符串');
  const urlProblem = notify_url === undefined ? undefined : notifyUrlProblem(notify_url);
  if (urlProblem) return paramError(urlProblem);
  if (!isRecord(amount) || !isWholeFen(amount.refund) || !isWholeFen(amount.total))
    return paramError('amount.refund 与 amount.total 必须为大于0的整数（分）');
  if (amount.currency !== 'CNY') return paramError('amount.currency 必须为CNY');
  if (amount.refund > amount.total) return paramError('amount.refund 不能大于 amount.total');
  return {
    ok: true,
    value: {
      outTradeNo,
      transactionId,
      outRefundNo: out_refund_no,
      reason: reason as string | undefined,
      notifyUrl: notify_url as string | undefined,
      refundFen: amount.refund,
      totalFen: amount.total,
    },
  };
};
