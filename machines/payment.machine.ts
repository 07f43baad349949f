import type { PayResultAnswer } from '@contract/payment';
import { fromPromise, setup } from 'xstate';

/**
 * The scan-to-pay QR dialog (请扫码支付) and its status poll.
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
}

export type PaymentEvent = { type: 'payment.close' };

export interface PaymentOutput {
  paid: boolean;
}

export const paymentMachine = setup({
  types: {
    input: {} as PaymentInput,
    context: {} as PaymentInput,
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
  context: ({ input }) => input,
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
