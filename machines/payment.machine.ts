import type { PayResultAnswer } from '@contract/payment';
import { fromPromise, setup } from 'xstate';

/**
 * Where the page is shown, as its view knows it when the believer confirms: the facts the way of
 * paying is chosen from (the next channels add WeChat's browser and its openid).
 */
export interface PayingDevice {
  /** A phone: it cannot scan a QR on its own screen. */
  phone: boolean;
}

/** A computer's view, for callers with no device to tell (the console, tests). */
export const ON_A_COMPUTER: PayingDevice = { phone: false };

/**
 * How the believer pays the order's code:
 * - `scanQr`: a computer shows the QR, the believer's phone scans it;
 * - `openPayPage`: a phone cannot scan its own screen, and the code is a page of this site (the
 *   demo's payment sandbox): it opens by a tap;
 * - `payElsewhere`: a phone with a real WeChat code (weixin://…): the order is kept for its hold,
 *   to be paid from a computer's 我的订单 or at the temple.
 * Either way the poll goes on: a payment made elsewhere ends the dialog as paid.
 */
export type PaymentChannel = 'scanQr' | 'openPayPage' | 'payElsewhere';

export const channelFor = ({ phone }: PayingDevice, codeUrl: string): PaymentChannel => {
  if (!phone) return 'scanQr';
  return /^https?:\/\//i.test(codeUrl) ? 'openPayPage' : 'payElsewhere';
};

/**
 * The scan-to-pay QR dialog (请扫码支付) and its status poll; on a phone, the way of paying there
 * (`channel`, chosen from the device the view passed in).
 *
 * | state             | the believer sees                                              |
 * | ----------------- | -------------------------------------------------------------- |
 * | polling.waiting   | the QR and the close button; the next query goes in 1 s        |
 * | polling.querying  | the same; the status query is under way (tag busy)             |
 * | expired           | 二维码已过期…, polling stopped, the close button                 |
 * | paid (final)      | the dialog closes; the flow goes to its success screen        |
 * | closed (final)    | the dialog closes; polling stopped at once                     |
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
}

export type PaymentEvent = { type: 'payment.close' };

export interface PaymentOutput {
  paid: boolean;
}

export const paymentMachine = setup({
  types: {
    input: {} as PaymentInput,
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    output: {} as PaymentOutput,
    children: {} as { queryStatus: 'queryStatus' },
    tags: {} as 'busy',
  },
  actors: {
    queryStatus: fromPromise<PayResultAnswer, { outTradeNo: string }>(async () => {
      throw new Error('queryStatus is not provided: add it with .provide()');
    }),
  },
  delays: { pollInterval: 1000 },
  guards: {
    isPaid: (_, answer: PayResultAnswer) => answer.code === 0 && answer.msg === '1',
    /** orderState 5: the hold ran out and the order is closed; the QR can no longer be paid. */
    isClosed: (_, answer: PayResultAnswer) => answer.code === 0 && answer.msg === '5',
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({ ...input, channel: channelFor(input.device, input.codeUrl) }),
  initial: 'polling',
  states: {
    polling: {
      initial: 'waiting',
      on: { 'payment.close': 'closed' },
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
    expired: {
      on: { 'payment.close': 'closed' },
    },
    paid: { type: 'final', output: { paid: true } },
    closed: { type: 'final', output: { paid: false } },
  },
  // The machine answers what its final state says: paid, or closed unpaid.
  output: ({ event }) => event.output as PaymentOutput,
});
