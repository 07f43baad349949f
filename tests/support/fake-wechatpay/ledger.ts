import { randomDigits, randomText } from './keys';
import { beijingTime } from './time';
import { type Answer, type FakeRefund, type FakeTrade, fail, type RefundStatus } from './types';
import type { NativeOrder, RefundRequest } from './validation';
import { paidFenOf, refundView, transactionView } from './views';

interface Account {
  mchid: string;
  appid: string;
}

const DEFAULT_EXPIRY_MS = 2 * 3600_000;
/** Addresses WeChat refuses as an H5 payer's: the server's own loopback (the commonest H5 mistake). */
const LOOPBACK = /^(127\.|::1$|::ffff:127\.|localhost$)/;

const orderNotFound = () => fail(404, 'ORDER_NOT_EXIST', '订单不存在');
const orderPaid = () => fail(400, 'ORDERPAID', '该订单已支付');
const isPaid = (trade: FakeTrade) => trade.state === 'SUCCESS' || trade.state === 'REFUND';

/**
 * WeChat's books for one merchant: trades by out_trade_no (NOTPAY -> SUCCESS | CLOSED, then
 * REFUND when fully refunded) and refunds by out_refund_no (PROCESSING -> SUCCESS | ABNORMAL |
 * CLOSED). `now` is the business clock (success and create times, expiry); it may be the app's.
 */
