import type { FakeRefund, FakeTrade } from './types';

interface Account {
  mchid: string;
  appid: string;
}

const TRADE_STATE_DESC: Record<FakeTrade['state'], string> = {
  NOTPAY: '订单未支付',
  SUCCESS: '支付成功',
  CLOSED: '订单已关闭',
  REFUND: '转入退款',
};

/** What WeChat says the believer paid: the order's amount, unless `pay()` was told otherwise. */
export const paidFenOf = (trade: FakeTrade) => trade.paidFen ?? trade.amountFen;

const isPaid = (trade: FakeTrade) => trade.state === 'SUCCESS' || trade.state === 'REFUND';

/** The 查询订单 answer; with trade_state SUCCESS it is also a payment notification's plaintext. */
export const transactionView = (trade: FakeTrade, account: Account) => {
  const paid = isPaid(trade) && trade.transactionId !== undefined;
  return {
    appid: account.appid,
    mchid: account.mchid,
    out_trade_no: trade.outTradeNo,
    ...(paid ? { transaction_id: trade.transactionId } : {}),
    trade_type: trade.tradeType,
    trade_state: trade.state,
    trade_state_desc: TRADE_STATE_DESC[trade.state],
    ...(paid ? { bank_type: 'OTHERS', success_time: trade.successTime } : {}),
    attach: trade.attach ?? '',
    ...(paid ? { payer: { openid: trade.payerOpenid } } : {}),
    amount: paid
      ? {
          total: paidFenOf(trade),
          payer_total: paidFenOf(trade),
          currency: trade.paidCurrency ?? 'CNY',
          payer_currency: trade.paidCurrency ?? 'CNY',
        }
      : { total: trade.amountFen, currency: 'CNY', payer_currency: 'CNY' },
  };
};

/** The 申请退款 and 查询单笔退款 answer. */
export const refundView = (refund: FakeRefund, trade: FakeTrade) => ({
  refund_id: refund.refundId,
  out_refund_no: refund.outRefundNo,
  transaction_id: trade.transactionId,
  out_trade_no: trade.outTradeNo,
  channel: 'ORIGINAL',
  user_received_account: '支付用户零钱',
  ...(refund.successTime ? { success_time: refund.successTime } : {}),
  create_time: refund.createTime,
  status: refund.status,
  funds_account: 'AVAILABLE',
  amount: {
    total: refund.totalFen,
    refund: refund.refundFen,
    from: [],
    payer_total: refund.totalFen,
    payer_refund: refund.refundFen,
    settlement_refund: refund.refundFen,
    settlement_total: refund.totalFen,
    discount_refund: 0,
    currency: 'CNY',
  },
  promotion_detail: [],
});

/** A refund notification's plaintext: no appid or trade_state; refund_status instead of status. */
export const refundNoticeView = (refund: FakeRefund, trade: FakeTrade, account: Account) => ({
  mchid: account.mchid,
  out_trade_no: trade.outTradeNo,
  transaction_id: trade.transactionId,
  out_refund_no: refund.outRefundNo,
  refund_id: refund.refundId,
  refund_status: refund.status,
  ...(refund.successTime ? { success_time: refund.successTime } : {}),
  user_received_account: '支付用户零钱',
  amount: {
    total: refund.totalFen,
    refund: refund.refundFen,
    payer_total: refund.totalFen,
    payer_refund: refund.refundFen,
  },
});
