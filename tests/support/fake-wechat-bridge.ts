import { createPublicKey, verify } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { JsapiInvokeParams } from '../../src/contract/payment';
import type { FakeWechatPay } from './fake-wechatpay';

/**
 * How the next pay sheet ends: paid (the fake pays the trade and notifies the server), paid with
 * the notification held back (`okHeld`: WeChat says ok, the server does not know yet), cancelled,
 * or failed.
 */
export type SheetAnswer = 'ok' | 'okHeld' | 'cancel' | 'fail';

export interface SheetSeen {
  params: JsapiInvokeParams;
  /** The paySign verified with the merchant's public key over the four lines. */
  signed: boolean;
  /** The trade the prepay id belongs to at the fake ('' when none). */
  outTradeNo: string;
  answered: string;
}

/** WeChat's user agent on an iPhone: the page knows it is inside WeChat by it. */
export const WECHAT_IPHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323d) NetType/WIFI Language/zh_CN';

/**
 * WeChat's bridge in a test's page (`WeixinJSBridge`, there before the page's own scripts): each
 * pay sheet's parameters are checked as WeChat checks them (the appId the fake's, the prepay id
 * one of its JSAPI trades, the paySign verified with the merchant's public key over appId,
 * timeStamp, nonceStr and package, a line each), then answered as the test said. A sheet with
 * a bad signature or an unknown prepay id fails (WeChat shows 支付验证签名失败).
 */
export const installFakeWechatBridge = async (page: Page, fake: FakeWechatPay) => {
  const merchantKey = createPublicKey(fake.merchant.privateKeyPem);
  const seen: SheetSeen[] = [];
  const planned: SheetAnswer[] = [];
  await page.exposeFunction('__fakeWechatPaySheet', async (params: JsapiInvokeParams) => {
    const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    const signed =
      params.signType === 'RSA' &&
      verify('sha256', Buffer.from(message), merchantKey, Buffer.from(params.paySign, 'base64'));
    const prepayId = params.package.replace(/^prepay_id=/, '');
    const trade = fake.tradeOfPrepay(prepayId);
    const answer = planned.shift() ?? 'cancel';
    let answered = 'get_brand_wcpay_request:fail';
    if (signed && params.appId === fake.appid && trade?.tradeType === 'JSAPI') {
      if (answer === 'ok' || answer === 'okHeld') {
        await fake.pay(trade.outTradeNo, { notify: answer === 'ok' });
        answered = 'get_brand_wcpay_request:ok';
      } else answered = `get_brand_wcpay_request:${answer}`;
    }
    seen.push({ params, signed, outTradeNo: trade?.outTradeNo ?? '', answered });
    return answered;
  });
  await page.addInitScript(() => {
    const host = window as unknown as {
      __fakeWechatPaySheet(params: unknown): Promise<string>;
      WeixinJSBridge: unknown;
    };
    host.WeixinJSBridge = {
      invoke(name: string, params: unknown, answer: (result: { err_msg: string }) => void) {
        if (name !== 'getBrandWCPayRequest') return answer({ err_msg: `${name}:fail` });
        void host.__fakeWechatPaySheet(params).then((err_msg) => answer({ err_msg }));
      },
    };
  });
  return {
    /** How the next sheets end, in order (a sheet nobody planned is cancelled). */
    plan: (...answers: SheetAnswer[]) => planned.push(...answers),
    sheets: () => [...seen],
  };
};
