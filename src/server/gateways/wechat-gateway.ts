import { templeDateTime } from '@contract/temple-day';
import * as v from 'valibot';
import {
  type GatewayEvent,
  type GatewayTrade,
  GatewayUnavailable,
  type HeaderOf,
  type PaymentGateway,
  type RefundStatus,
  TEMPLE_CURRENCY,
} from './payment';
import { createWechatClient, type WechatClient } from './wechat-client';
import type { WechatPayConfig } from './wechat-config';
import { verifyWechatNotification } from './wechat-notification';

/** RFC 3339 on the temple's clock, as WeChat writes times: 2026-12-03T10:00:00+08:00. */
export const wechatTime = (at: Date): string => `${templeDateTime(at).replace(' ', 'T')}+08:00`;

/** WeChat takes at most 127 bytes of description: longer words are cut at a character's end. */
const DESCRIPTION_MAX_BYTES = 127;
export const fitBytes = (text: string, max: number): string => {
  let fitted = '';
  for (const character of text) {
    if (Buffer.byteLength(fitted + character) > max) break;
    fitted += character;
  }
  return fitted;
};

const nativeAnswer = v.object({ code_url: v.pipe(v.string(), v.startsWith('weixin://')) });

const tradeAnswer = v.object({
  out_trade_no: v.string(),
  trade_state: v.string(),
  transaction_id: v.optional(v.string()),
  success_time: v.optional(v.string()),
  amount: v.optional(
    v.object({
      total: v.optional(v.number()),
      payer_total: v.optional(v.number()),
      currency: v.optional(v.string()),
    }),
  ),
});

const refundAnswer = v.object({
  out_refund_no: v.string(),
  status: v.picklist(['PROCESSING', 'SUCCESS', 'ABNORMAL', 'CLOSED']),
});

const REFUND_STATUS: Record<v.InferOutput<typeof refundAnswer>['status'], RefundStatus> = {
  PROCESSING: 'processing',
  SUCCESS: 'success',
  ABNORMAL: 'abnormal',
  CLOSED: 'closed',
};

/** A trade's answer as our trade: paid (with the payment), open, closed. */
export const tradeOf = (answer: v.InferOutput<typeof tradeAnswer>): GatewayTrade => {
  switch (answer.trade_state) {
    case 'SUCCESS':
    // Paid, then (partly) refunded: the money came.
    case 'REFUND': {
      const amountFen = answer.amount?.total;
      if (!answer.transaction_id || !answer.success_time || amountFen === undefined) {
        throw new GatewayUnavailable('微信支付的查询结果缺少交易信息', 'INCOMPLETE_TRADE');
      }
      return {
        state: 'paid',
        payment: {
          outTradeNo: answer.out_trade_no,
          transactionId: answer.transaction_id,
          amountFen,
          currency: answer.amount?.currency ?? '',
          paidAt: new Date(answer.success_time),
        },
      };
    }
    case 'NOTPAY':
    case 'USERPAYING':
      return { state: 'open' };
    default:
      // CLOSED, REVOKED, PAYERROR
      return { state: 'closed' };
  }
};

/**
 * WeChat Pay v3 Native (PAYMENT_GATEWAY=wechat). Calls go through wechatpay-axios-plugin, which
 * signs them and verifies every answer on its raw bytes (wechat-client.ts); answers are validated
 * here with valibot before anything is read from them. Notifications are verified by our own
 * verifier (wechat-notification.ts): the plugin has none.
 */
export const createWechatGateway = (
  config: WechatPayConfig,
  client: WechatClient = createWechatClient(config),
): PaymentGateway => ({
  name: 'wechat',

  async codeUrl(order) {
    const answer = await client.call('POST', 'v3/pay/transactions/native', {
      appid: config.appid,
      mchid: config.mchid,
      description: fitBytes(order.description, DESCRIPTION_MAX_BYTES),
      out_trade_no: order.outTradeNo,
      // WeChat refuses money after the hold ends: the place is released then.
      time_expire: wechatTime(order.expiresAt),
      notify_url: config.notifyUrl,
      amount: { total: order.amountFen, currency: TEMPLE_CURRENCY },
    });
    return client.parse(nativeAnswer, answer).code_url;
  },

  verify(raw: string, header: HeaderOf): GatewayEvent | null {
    return verifyWechatNotification(config, raw, header);
  },

  async query(outTradeNo) {
    const answer = await client.call(
      'GET',
      `v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${config.mchid}`,
    );
    if (answer.status === 404) return { state: 'unknown' };
    return tradeOf(client.parse(tradeAnswer, answer));
  },

  async close(outTradeNo) {
    const answer = await client.call(
      'POST',
      `v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`,
      { mchid: config.mchid },
    );
    if (answer.status === 400 && answer.code === 'ORDERPAID') return 'paid';
    // Never made at WeChat (its QR call failed): nothing to close.
    if (answer.status === 404) return 'closed';
    client.expect(answer, 204);
    return 'closed';
  },

  async refund(request) {
    const answer = await client.call('POST', 'v3/refund/domestic/refunds', {
      out_trade_no: request.outTradeNo,
      out_refund_no: request.outRefundNo,
      reason: request.reason,
      notify_url: config.notifyUrl,
      amount: { refund: request.amountFen, total: request.totalFen, currency: TEMPLE_CURRENCY },
    });
    return REFUND_STATUS[client.parse(refundAnswer, answer).status];
  },
});
