import { type JsapiInvokeParams, SANDBOX_APPID, SANDBOX_PREPAY_PREFIX } from '@contract/payment';
import type { BridgeResult } from '@machines/payment.machine';
import { myOrdersUrl, PAYING_PARAM } from './phone-addresses';

/** WeChat's in-page bridge: its browser alone defines it, on the page's window. */
interface WeixinJsBridge {
  invoke(
    name: 'getBrandWCPayRequest',
    params: JsapiInvokeParams,
    answer: (result: { err_msg?: string }) => void,
  ): void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJsBridge;
  }
}

/** How long a tap waits for a bridge that is not ready yet (WeixinJSBridgeReady) before it fails. */
const BRIDGE_READY_MS = 3000;

/** Inside WeChat's browser (its user agent says so). */
export const inWechatBrowser = (userAgent = window.navigator.userAgent) => /MicroMessenger/i.test(userAgent);

/** The bridge, once WeChat has made it (at once when it is there); none after BRIDGE_READY_MS. */
const bridgeReady = (): Promise<WeixinJsBridge | undefined> => {
  if (window.WeixinJSBridge) return Promise.resolve(window.WeixinJSBridge);
  return new Promise((resolve) => {
    const ready = () => {
      window.clearTimeout(timer);
      resolve(window.WeixinJSBridge);
    };
    const timer = window.setTimeout(() => {
      document.removeEventListener('WeixinJSBridgeReady', ready);
      resolve(undefined);
    }, BRIDGE_READY_MS);
    document.addEventListener('WeixinJSBridgeReady', ready, { once: true });
  });
};

/** `get_brand_wcpay_request:ok` → ok; `:cancel` → cancel; anything else (`:fail`, none) → fail. */
export const bridgeResultOf = (errMsg: string | undefined): BridgeResult => {
  if (errMsg === 'get_brand_wcpay_request:ok') return 'ok';
  if (errMsg === 'get_brand_wcpay_request:cancel') return 'cancel';
  return 'fail';
};

/**
 * The demo's stand-in for the pay sheet, for parameters the sandbox signed (WeChat's bridge would
 * refuse them): the sandbox's page of the trade, which pays or cancels and comes back to 我的订单
 * with the order (as from H5's cashier), where it is shown paid or continued.
 */
const sandboxSheetUrl = (params: JsapiInvokeParams, outTradeNo: string) => {
  const trade = params.package.replace(`prepay_id=${SANDBOX_PREPAY_PREFIX}`, '');
  const back = myOrdersUrl(`?${PAYING_PARAM}=${encodeURIComponent(outTradeNo)}`);
  return `/pay/sandbox/${encodeURIComponent(trade)}?channel=jsapi&redirect_url=${encodeURIComponent(back)}`;
};

/**
 * Opens WeChat's pay sheet with the server's signed parameters (called inside the believer's
 * tap) and answers how it ended. `ok` means WeChat took the payment in hand, not that the temple
 * has it: the payment machine waits for the server's word. The demo's sandbox parameters leave
 * for the sandbox's page instead (it comes back to 我的订单; restored by 后退, the sheet was cancelled).
 */
export const openWechatPaySheet = async (
  params: JsapiInvokeParams,
  outTradeNo: string,
): Promise<BridgeResult> => {
  if (params.appId === SANDBOX_APPID) {
    window.location.assign(sandboxSheetUrl(params, outTradeNo));
    // Back from the sandbox's page by the browser's back button, this page is restored as it was
    // (the back-forward cache): the sheet was put away without paying, as WeChat's cancel.
    return new Promise<BridgeResult>((resolve) => {
      window.addEventListener('pageshow', (event) => event.persisted && resolve('cancel'), { once: true });
    });
  }
  const bridge = await bridgeReady();
  if (!bridge) return 'fail';
  return new Promise((resolve) => {
    bridge.invoke('getBrandWCPayRequest', params, (result) => resolve(bridgeResultOf(result?.err_msg)));
  });
};
