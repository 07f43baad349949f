import {
  PAY_CHANNELS,
  PAYMENT_HOLD_MINUTES,
  PAYMENT_MESSAGES,
  PHONE_PAYMENT,
  payApi,
  QR_KEPT_NOTICE,
} from '@contract/payment';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

/** What the payment dialog says on a phone (issue 36), beside the QR dialog's own words. */
describe('the payment dialog’s words on a phone', () => {
  it('says why there is no QR, in both ways of paying', () => {
    for (const text of [PHONE_PAYMENT.openPayPage, PHONE_PAYMENT.payElsewhere('10:15')])
      expect(text).toContain('手机无法扫描本机屏幕上的二维码');
  });

  it('the demo’s pay page: named as the demo’s, and the page goes on by itself once paid', () => {
    expect(PHONE_PAYMENT.openPayPage).toContain('演示模式');
    expect(PHONE_PAYMENT.openPayPage).toContain(`“${PHONE_PAYMENT.openPayPageButton}”`);
    expect(PHONE_PAYMENT.openPayPage).toContain('自动跳转');
  });

  it('a WeChat code: the hold as the QR dialog says it, its end, and the two places to pay', () => {
    const text = PHONE_PAYMENT.payElsewhere('10:15');
    expect(text).toContain(`保留${PAYMENT_HOLD_MINUTES}分钟`);
    expect(QR_KEPT_NOTICE).toContain(`保留${PAYMENT_HOLD_MINUTES}分钟`);
    expect(text).toContain('请于 10:15 前');
    expect(text).toContain('“个人中心·我的订单”');
    expect(text).toContain('寺院客堂');
  });

  it('has titles and buttons of its own, none the QR dialog’s', () => {
    const words = [
      PHONE_PAYMENT.openPayPageTitle,
      PHONE_PAYMENT.payElsewhereTitle,
      PHONE_PAYMENT.openPayPageButton,
      PHONE_PAYMENT.payElsewhereButton,
    ];
    expect(new Set(words).size).toBe(words.length);
    expect(words).not.toContain('请扫码支付');
    for (const word of words) expect(word).toMatch(/^[\u4e00-\u9fff]+$/);
  });
});

/** Paying on the phone itself (issue 37): WeChat's pay sheet, its H5 cashier, or WeChat's browser. */
describe('the payment dialog’s words for paying on the phone itself', () => {
  it('names the button the believer is told to press', () => {
    expect(PHONE_PAYMENT.jsapi).toContain(`“${PHONE_PAYMENT.jsapiButton}”`);
    expect(PHONE_PAYMENT.jsapiCancelled).toContain(`“${PHONE_PAYMENT.jsapiButton}”`);
    expect(PHONE_PAYMENT.jsapiFailed).toContain(`“${PHONE_PAYMENT.jsapiButton}”`);
    expect(PHONE_PAYMENT.h5).toContain(`“${PHONE_PAYMENT.h5Button}”`);
  });

  it('a cancelled sheet keeps the order; a failed one says where to continue', () => {
    expect(PHONE_PAYMENT.jsapiCancelled).toContain('订单仍为您保留');
    expect(PHONE_PAYMENT.jsapiFailed).toContain('“个人中心·我的订单”');
  });

  it('WeChat’s ok is “confirming”, never success: the server says paid', () => {
    expect(PHONE_PAYMENT.confirming).toContain('正在确认');
    expect(PHONE_PAYMENT.confirming).not.toMatch(/成功/);
  });

  it('H5 says where it comes back to; the link for WeChat says where to open it and by when', () => {
    expect(PHONE_PAYMENT.h5).toContain('“个人中心·我的订单”');
    const text = PHONE_PAYMENT.openInWechat('10:15');
    expect(text).toContain('微信中打开');
    expect(text).toContain('请于 10:15 前');
    expect(PHONE_PAYMENT.linkCopied).toContain('微信');
  });

  it('has titles and buttons in Chinese, and words for a call that failed with none of the server’s', () => {
    for (const word of [
      PHONE_PAYMENT.jsapiTitle,
      PHONE_PAYMENT.jsapiButton,
      PHONE_PAYMENT.h5Title,
      PHONE_PAYMENT.h5Button,
      PHONE_PAYMENT.openInWechatTitle,
      PHONE_PAYMENT.copyLink,
      PHONE_PAYMENT.retry,
    ])
      expect(word).toMatch(/^[\u4e00-\u9fff]+$/);
    expect(PHONE_PAYMENT.wayUnavailable).toMatch(/^[^A-Za-z]+$/);
    expect(PHONE_PAYMENT.continueOnPhone).toMatch(/^[\u4e00-\u9fff]+$/);
    // The phone's code opens 我的订单, where the believer logs in: it is not the payment's code.
    expect(PHONE_PAYMENT.continueOnPhoneHint).toContain('“个人中心·我的订单”');
    expect(PHONE_PAYMENT.continueOnPhoneHint).toContain('登录');
    expect(PHONE_PAYMENT.asking).toContain('请稍候');
  });
});

/** Continuing an unpaid order on another channel (issue 37): every refusal in the believer's words. */
describe('continuing an order on another channel', () => {
  it('refuses an unknown channel in Chinese, never valibot’s words or the value sent', () => {
    const result = v.safeParse(payApi.payOn.request, {
      out_trade_no: 'WF20261201100000000001',
      channel: 'alipay',
    });
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe(PAYMENT_MESSAGES.unknownChannel);
    expect(PAYMENT_MESSAGES.unknownChannel).not.toContain('alipay');
  });

  it('takes the channels the server can open', () => {
    for (const channel of PAY_CHANNELS)
      expect(
        v.safeParse(payApi.payOn.request, { out_trade_no: 'WF20261201100000000001', channel }).success,
      ).toBe(true);
  });

  it('says the wait when 继续支付 is asked too often', () => {
    expect(PAYMENT_MESSAGES.tooManyPayOns(59)).toBe('支付请求过于频繁，请59秒后再试');
    expect(PAYMENT_MESSAGES.tooManyPayOns(3600)).toBe('支付请求过于频繁，请1小时后再试');
  });

  it('says what to do when H5 cannot be ordered for want of the believer’s address', () => {
    expect(PAYMENT_MESSAGES.noAddress).toContain('在微信中打开本页');
    expect(PAYMENT_MESSAGES.noAddress).toContain('扫码支付');
  });
});
