import { isAxiosError } from 'axios';
import * as v from 'valibot';
import { Wechatpay } from 'wechatpay-axios-plugin';
import { GatewayUnavailable } from './payment';
import type { WechatPayConfig } from './wechat-config';

/** An answer of WeChat Pay: 2xx (verified) or a business refusal in a 4xx ({ code, message }). */
export interface WechatAnswer {
  status: number;
  data: unknown;
  /** The refusal's code (ORDERPAID, ORDER_NOT_EXIST…), for a 4xx. */
  code?: string;
}

/** Every call waits at most this long: a hanging WeChat fails the call, never the request that made it. */
export const WECHAT_TIMEOUT_MS = 5_000;

const refusal = v.object({ code: v.string(), message: v.optional(v.string()) });

export interface WechatClient {
  call(method: 'GET' | 'POST', path: string, body?: object): Promise<WechatAnswer>;
  /** The 2xx answer's body, validated; a refusal or a body of another shape fails the call. */
  parse<T extends v.GenericSchema>(schema: T, answer: WechatAnswer): v.InferOutput<T>;
  expect(answer: WechatAnswer, status: number): void;
}

const unavailable = (answer: WechatAnswer) =>
  new GatewayUnavailable(
    `微信支付拒绝了请求（${answer.status} ${answer.code ?? ''}）`,
    answer.code ?? String(answer.status),
  );

/**
 * WeChat Pay's APIv3 through wechatpay-axios-plugin: it signs each request with the merchant key
 * and verifies each 2xx answer on its raw bytes (signature, serial, a clock offset within five
 * minutes) before it is parsed; an answer that fails verification is an error (EV3_RES_…), never
 * data. Every request names the key we verify with (Wechatpay-Serial), as WeChat asks of
 * public-key merchants. Network errors, timeouts, 429 and 5xx become GatewayUnavailable (the
 * caller tries again later); a 4xx is a refusal the caller reads by its code.
 */
export const createWechatClient = (
  config: WechatPayConfig,
  { timeoutMs = WECHAT_TIMEOUT_MS }: { timeoutMs?: number } = {},
): WechatClient => {
  const wxpay = new Wechatpay({
    mchid: config.mchid,
    serial: config.merchantSerial,
    privateKey: config.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certs: config.verifiers,
    baseURL: config.baseUrl,
    timeout: timeoutMs,
    headers: { 'Wechatpay-Serial': config.wechatpaySerial },
  });
  return {
    async call(method, path, body) {
      try {
        const res = await wxpay.client.request(path, method, body, {});
        return { status: res.status, data: res.data };
      } catch (error) {
        if (isAxiosError(error)) {
          const code = error.code ?? '';
          const status = error.response?.status ?? 0;
          if (!code.startsWith('EV3_') && status >= 400 && status < 500 && status !== 429) {
            const body = v.safeParse(refusal, error.response?.data);
            return {
              status,
              data: error.response?.data,
              ...(body.success ? { code: body.output.code } : {}),
            };
          }
          throw new GatewayUnavailable(`微信支付无法使用（${status || code}）`, code || String(status));
        }
        throw new GatewayUnavailable(`微信支付无法使用（${String(error)}）`, 'UNKNOWN');
      }
    },
    parse(schema, answer) {
      if (answer.status < 200 || answer.status >= 300) throw unavailable(answer);
      const result = v.safeParse(schema, answer.data);
      if (!result.success) throw new GatewayUnavailable('微信支付的应答格式不符', 'INVALID_ANSWER');
      return result.output;
    },
    expect(answer, status) {
      if (answer.status !== status) throw unavailable(answer);
    },
  };
};
