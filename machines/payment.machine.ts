import {
  type JsapiInvokeParams,
  type PayOnAnswer,
  type PayResultAnswer,
  PHONE_PAYMENT,
} from '@contract/payment';
import { assign, setup } from 'xstate';
import { messageOf, unprovided } from './effects';

/**
 * Where the page is shown, as its view knows it when the believer confirms: the facts the way of
 * paying is chosen from. The WeChat facts are a phone's only.
 */
export interface PayingDevice {
  /** A phone: it cannot scan a QR on its own screen. */
  phone: boolean;
  /** WeChat's own browser (its user agent says MicroMessenger). */
  inWechat?: boolean;
  /** This tab's WeChat web login (a visit token): JSAPI pays with its openid. */
  wechatVisit?: string | null;
  /** The temple has a 服务号 web login: a page opened inside WeChat pays there (JSAPI). */
  jsapi?: boolean;
  /** The temple's merchant number has H5 payment, for phone browsers other than WeChat's. */
  h5?: boolean;
}

/** A computer's view, for callers with no device to tell (the console, tests). */
export const ON_A_COMPUTER: PayingDevice = { phone: false };

/**
 * How the believer pays the order:
 * - `scanQr`: a computer shows the QR, the believer's phone scans it;
 * - `jsapi`: inside WeChat, with this tab's web login: WeChat's own pay sheet, opened by a tap;
 * - `h5`: another phone browser, where the temple has H5: WeChat's H5 cashier, and back here;
 * - `openPayPage`: the demo's payment sandbox: its page opens by a tap;
 * - `openInWechat`: another phone browser, where the temple pays inside WeChat only: the order's
 *   page, to open in WeChat (the link to copy);
 * - `payElsewhere`: a phone with none of these: the order is kept for its hold, to be paid from a
 *   computer's 我的订单 or at the temple.
 * Whichever way, the poll goes on: a payment made anywhere ends the dialog as paid.
 */
export type PaymentChannel = 'scanQr' | 'jsapi' | 'h5' | 'openPayPage' | 'openInWechat' | 'payElsewhere';

