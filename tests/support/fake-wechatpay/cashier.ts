import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeTrade } from './types';

/** An H5 address lives this long after WeChat gave it (then 支付请求已失效, ask again). */
export const H5_URL_LIFETIME_MS = 5 * 60_000;

export interface CashierDeps {
  /** The trade whose latest h5_url carries this prepay id. */
  tradeOfH5: (prepayId: string) => FakeTrade | undefined;
  /** The believer paid there: the trade is paid and its notification sent. */
  pay: (outTradeNo: string) => Promise<void>;
  now: () => Date;
  /** The merchant's registered H5支付域名 (a host name), or none registered: every page refused. */
  h5Domain: () => string | undefined;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;

const escaped = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const send = (response: ServerResponse, status: number, html: string) => {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(html);
};

/** The host a Referer names ('' when none or not an address). */
const refererHost = (referer: string | undefined) => {
  try {
    return referer ? new URL(referer).hostname : '';
  } catch {
    return '';
  }
};

/**
 * WeChat's H5 cashier (wx.tenpay.com's checkmweb), as a merchant meets it: opened from a page of
 * the registered H5 domain (its Referer) it shows the trade and pays it or not, then returns to
 * `redirect_url` either way (WeChat says nothing of the outcome there: the merchant asks); opened
 * from anywhere else it says 商家参数格式有误; an address older than 5 minutes, or replaced by a
 * newer one, says 支付请求已失效.
 */
export const createCashier = (deps: CashierDeps) => {
  const openTrade = (prepayId: string) => {
    const trade = deps.tradeOfH5(prepayId);
    const fresh =
      trade?.h5IssuedAt !== undefined && deps.now().getTime() - trade.h5IssuedAt <= H5_URL_LIFETIME_MS;
    return trade && fresh && trade.state === 'NOTPAY' ? trade : undefined;
  };

  const show = (request: IncomingMessage, url: URL, response: ServerResponse) => {
    const domain = deps.h5Domain();
    if (!domain || refererHost(request.headers.referer) !== domain)
      return send(response, 200, page('商家参数格式有误', '<p>商家参数格式有误，请联系商家解决。</p>'));
    const prepayId = url.searchParams.get('prepay_id') ?? '';
    const trade = openTrade(prepayId);
    if (!trade) return send(response, 200, page('支付请求已失效', '<p>支付请求已失效，请重新发起支付。</p>'));
    const redirect = url.searchParams.get('redirect_url') ?? '';
    const fields = `<input type="hidden" name="prepay_id" value="${escaped(prepayId)}"><input type="hidden" name="redirect_url" value="${escaped(redirect)}">`;
    send(
      response,
      200,
      page(
        '微信支付',
        `<p>${escaped(trade.description)}</p><p>¥${(trade.amountFen / 100).toFixed(2)}</p>` +
          `<form method="post" action="/cashier/pay">${fields}<button type="submit">确认支付</button></form>` +
          `<form method="post" action="/cashier/cancel">${fields}<button type="submit">取消支付</button></form>`,
      ),
    );
  };

  const back = (response: ServerResponse, redirect: string) => {
    response.writeHead(302, { location: redirect });
    response.end();
  };

  return {
    /** Serves a cashier page; false when the request is not the cashier's (the API's then). */
    async serve(
      request: IncomingMessage,
      url: URL,
      body: Buffer,
      response: ServerResponse,
    ): Promise<boolean> {
      if (request.method === 'GET' && url.pathname === '/cashier') {
        show(request, url, response);
        return true;
      }
      if (
        request.method !== 'POST' ||
        (url.pathname !== '/cashier/pay' && url.pathname !== '/cashier/cancel')
      )
        return false;
      const form = new URLSearchParams(body.toString('utf8'));
      const trade = openTrade(form.get('prepay_id') ?? '');
      if (!trade) {
        send(response, 200, page('支付请求已失效', '<p>支付请求已失效，请重新发起支付。</p>'));
        return true;
      }
      if (url.pathname === '/cashier/pay') await deps.pay(trade.outTradeNo);
      back(response, form.get('redirect_url') ?? '');
      return true;
    },
  };
};
