import { templeDateTime } from '@contract/temple-day';
import * as v from 'valibot';
import { Formatter, Rsa } from 'wechatpay-axios-plugin';
import { isPublicAddress } from '../client-address';
import {
  type GatewayEvent,
  type GatewayTrade,
  GatewayUnavailable,
  type HeaderOf,
  type OpenedTrade,
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
const jsapiAnswer = v.object({ prepay_id: v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/)) });
const h5Answer = v.object({ h5_url: v.pipe(v.string(), v.url()) });

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
 * WeChat Pay v3 (PAYMENT_GATEWAY=wechat): Native, JSAPI and H5 orders, one query, close and refund. Calls go through wechatpay-axios-plugin, which
 * signs them and verifies every answer on its raw bytes (wechat-client.ts); answers are validated
 * here with valibot before anything is read from them. Notifications are verified by our own
 * verifier (wechat-notification.ts): the plugin has none.
 */
export const createWechatGateway = (
  config: WechatPayConfig,
  client: WechatClient = createWechatClient(config),
): PaymentGateway => ({
  name: 'wechat',
  h5: config.h5,
  // WeChat refuses a loopback, private or proxy's address: refused here before WeChat is asked.
  takesClientIp: isPublicAddress,

  async open(order, payer): Promise<OpenedTrade> {
    const trade = {
      appid: config.appid,
      mchid: config.mchid,
      description: fitBytes(order.description, DESCRIPTION_MAX_BYTES),
      out_trade_no: order.outTradeNo,
      // WeChat refuses money after the hold ends: the place is released then.
      time_expire: wechatTime(order.expiresAt),
      notify_url: config.notifyUrl,
      amount: { total: order.amountFen, currency: TEMPLE_CURRENCY },
    };
    switch (payer.channel) {
      case 'native': {
        const answer = await client.call('POST', 'v3/pay/transactions/native', trade);
        return { channel: 'native', codeUrl: client.parse(nativeAnswer, answer).code_url };
      }
      case 'jsapi': {
        const answer = await client.call('POST', 'v3/pay/transactions/jsapi', {
          ...trade,
          payer: { openid: payer.openid },
        });
        return { channel: 'jsapi', prepayId: client.parse(jsapiAnswer, answer).prepay_id };
      }
      case 'h5': {
        const answer = await client.call('POST', 'v3/pay/transactions/h5', {
          ...trade,
          scene_info: { payer_client_ip: payer.clientIp, h5_info: { type: 'Wap' } },
        });
        return { channel: 'h5', h5Url: client.parse(h5Answer, answer).h5_url };
      }
    }
  },

  invoke(prepayId) {
    // The invoke's names are appId and timeStamp (the order's appid is lower case); seconds, not ms.
    const signed = {
      appId: config.appid,
      timeStamp: String(Formatter.timestamp()),
      nonceStr: Formatter.nonce(32),
      package: `prepay_id=${prepayId}`,
    };
    const message = Formatter.joinedByLineFeed(
      signed.appId,
      signed.timeStamp,
      signed.nonceStr,
      signed.package,
    );
    return { ...signed, signType: 'RSA', paySign: Rsa.sign(message, config.privateKey) };
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
