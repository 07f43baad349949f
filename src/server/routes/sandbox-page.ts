import { formatYuan } from '@contract/money';
import { ORDER_STATE_LABELS } from '@contract/payment';
import { html } from 'hono/html';

export interface SandboxOrderView {
  outTradeNo: string;
  description: string;
  amountFen: number;
  state: number;
  payable: boolean;
  expired: boolean;
  /** The trade was closed at the sandbox (another attempt took the order over): it pays no more. */
  closed: boolean;
  templeName: string;
  /**
   * Opened as WeChat's H5 cashier (`?channel=h5`) or as the pay sheet inside WeChat (`jsapi`, the
   * demo's stand-in for WeixinJSBridge): where 取消 and a payment go back to, if anywhere.
   */
  cashier?: { channel: 'h5' | 'jsapi'; back: string | undefined } | undefined;
}

/**
 * The sandbox's "phone" page: what is paid, and a button that pays it. As the H5 cashier it also
 * goes back to the site (paid, or 取消支付), as WeChat's cashier goes to `redirect_url`.
 */
export const sandboxPage = (order: SandboxOrderView) => {
  const { payable, cashier } = order;
  const back = cashier?.back;
  const stateText =
    order.state === 0
      ? order.expired
        ? '已过期'
        : order.closed
          ? '该笔交易已关闭'
          : payable
            ? '待支付'
            : '已预订，请到寺院办理'
      : (ORDER_STATE_LABELS[order.state] ?? '--');
  return html`<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>模拟支付 · ${order.templeName}</title>
    <style>
      body { margin: 0; font-family: "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; background: #faf6ee; color: #2b2320; }
      main { max-width: 420px; margin: 0 auto; padding: 32px 20px; }
      h1 { font-size: 22px; color: #8c2a1c; margin: 0 0 4px; }
      .note { color: #6f6256; font-size: 14px; margin: 0 0 24px; }
      dl { background: #fff; border: 1px solid #e6cf9a; border-radius: 10px; padding: 16px 20px; display: grid; grid-template-columns: 5em 1fr; gap: 10px; font-size: 17px; }
      dt { color: #5a4d45; } dd { margin: 0; overflow-wrap: anywhere; }
      .amount { font-size: 28px; color: #8c2a1c; font-weight: bold; }
      button { width: 100%; margin-top: 24px; min-height: 52px; font-size: 19px; border: 0; border-radius: 8px; background: #1a7f37; color: #fff; cursor: pointer; }
      .back { display: block; margin-top: 16px; min-height: 48px; line-height: 48px; text-align: center; font-size: 18px; color: #8c2a1c; border: 1px solid #e6cf9a; border-radius: 8px; background: #fff; text-decoration: none; }
      .status { margin-top: 24px; padding: 14px; border-radius: 8px; text-align: center; font-size: 18px; background: #f2ead9; }
    </style>
  </head>
  <body>
    <main>
      <h1>${order.templeName}</h1>
      <p class="note">${cashier ? (cashier.channel === 'h5' ? '模拟微信支付收银台（H5）' : '模拟微信内支付（JSAPI）') : '模拟支付'}（沙箱环境，不会产生真实扣款）</p>
      <dl>
        <dt>订单号</dt><dd>${order.outTradeNo}</dd>
        <dt>内容</dt><dd>${order.description}</dd>
        <dt>金额</dt><dd class="amount">${formatYuan(order.amountFen)}</dd>
        <dt>状态</dt><dd data-testid="state">${stateText}</dd>
      </dl>
      ${
        payable
          ? html`<form method="post" action="/pay/sandbox/${order.outTradeNo}/confirm">${
              back ? html`<input type="hidden" name="redirect_url" value="${back}" />` : ''
            }<button type="submit">确认支付 ${formatYuan(order.amountFen)}</button></form>`
          : html`<p class="status" role="status">${order.state === 1 ? '支付成功，感恩随喜！' : '该订单当前不可支付'}</p>`
      }
      ${back ? html`<a class="back" href="${back}">${payable ? '取消支付，返回' : '返回'}${order.templeName}</a>` : ''}
    </main>
  </body>
</html>`;
};
