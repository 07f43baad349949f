import { createCashier } from './cashier';
import { createEvents } from './events';
import { createFaultQueue } from './faults';
import { newIdentity } from './keys';
import { createLedger } from './ledger';
import { createNotifier, type NotifyTarget } from './notifier';
import { answerRequest } from './routes';
import { startApiServer } from './server';
import type {
  DeliveryMode,
  DeliveryRecord,
  FakeRefund,
  FakeTrade,
  Fault,
  RequestRecord,
  Route,
} from './types';

export { OTHER_MCHID } from './events';
export { RETRY_SCHEDULE_SECONDS } from './notifier';
export type { DeliveryMode, DeliveryRecord, FakeRefund, FakeTrade, Fault, RequestRecord, Route };

/**
 * A local WeChat Pay API v3 (Native, JSAPI and H5 payments) that keeps to the protocol: every request must be
 * signed by the merchant key, every answer and notification is signed by WeChat's key, and
 * notifications are AES-256-GCM encrypted with the APIv3 key and retried as WeChat retries them.
 */
export interface FakeWechatPay {
  /** e.g. 'http://127.0.0.1:41234/' (trailing slash): the adapter's baseURL. */
  baseUrl: string;
  mchid: string;
  appid: string;
  /** 32 ASCII characters, random per fake. */
  apiV3Key: string;
  /** The merchant's RSA-2048 key (serial: 40 upper-case hex), as the merchant platform issues it. */
  merchant: { serial: string; privateKeyPem: string; publicKeyPem: string };
  /** 微信支付公钥 (public-key mode): id 'PUB_KEY_ID_' + 32 digits. */
  wechatPublicKey: { id: string; publicKeyPem: string };
  /** A platform certificate's key (platform-certificate mode): serial 40 upper-case hex, SPKI PEM. */
  platformKey: { serial: string; publicKeyPem: string };
  /** Which key signs answers and notifications from now on: 'publicKey' (default) or 'platform'. */
  signWith(mode: 'publicKey' | 'platform'): void;
  /**
   * Where notifications go from now on, whatever notify_url the trade or refund carries (the
   * app's /pay/notify/wechat). With `via` (Hono's `app.fetch`, say) the request is handed to it
   * in process instead of being sent over the network.
   */
  setNotifyUrl(url: string, via?: NotifyTarget['via']): void;
  trade(outTradeNo: string): FakeTrade | undefined;
  /** The merchant's registered H5支付域名 (a host name): the cashier refuses pages from elsewhere. */
  setH5Domain(host: string): void;
  /** The JSAPI trade a prepay id was given for (WeChat's pay sheet finds it so). */
  tradeOfPrepay(prepayId: string): FakeTrade | undefined;
  /** A believer's openid under the fake's AppID (JSAPI orders refuse any other: appid和openid不匹配). */
  newOpenid(): string;
  refunds(): FakeRefund[];
  /** Every request received, in order; status 0 while unanswered (a hang). */
  requests(): RequestRecord[];
  /**
   * The believer scanned and paid: the trade becomes SUCCESS with a new transaction_id and
   * success_time, then TRANSACTION.SUCCESS is sent (unless `notify: false`) and retried on
   * WeChat's schedule until answered 2xx. Resolves, with the transaction id, once the first
   * attempt is answered. `amountFen` makes WeChat report another amount, `currency` another
   * currency than CNY (in the notification and the query's answer). Throws unless the trade is
   * NOTPAY and not past its time_expire (by the fake's `now`).
   */
  pay(
    outTradeNo: string,
    options?: { notify?: boolean; amountFen?: number; currency?: string },
  ): Promise<string>;
  /** A PROCESSING refund ends; REFUND.<status> is sent (unless `notify: false`) and retried like a payment's. */
  completeRefund(
    outRefundNo: string,
    status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED',
    options?: { notify?: boolean },
  ): Promise<void>;
  /**
   * A notification of a paid trade sent once, never retried, in a special way; resolves with the
   * statuses the app answered (two for 'duplicate', sent concurrently; 0 for no answer).
   */
  deliver(outTradeNo: string, mode: DeliveryMode): Promise<number[]>;
  /** Every notification attempt, in the order answered. */
  deliveries(): DeliveryRecord[];
  /** The next `times` (default 1) requests to `route` meet `fault`. */
  inject(route: Route, fault: Fault, times?: number): void;
  /** Resolves once every scheduled retry has been sent or given up. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface FakeWechatPayOptions {
  /** WeChat's retry schedule (15 s … 6 h) multiplied by this; default 0.001. */
  retryScale?: number;
  /** The business clock (success_time, create_time, time_expire checks); signatures use the real clock. */
  now?: () => Date;
  /** How long a notification waits for the app's answer; default 5000 ms, as WeChat. */
  notifyTimeoutMs?: number;
}