export const channelFor = (device: PayingDevice, codeUrl: string): PaymentChannel => {
  if (!device.phone) return 'scanQr';
  if (device.inWechat && device.jsapi && device.wechatVisit) return 'jsapi';
  if (!device.inWechat && device.h5) return 'h5';
  if (/^https?:\/\//i.test(codeUrl)) return 'openPayPage';
  if (!device.inWechat && device.jsapi) return 'openInWechat';
  return 'payElsewhere';
};

/** How WeChat's pay sheet ended (`get_brand_wcpay_request:…`): `ok` is not paid until the server says so. */
export type BridgeResult = 'ok' | 'cancel' | 'fail';

/** What the pay channel's call asks: the order continued on the channel (payApi.payOn). */
export interface PayOnInput {
  outTradeNo: string;
  channel: 'native' | 'jsapi' | 'h5';
  visit: string | null;
}

/**
 * The payment dialog and its status poll (state `polling`, region `query`), and beside it the
 * way of paying (region `way`, chosen from the device the view passed in: `channel`).
 *
 * | state                         | the believer sees                                              |
 * | ----------------------------- | -------------------------------------------------------------- |
 * | polling.query.waiting         | the dialog; the next status query goes in 1 s                  |
 * | polling.query.querying        | the same; the status query is under way (tag busy)             |
 * | polling.way.shown             | the QR, the demo's pay page link, the link for WeChat, or 订单已为您保留 |
 * | polling.way.native.asking     | a computer's new QR, for an order a phone channel took over (tag busy) |
 * | polling.way.jsapi.asking      | 正在准备微信支付…: WeChat's pay sheet is asked for (tag busy)      |
 * | polling.way.jsapi.ready       | 微信支付 (the tap opens WeChat's pay sheet); after a cancel or a failure, its words |
 * | polling.way.jsapi.invoking    | the pay sheet is open over the page (tag busy)                  |
 * | polling.way.jsapi.confirming  | 正在确认支付结果…: WeChat said ok, only the server's poll says paid |
 * | polling.way.h5.asking         | 正在准备微信支付… (tag busy)                                      |
 * | polling.way.h5.ready          | 前往微信支付: WeChat's cashier, which comes back to 我的订单       |
 * | polling.way.*.failed          | the server's words, and 重试                                    |
 * | expired                       | 二维码已过期…, polling stopped, the close button                  |
 * | paid (final)                  | the dialog closes; the flow goes to its success screen          |
 * | closed (final)                | the dialog closes; polling stopped at once                      |
 *
 * The first query goes one second after the dialog opens, each next one a second after the
 * previous answer; an answer that is not paid, or a failed query, counts as not paid.
 */
export interface PaymentInput {
  outTradeNo: string;
  codeUrl: string;
  expiresAt: string;
  /** What is paid for and how much (yuan), as the server priced it: the dialog says both. */
  description: string;
  amount: number;
  /** Where the dialog is shown. */
  device: PayingDevice;
}

export interface PaymentContext extends PaymentInput {
  channel: PaymentChannel;
  /** JSAPI's signed parameters for WeChat's pay sheet (the view hands them to the bridge). */
  invoke: JsapiInvokeParams | null;
  /** WeChat's H5 cashier for this order. */
  h5Url: string;
  /** Why the way of paying stopped: the server's words, a cancelled or failed pay sheet. */
  notice: string | null;
}

export type PaymentEvent =
  | { type: 'payment.close' }
  | { type: 'payment.retry' }
  | { type: 'jsapi.tap' }
  | { type: 'jsapi.answer'; result: BridgeResult };

export interface PaymentOutput {
  paid: boolean;
}

const payOnAsked = (channel: PayOnInput['channel'], ready = 'ready') => ({
  id: 'payOn' as const,
  src: 'payOn' as const,
  input: ({ context }: { context: PaymentContext }): PayOnInput => ({
    outTradeNo: context.outTradeNo,
    channel,
    visit: context.device.wechatVisit ?? null,
  }),
  onDone: [
    {
      guard: {
        type: 'isPaidAlready' as const,
        params: ({ event }: { event: { output: PayOnAnswer } }) => event.output,
      },
      target: '#payment.paid',
    },
    {
      target: ready,
      actions: {
        type: 'assignWay' as const,
        params: ({ event }: { event: { output: PayOnAnswer } }) => event.output,
      },
    },
  ],
  onError: {
    target: 'failed',
    actions: {
      type: 'assignFailure' as const,
      params: ({ event }: { event: { error: unknown } }) => event.error,
    },
  },
});

export const paymentMachine = setup({
  types: {
    input: {} as PaymentInput,
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    output: {} as PaymentOutput,
    children: {} as { queryStatus: 'queryStatus'; payOn: 'payOn' },
    tags: {} as 'busy',
  },
  actors: {
    queryStatus: unprovided<PayResultAnswer, { outTradeNo: string }>('queryStatus'),
    payOn: unprovided<PayOnAnswer, PayOnInput>('payOn'),
  },
  delays: { pollInterval: 1000 },
  guards: {
    isPaid: (_, answer: PayResultAnswer) => answer.code === 0 && answer.msg === '1',
    /** orderState 5: the hold ran out and the order is closed; the QR can no longer be paid. */
    isClosed: (_, answer: PayResultAnswer) => answer.code === 0 && answer.msg === '5',
    /** The money had come on an earlier attempt, found as the server closed it. */
    isPaidAlready: (_, answer: PayOnAnswer) => answer.paid,
    byJsapi: ({ context }) => context.channel === 'jsapi',
    byH5: ({ context }) => context.channel === 'h5',
    /** A computer's QR of an order a phone channel took over (我的订单): a new one is asked for. */
    needsQr: ({ context }) => context.channel === 'scanQr' && context.codeUrl === '',
    answered: (_, params: { result: BridgeResult; expected: BridgeResult }) =>
      params.result === params.expected,
  },
  actions: {
    assignWay: assign(({ context }, answer: PayOnAnswer) => ({
      codeUrl: answer.code_img_url || context.codeUrl,
      invoke: answer.invoke,
      h5Url: answer.h5_url,
      notice: null,
    })),
    assignFailure: assign({ notice: (_, error: unknown) => messageOf(error, PHONE_PAYMENT.wayUnavailable) }),
    assignNotice: assign({ notice: (_, notice: string | null) => notice }),
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    ...input,
    channel: channelFor(input.device, input.codeUrl),
    invoke: null,
    h5Url: '',
    notice: null,
  }),
  initial: 'polling',
  states: {
    polling: {
      type: 'parallel',
      on: { 'payment.close': 'closed' },
      states: {
        query: {
          initial: 'waiting',
          states: {
            waiting: {
              after: { pollInterval: 'querying' },
            },
            querying: {
              tags: ['busy'],
              invoke: {
                id: 'queryStatus',
                src: 'queryStatus',
                input: ({ context }) => ({ outTradeNo: context.outTradeNo }),
                onDone: [
                  { guard: { type: 'isPaid', params: ({ event }) => event.output }, target: '#payment.paid' },
                  {
                    guard: { type: 'isClosed', params: ({ event }) => event.output },
                    target: '#payment.expired',
                  },
                  { target: 'waiting' },
                ],
                onError: 'waiting',
              },
            },
          },
        },
        way: {
          initial: 'shown',
          states: {
            // The QR, the demo's pay page, the link for WeChat or the order kept: the dialog says
            // which. JSAPI and H5 ask the server for their way first.
            shown: {
              always: [
                { guard: 'byJsapi', target: 'jsapi' },
                { guard: 'byH5', target: 'h5' },
                { guard: 'needsQr', target: 'native' },
              ],
            },
            native: {
              initial: 'asking',
              states: {
                asking: { tags: ['busy'], invoke: payOnAsked('native', '#payment.polling.way.shown') },
                failed: { on: { 'payment.retry': 'asking' } },
              },
            },
            jsapi: {
              initial: 'asking',
              states: {
                asking: { tags: ['busy'], invoke: payOnAsked('jsapi') },
                ready: { on: { 'jsapi.tap': 'invoking' } },
                invoking: {
                  tags: ['busy'],
                  on: {
                    'jsapi.answer': [
                      {
                        guard: {
                          type: 'answered',
                          params: ({ event }) => ({ result: event.result, expected: 'ok' }),
                        },
                        target: 'confirming',
                        actions: { type: 'assignNotice', params: null },
                      },
                      {
                        guard: {
                          type: 'answered',
                          params: ({ event }) => ({ result: event.result, expected: 'cancel' }),
                        },
                        target: 'ready',
                        actions: { type: 'assignNotice', params: PHONE_PAYMENT.jsapiCancelled },
                      },
                      {
                        target: 'ready',
                        actions: { type: 'assignNotice', params: PHONE_PAYMENT.jsapiFailed },
                      },
                    ],
                  },
                },
                // WeChat said ok: only the server (the poll) says paid.
                confirming: {},
                failed: { on: { 'payment.retry': 'asking' } },
              },
            },
            h5: {
              initial: 'asking',
              states: {
                asking: { tags: ['busy'], invoke: payOnAsked('h5') },
                ready: {},
                failed: { on: { 'payment.retry': 'asking' } },
              },
            },
          },
        },
      },
    },
    expired: {
      on: { 'payment.close': 'closed' },
    },
    paid: { type: 'final', output: { paid: true } },
    closed: { type: 'final', output: { paid: false } },
  },
  // The machine answers what its final state says: paid, or closed unpaid.
  output: ({ event }) => event.output as PaymentOutput,
});
