import * as v from 'valibot';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import type { GatewayEvent, HeaderOf, RefundStatus } from './payment';
import type { WechatPayConfig } from './wechat-config';

/** WeChat's notifications are refused when their timestamp is further than this from our clock (seconds). */
export const NOTIFICATION_MAX_SKEW_SECONDS = 300;

const envelope = v.object({
  id: v.string(),
  event_type: v.string(),
  resource: v.object({
    algorithm: v.literal('AEAD_AES_256_GCM'),
    ciphertext: v.string(),
    associated_data: v.optional(v.string(), ''),
    nonce: v.string(),
  }),
});

const paidTransaction = v.object({
  mchid: v.string(),
  appid: v.string(),
  out_trade_no: v.string(),
  transaction_id: v.string(),
  trade_state: v.literal('SUCCESS'),
  success_time: v.string(),
  amount: v.object({ total: v.number(), currency: v.optional(v.string(), '') }),
});

/** WeChat's own character set for merchant numbers (out_trade_no, out_refund_no). */
const merchantNumber = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_\-|*@]{1,64}$/));

const refundResult = v.object({
  mchid: v.string(),
  out_trade_no: merchantNumber,
  out_refund_no: merchantNumber,
  refund_status: v.picklist(['SUCCESS', 'ABNORMAL', 'CLOSED']),
});

const REFUND_STATUS = {
  SUCCESS: 'success',
  ABNORMAL: 'abnormal',
  CLOSED: 'closed',
} as const satisfies Record<string, RefundStatus>;

const jsonOf = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * A WeChat Pay v3 notification, verified (research-payment-sms.md 1.1, 1.4): the signature over
 * `timestamp\nnonce\nbody\n` of the RAW bytes (never a re-serialised body), with the key its
 * Wechatpay-Serial names (the 微信支付公钥 or a platform certificate, both while a merchant
 * migrates); a timestamp within five minutes; a signature probe (WECHATPAY/SIGNTEST/) fails like
 * any forgery. Then the resource is decrypted with the APIv3 key, its GCM tag checked, and its
 * merchant compared with ours. Null for anything that is not a genuine payment or refund of ours.
 */
export const verifyWechatNotification = (
  config: WechatPayConfig,
  raw: string,
  header: HeaderOf,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): GatewayEvent | null => {
  const timestamp = header('wechatpay-timestamp') ?? '';
  const nonce = header('wechatpay-nonce') ?? '';
  const serial = header('wechatpay-serial') ?? '';
  const signature = header('wechatpay-signature') ?? '';
  if (!timestamp || !nonce || !signature || signature.startsWith('WECHATPAY/SIGNTEST/')) return null;
  if (
    !/^\d{1,12}$/.test(timestamp) ||
    Math.abs(nowSeconds - Number(timestamp)) > NOTIFICATION_MAX_SKEW_SECONDS
  ) {
    return null;
  }
  const key = Object.hasOwn(config.verifiers, serial) ? config.verifiers[serial] : undefined;
  if (!key || !Rsa.verify(Formatter.response(timestamp, nonce, raw), signature, key)) return null;

  const notification = v.safeParse(envelope, jsonOf(raw));
  if (!notification.success) return null;
  const { resource, event_type } = notification.output;
  let plaintext: string;
  try {
    plaintext = Aes.AesGcm.decrypt(
      resource.ciphertext,
      config.apiV3Key,
      resource.nonce,
      resource.associated_data,
    );
  } catch {
    // A wrong key, nonce or associated data, or a changed byte: the tag does not authenticate.
    return null;
  }
  const data = jsonOf(plaintext);
  if (event_type === 'TRANSACTION.SUCCESS') {
    const paid = v.safeParse(paidTransaction, data);
    if (!paid.success || paid.output.mchid !== config.mchid || paid.output.appid !== config.appid)
      return null;
    const t = paid.output;
    return {
      kind: 'payment',
      payment: {
        outTradeNo: t.out_trade_no,
        transactionId: t.transaction_id,
        amountFen: t.amount.total,
        currency: t.amount.currency,
        paidAt: new Date(t.success_time),
      },
    };
  }
  if (event_type.startsWith('REFUND.')) {
    const refund = v.safeParse(refundResult, data);
    if (!refund.success || refund.output.mchid !== config.mchid) return null;
    return {
      kind: 'refund',
      outTradeNo: refund.output.out_trade_no,
      outRefundNo: refund.output.out_refund_no,
      status: REFUND_STATUS[refund.output.refund_status],
    };
  }
  return null;
};