export const startFakeWechatPay = async (options: FakeWechatPayOptions = {}): Promise<FakeWechatPay> => {
  const now = options.now ?? (() => new Date());
  const identity = await newIdentity();
  const account = { mchid: identity.mchid, appid: identity.appid };
  let signingKey = identity.wechatPublicKey;
  let notifyOverride: NotifyTarget | undefined;
  const requestLog: RequestRecord[] = [];
  const faults = createFaultQueue();
  // The H5 cashier's pages are the fake's own (cashier.ts), on the same port as the API.
  const ledger = createLedger(account, now, () => `${api.baseUrl}cashier`);
  const notifier = createNotifier({
    retryScale: options.retryScale ?? 0.001,
    timeoutMs: options.notifyTimeoutMs ?? 5000,
  });
  const events = createEvents({
    identity,
    ledger,
    now,
    signer: () => signingKey,
    target: (ownUrl) => {
      if (notifyOverride) return notifyOverride;
      if (!ownUrl) throw new Error('fake WeChat Pay: no notify URL (call setNotifyUrl)');
      return { url: ownUrl };
    },
  });
  let h5Domain: string | undefined;
  const cashier = createCashier({
    tradeOfH5: (prepayId) =>
      [...ledger.trades.values()].find((t) => t.h5Url?.includes(`prepay_id=${prepayId}&`)),
    pay: async (outTradeNo) => {
      await notifier.sendScheduled(events.paymentOf(ledger.pay(outTradeNo), 'scheduled'));
    },
    now,
    h5Domain: () => h5Domain,
  });
  const api = await startApiServer({
    cashier,
    merchant: { mchid: identity.mchid, ...identity.merchant },
    answer: answerRequest(ledger, account),
    faults,
    signer: () => signingKey,
    stranger: identity.strangerKey,
    requests: requestLog,
  });

  return {
    baseUrl: api.baseUrl,
    mchid: identity.mchid,
    appid: identity.appid,
    apiV3Key: identity.apiV3Key,
    merchant: identity.merchant,
    wechatPublicKey: {
      id: identity.wechatPublicKey.serial,
      publicKeyPem: identity.wechatPublicKey.publicKeyPem,
    },
    platformKey: { serial: identity.platformKey.serial, publicKeyPem: identity.platformKey.publicKeyPem },
    signWith(mode) {
      signingKey = mode === 'platform' ? identity.platformKey : identity.wechatPublicKey;
    },
    setNotifyUrl(url, via) {
      notifyOverride = { url, via };
    },
    trade(outTradeNo) {
      const trade = ledger.trades.get(outTradeNo);
      return trade && { ...trade };
    },
    setH5Domain(host) {
      h5Domain = host;
    },
    tradeOfPrepay(prepayId) {
      const trade = [...ledger.trades.values()].find((t) => t.prepayId === prepayId);
      return trade && { ...trade };
    },
    newOpenid: ledger.newOpenid,
    refunds: () => [...ledger.refunds.values()].map((refund) => ({ ...refund })),
    requests: () => requestLog.map((record) => ({ ...record })),
    async pay(outTradeNo, payOptions = {}) {
      const trade = ledger.pay(outTradeNo, payOptions.amountFen, payOptions.currency);
      if (payOptions.notify !== false) await notifier.sendScheduled(events.paymentOf(trade, 'scheduled'));
      return trade.transactionId ?? '';
    },
    async completeRefund(outRefundNo, status, refundOptions = {}) {
      const { refund, trade } = ledger.completeRefund(outRefundNo, status);
      if (refundOptions.notify !== false) await notifier.sendScheduled(events.refundOf(refund, trade));
    },
    async deliver(outTradeNo, mode) {
      const envelope = events.special(outTradeNo, mode);
      if (mode === 'duplicate')
        return Promise.all([notifier.sendOnce(envelope), notifier.sendOnce(envelope)]);
      return [await notifier.sendOnce(envelope)];
    },
    deliveries: notifier.records,
    inject: faults.inject,
    settled: notifier.settled,
    async close() {
      notifier.close();
      await notifier.settled();
      await api.close();
    },
  };
};
