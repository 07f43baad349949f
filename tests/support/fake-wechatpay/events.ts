import { type Identity, randomDigits, randomText } from './keys';
import type { Ledger } from './ledger';
import { type EventType, notificationBody } from './notification';
import type { Envelope, NotifyTarget } from './notifier';
import { type Signer, type SigningTwist, signBody } from './signed-answer';
import { SCHEMA } from './signing';
import { beijingTime } from './time';
import type { DeliveryMode, FakeRefund, FakeTrade } from './types';
import { refundNoticeView, transactionView } from './views';

/** A merchant number other than ours: a notification meant for another merchant. */
export const OTHER_MCHID = '1900000999';

const TWIST_OF_MODE: Partial<Record<DeliveryMode, SigningTwist>> = {
  probe: 'signTest',
  staleTimestamp: 'staleTimestamp',
  unknownSerial: 'wrongSerial',
  tamperedBody: 'tamperedBody',
};

interface EventDeps {
  identity: Identity;
  ledger: Ledger;
  now: () => Date;
  signer: () => Signer;
  /** Where a notification goes, given the notify_url its trade or refund carries. */
  target: (ownUrl: string) => NotifyTarget;
}

/** Builds the notifications WeChat sends: genuine ones, and the special deliveries of `deliver()`. */
export const createEvents = (deps: EventDeps) => {
  const account = { mchid: deps.identity.mchid, appid: deps.identity.appid };

  const envelope = (event: {
    subject: string;
    eventType: EventType;
    plaintext: unknown;
    url: string;
    mode: Envelope['mode'];
    twist?: SigningTwist;
  }): Envelope => {
    const { eventId, body, idAt } = notificationBody(deps.identity.apiV3Key, {
      eventType: event.eventType,
      plaintext: event.plaintext,
      createdAt: deps.now(),
      flipCiphertextByte: event.mode === 'tamperedCiphertext',
    });
    return {
      eventId,
      subject: event.subject,
      mode: event.mode,
      target: () => deps.target(event.url),
      sign: () => {
        const signed = signBody(body, deps.signer(), deps.identity.strangerKey, event.twist, idAt);
        return { headers: { ...signed.headers, 'Wechatpay-Signature-Type': SCHEMA }, body: signed.body };
      },
    };
  };

  /** TRANSACTION.SUCCESS plaintext: the query answer of the paid trade (SUCCESS even if refunded since). */
  const paidView = (trade: FakeTrade) => ({
    ...transactionView(trade, account),
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
  });

  const paymentOf = (trade: FakeTrade, mode: Envelope['mode']) =>
    envelope({
      subject: trade.outTradeNo,
      eventType: 'TRANSACTION.SUCCESS',
      plaintext: paidView(trade),
      url: trade.notifyUrl,
      mode,
    });

  const refundOf = (refund: FakeRefund, trade: FakeTrade) =>
    envelope({
      subject: refund.outRefundNo,
      eventType: `REFUND.${refund.status as 'SUCCESS' | 'ABNORMAL' | 'CLOSED'}`,
      plaintext: refundNoticeView(refund, trade, account),
      url: refund.notifyUrl ?? trade.notifyUrl,
      mode: 'scheduled',
    });

  /** A stand-in for a trade WeChat never had: `outTradeNo`, 1 fen, paid now. */
  const phantomTrade = (outTradeNo: string): FakeTrade => ({
    outTradeNo,
    tradeType: 'NATIVE',
    state: 'SUCCESS',
    amountFen: 1,
    description: '',
    timeExpire: '',
    codeUrl: '',
    notifyUrl: '',
    transactionId: `4200${randomDigits(24)}`,
    successTime: beijingTime(deps.now()),
    payerOpenid: `o${randomText(27)}`,
  });

  /** The special delivery `mode` for a paid trade (see FakeWechatPay.deliver). */
  const special = (outTradeNo: string, mode: DeliveryMode): Envelope => {
    const known = deps.ledger.trades.get(outTradeNo);
    if (mode !== 'unknownOutTradeNo' && !known?.transactionId)
      throw new Error(`fake WeChat Pay: deliver(${mode}) needs a paid trade, ${outTradeNo} is not`);
    const trade = known ?? phantomTrade(outTradeNo);
    const subject = mode === 'unknownOutTradeNo' && known ? `UNKNOWN${randomDigits(16)}` : outTradeNo;
    const plaintext = {
      ...paidView(trade),
      out_trade_no: subject,
      ...(mode === 'wrongMchid' ? { mchid: OTHER_MCHID } : {}),
    };
    const url = trade.notifyUrl || deps.target('').url;
    return envelope({
      subject,
      eventType: 'TRANSACTION.SUCCESS',
      plaintext,
      url,
      mode,
      twist: TWIST_OF_MODE[mode],
    });
  };

  return { paymentOf, refundOf, special };
};
