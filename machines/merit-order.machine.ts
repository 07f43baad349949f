import type { MeritOrderRequest } from '@contract/merit';
import type { PrePayAnswer } from '@contract/payment';
import { assign, fromPromise, setup } from 'xstate';
import { type PaymentInput, type PaymentOutput, paymentMachine } from './payment.machine';

/**
 * Ordering a merit offering (功德供养) on its detail page.
 *
 * | state          | the believer sees                                                        |
 * | -------------- | ------------------------------------------------------------------------ |
 * | editing        | the option cards, the total and 提交; a problem is shown as a toast       |
 * | overLimit      | 功德金超过10000，请前往寺庙办理 (确定 goes back to /merit, 取消 stays)      |
 * | confirming     | 订单确认: item, quantity, donor, wish, amount; 确认支付 and 取消           |
 * | creatingOrder  | the same dialog, 确认支付 pending (tag busy)                              |
 * | paying         | the QR dialog (the invoked payment machine)                              |
 * | paid (final)   | the success screen                                                       |
 * | left (final)   | back on /merit                                                           |
 *
 * The view checks the form with the contract's rules and says in `order.submit` what it found
 * (a problem, over the limit, logged in); the machine decides where that leads. Not logged in
 * opens the login dialog and stays on the page. A failed order creation returns to the
 * confirmation with its button enabled again (the request client has shown why).
 */
export interface MeritOrderContext {
  draft: MeritOrderRequest | null;
  payment: PaymentInput | null;
}

export type MeritOrderEvent =
  | {
      type: 'order.submit';
      problem: string | null;
      overLimit: boolean;
      loggedIn: boolean;
      draft: MeritOrderRequest | null;
    }
  | { type: 'overLimit.confirm' }
  | { type: 'overLimit.cancel' }
  | { type: 'order.confirm' }
  | { type: 'order.cancel' };

type SubmitEvent = Extract<MeritOrderEvent, { type: 'order.submit' }>;

export const meritOrderMachine = setup({
  types: {
    context: {} as MeritOrderContext,
    events: {} as MeritOrderEvent,
    children: {} as { createOrder: 'createOrder'; payment: 'payment' },
    tags: {} as 'busy',
  },
  actors: {
    createOrder: fromPromise<PrePayAnswer, MeritOrderRequest>(async () => {
      throw new Error('createOrder is not provided: add it with .provide()');
    }),
    payment: paymentMachine,
  },
  guards: {
    hasProblem: (_, submit: SubmitEvent) => submit.problem !== null,
    isOverLimit: (_, submit: SubmitEvent) => submit.overLimit,
    isLoggedOut: (_, submit: SubmitEvent) => !submit.loggedIn,
    isPaid: (_, output: PaymentOutput) => output.paid,
  },
  actions: {
    showProblem: (_, _problem: string | null) => {},
    requestLogin: () => {},
    leaveToList: () => {},
    goToSuccess: () => {},
    assignDraft: assign({ draft: (_, submit: SubmitEvent) => submit.draft }),
    assignPayment: assign({
      payment: (_, answer: PrePayAnswer) => ({
        outTradeNo: answer.out_trade_no,
        codeUrl: answer.code_img_url,
        expiresAt: answer.expire_time,
        description: answer.description,
        amount: answer.amount,
      }),
    }),
  },
}).createMachine({
  id: 'meritOrder',
  context: { draft: null, payment: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'order.submit': [
          {
            guard: { type: 'hasProblem', params: ({ event }) => event },
            actions: { type: 'showProblem', params: ({ event }) => event.problem },
          },
          { guard: { type: 'isOverLimit', params: ({ event }) => event }, target: 'overLimit' },
          { guard: { type: 'isLoggedOut', params: ({ event }) => event }, actions: 'requestLogin' },
          { target: 'confirming', actions: { type: 'assignDraft', params: ({ event }) => event } },
        ],
      },
    },
    overLimit: {
      on: {
        'overLimit.confirm': { target: 'left', actions: 'leaveToList' },
        'overLimit.cancel': 'editing',
      },
    },
    confirming: {
      on: {
        'order.confirm': 'creatingOrder',
        'order.cancel': 'editing',
      },
    },
    creatingOrder: {
      tags: ['busy'],
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => context.draft as MeritOrderRequest,
        onDone: { target: 'paying', actions: { type: 'assignPayment', params: ({ event }) => event.output } },
        onError: 'confirming',
      },
    },
    paying: {
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }) => context.payment as PaymentInput,
        onDone: [
          { guard: { type: 'isPaid', params: ({ event }) => event.output }, target: 'paid' },
          // Closed without paying: the order stays on the server until its hold runs out.
          { target: 'editing' },
        ],
      },
    },
    paid: { type: 'final', entry: 'goToSuccess' },
    left: { type: 'final' },
  },
});
