import type { JsapiInvokeParams } from '@contract/payment';
import type { BridgeResult } from '@machines/payment.machine';

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
 * Opens WeChat's pay sheet with the server's signed parameters (called inside the believer's
 * tap) and answers how it ended. `ok` means WeChat took the payment in hand, not that the temple
 * has it: the payment machine waits for the server's word.
 */
export const openWechatPaySheet = async (params: JsapiInvokeParams): Promise<BridgeResult> => {
  const bridge = await bridgeReady();
  if (!bridge) return 'fail';
  return new Promise((resolve) => {
    bridge.invoke('getBrandWCPayRequest', params, (result) => resolve(bridgeResultOf(result?.err_msg)));
  });
};