export const createLedger = (account: Account, now: () => Date, cashierUrl: () => string) => {
  const trades = new Map<string, FakeTrade>();
  const openids = new Set<string>();
  const refunds = new Map<string, FakeRefund>();

  const refundedFen = (trade: FakeTrade) =>
    [...refunds.values()]
      .filter((refund) => refund.outTradeNo === trade.outTradeNo && refund.status !== 'CLOSED')
      .reduce((sum, refund) => sum + refund.refundFen, 0);
  /** A paid trade reads REFUND once its refunds (other than closed ones) reach what was paid. */
  const settleRefundState = (trade: FakeTrade) => {
    if (isPaid(trade)) trade.state = refundedFen(trade) >= paidFenOf(trade) ? 'REFUND' : 'SUCCESS';
  };
  const newCodeUrl = () => `weixin://wxpay/bizpayurl?pr=${randomText(7)}`;
  const sameOrder = (trade: FakeTrade, order: NativeOrder) =>
    trade.tradeType === order.tradeType &&
    trade.openid === order.openid &&
    trade.clientIp === order.clientIp &&
    trade.description === order.description &&
    trade.amountFen === order.totalFen &&
    trade.notifyUrl === order.notifyUrl &&
    (trade.attach ?? '') === (order.attach ?? '') &&
    (order.timeExpire === undefined || Date.parse(order.timeExpire) === Date.parse(trade.timeExpire));

  return {
    trades,
    refunds,

    /**
     * 下单 (Native, JSAPI or H5): a new trade, or the same one asked again unchanged (a new
     * code_url, the same prepay_id, a fresh h5_url); a number re-ordered with another type or any
     * changed field is 商户订单号重复. A JSAPI openid must be one of the account's AppID; an H5
     * payer's address must be the real one, never loopback.
     */
    place(order: NativeOrder): Answer {
      const known = trades.get(order.outTradeNo);
      if (known && isPaid(known)) return orderPaid();
      if (known?.state === 'CLOSED') return fail(400, 'ORDER_CLOSED', '订单已关闭');
      if (known && !sameOrder(known, order)) return fail(403, 'OUT_TRADE_NO_USED', '商户订单号重复');
      if (order.openid !== undefined && !openids.has(order.openid))
        return fail(400, 'PARAM_ERROR', 'appid和openid不匹配');
      if (order.clientIp !== undefined && LOOPBACK.test(order.clientIp))
        return fail(400, 'PARAM_ERROR', '由于商家传入的H5交易参数有误，该笔交易暂时无法完成');
      const trade: FakeTrade = known ?? {
        outTradeNo: order.outTradeNo,
        tradeType: order.tradeType,
        ...(order.openid !== undefined ? { openid: order.openid } : {}),
        ...(order.clientIp !== undefined ? { clientIp: order.clientIp } : {}),
        state: 'NOTPAY',
        amountFen: order.totalFen,
        description: order.description,
        timeExpire: order.timeExpire ?? beijingTime(new Date(now().getTime() + DEFAULT_EXPIRY_MS)),
        codeUrl: '',
        notifyUrl: order.notifyUrl,
        attach: order.attach,
      };
      trades.set(trade.outTradeNo, trade);
      if (trade.tradeType === 'JSAPI') {
        trade.prepayId ??= `wx${randomText(34)}`;
        return { status: 200, body: { prepay_id: trade.prepayId } };
      }
      if (trade.tradeType === 'MWEB') {
        trade.h5Url = `${cashierUrl()}?prepay_id=${`wx${randomText(34)}`}&package=${randomDigits(10)}`;
        trade.h5IssuedAt = now().getTime();
        return { status: 200, body: { h5_url: trade.h5Url } };
      }
      trade.codeUrl = newCodeUrl();
      return { status: 200, body: { code_url: trade.codeUrl } };
    },

    /** An openid of a believer under the account's AppID (what the fake OAuth gives); `pay` of a JSAPI trade is by its own. */
    newOpenid(): string {
      const openid = `o${randomText(27)}`;
      openids.add(openid);
      return openid;
    },

    query(outTradeNo: string): Answer {
      const trade = trades.get(outTradeNo);
      return trade ? { status: 200, body: transactionView(trade, account) } : orderNotFound();
    },

    close(outTradeNo: string): Answer {
      const trade = trades.get(outTradeNo);
      if (!trade) return orderNotFound();
      if (isPaid(trade)) return orderPaid();
      trade.state = 'CLOSED';
      return { status: 204 };
    },

    /** 申请退款, idempotent by out_refund_no: the same number answers the refund already made. */
    refund(request: RefundRequest): Answer {
      const existing = refunds.get(request.outRefundNo);
      const existingTrade = existing && trades.get(existing.outTradeNo);
      if (existing && existingTrade) return { status: 200, body: refundView(existing, existingTrade) };
      const trade = request.outTradeNo
        ? trades.get(request.outTradeNo)
        : [...trades.values()].find((candidate) => candidate.transactionId === request.transactionId);
      if (!trade) return fail(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      if (!isPaid(trade)) return fail(400, 'INVALID_REQUEST', '订单未支付，不能退款');
      if (request.totalFen !== paidFenOf(trade))
        return fail(400, 'INVALID_REQUEST', 'amount.total 与原订单金额不一致');
      if (request.refundFen > paidFenOf(trade) - refundedFen(trade))
        return fail(400, 'NOT_ENOUGH', '退款金额超过订单可退金额');
      const refund: FakeRefund = {
        outRefundNo: request.outRefundNo,
        outTradeNo: trade.outTradeNo,
        refundId: `50${randomDigits(27)}`,
        refundFen: request.refundFen,
        totalFen: request.totalFen,
        status: 'PROCESSING',
        reason: request.reason,
        notifyUrl: request.notifyUrl,
        createTime: beijingTime(now()),
      };
      refunds.set(refund.outRefundNo, refund);
      settleRefundState(trade);
      return { status: 200, body: refundView(refund, trade) };
    },

    refundQuery(outRefundNo: string): Answer {
      const refund = refunds.get(outRefundNo);
      const trade = refund && trades.get(refund.outTradeNo);
      return refund && trade
        ? { status: 200, body: refundView(refund, trade) }
        : fail(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    },

    /** The believer scanned and paid (`paidFen`, `paidCurrency` when WeChat is to report another amount or currency). */
    pay(outTradeNo: string, paidFen?: number, paidCurrency?: string): FakeTrade {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`fake WeChat Pay: no trade ${outTradeNo}`);
      if (trade.state !== 'NOTPAY') throw new Error(`fake WeChat Pay: trade ${outTradeNo} is ${trade.state}`);
      if (now().getTime() > Date.parse(trade.timeExpire))
        throw new Error(`fake WeChat Pay: trade ${outTradeNo} expired at ${trade.timeExpire}`);
      Object.assign(trade, {
        state: 'SUCCESS',
        transactionId: `4200${randomDigits(24)}`,
        successTime: beijingTime(now()),
        payerOpenid: trade.openid ?? `o${randomText(27)}`,
        ...(paidFen !== undefined && paidFen !== trade.amountFen ? { paidFen } : {}),
        ...(paidCurrency !== undefined ? { paidCurrency } : {}),
      });
      return trade;
    },

    completeRefund(outRefundNo: string, status: Exclude<RefundStatus, 'PROCESSING'>) {
      const refund = refunds.get(outRefundNo);
      const trade = refund && trades.get(refund.outTradeNo);
      if (!refund || !trade) throw new Error(`fake WeChat Pay: no refund ${outRefundNo}`);
      if (refund.status !== 'PROCESSING')
        throw new Error(`fake WeChat Pay: refund ${outRefundNo} is already ${refund.status}`);
      refund.status = status;
      if (status === 'SUCCESS') refund.successTime = beijingTime(now());
      settleRefundState(trade);
      return { refund, trade };
    },
  };
};

export type Ledger = ReturnType<typeof createLedger>;
