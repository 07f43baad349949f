import {
  judgeMeritForm,
  MERIT_MESSAGES,
  type MeritDraft,
  type MeritField,
  type MeritFieldErrors,
  type MeritItem,
  type MeritOrderRequest,
  type MeritSelection,
} from '@contract/merit';
import type { PrePayAnswer } from '@contract/payment';
import { assign, setup } from 'xstate';
import { awaitLoginStandIn, messageOf, paymentOf, unprovided } from './ordering';
import { type PaymentInput, type PaymentOutput, paymentMachine } from './payment.machine';

/**
 * Ordering a merit offering (功德供养) on its detail page.
 *
 * | state          | the believer sees                                                          |
 * | -------------- | -------------------------------------------------------------------------- |
 * | editing        | the option cards, the total and 提交; each problem under its field          |
 * | overLimit      | 功德金超过10000，请前往寺庙办理 (确定 goes back to /merit, 取消 stays)        |
 * | awaitingLogin  | the login dialog saying why (请先登录…); the submission waits for the login |
 * | confirming     | 订单确认: item (and the name chosen), quantity, donor, wish, amount;        |
 * |                | a refused order's message above 确认支付 and 取消                           |
 * | creatingOrder  | the same dialog, 确认支付 pending (tag busy)                                |
 * | paying         | the QR dialog (the invoked payment machine)                                |
 * | paid (final)   | the success page of the order (/success?no=…)                              |
 * | left (final)   | back on /merit                                                             |
 *
 * `order.submit` carries what the believer entered, the logged-in phone (null: logged out) and
 * a fresh idempotency key. The machine judges the form with the contract's rules, in this
 * order: a form problem (shown under its field, nothing else happens), over the online limit,
 * logged out (the login dialog; the submission continues to the confirmation after the login),
 * else the confirmation. The form comes first because it is what the believer can fix on the
 * page, and so a login always leads straight to a confirmation (never back to a form problem);
 * over the limit comes before the login because no login helps there (001 section 5: the advice
 * to go to the temple). Every try of one confirmation sends the same key, so a retried
 * confirm cannot create a second order. A refused order returns to the confirmation with the
 * server's message.
 */
export interface MeritOrderContext {
  item: MeritItem;
  errors: MeritFieldErrors;
  draft: MeritDraft | null;
  order: MeritOrderRequest | null;
  idempotencyKey: string | null;
  refusal: string | null;
  payment: PaymentInput | null;
}

export type MeritOrderEvent =
  | { type: 'order.submit'; form: MeritSelection; mobile: string | null; key: string }
  | { type: 'form.edit'; field: MeritField }
  | { type: 'overLimit.confirm' }
  | { type: 'overLimit.cancel' }
  | { type: 'order.confirm' }
  | { type: 'order.cancel' };

type SubmitEvent = Extract<MeritOrderEvent, { type: 'order.submit' }>;

export interface CreateOrderInput {
  order: MeritOrderRequest;
  idempotencyKey: string;
}

const judge = (context: MeritOrderContext, submit: SubmitEvent) => judgeMeritForm(context.item, submit.form);
const refusalOf = (error: unknown) => messageOf(error, '下单失败，请稍后再试');

export const meritOrderMachine = setup({
  types: {
    context: {} as MeritOrderContext,
    events: {} as MeritOrderEvent,
    input: {} as { item: MeritItem },
    children: {} as { createOrder: 'createOrder'; payment: 'payment'; awaitLogin: 'awaitLogin' },
    tags: {} as 'busy',
  },
  actors: {
    createOrder: unprovided<PrePayAnswer, CreateOrderInput>('createOrder'),
    /** Opens the login dialog with the notice; answers the logged-in phone, rejects when it is closed. */
    awaitLogin: awaitLoginStandIn,
    payment: paymentMachine,
  },
  guards: {
    hasFormProblem: ({ context }, submit: SubmitEvent) => judge(context, submit).outcome === 'invalid',
    isOverLimit: ({ context }, submit: SubmitEvent) => judge(context, submit).outcome === 'overLimit',
    isLoggedOut: (_, submit: SubmitEvent) => submit.mobile === null,
    isPaid: (_, output: PaymentOutput) => output.paid,
  },
  actions: {
    leaveToList: () => {},
    goToSuccess: (_, _params: { outTradeNo: string }) => {},
    assignErrors: assign({
      errors: ({ context }, submit: SubmitEvent) => {
        const judged = judge(context, submit);
        return judged.outcome === 'invalid' ? judged.errors : {};
      },
    }),
    clearError: assign({
      errors: ({ context }, field: MeritField) => {
        const { [field]: _, ...rest } = context.errors;
        return rest;
      },
    }),
    assignSubmission: assign(({ context }, submit: SubmitEvent) => {
      const judged = judge(context, submit);
      return {
        errors: {},
        draft: judged.outcome === 'valid' ? judged.draft : null,
        idempotencyKey: submit.key,
        refusal: null,
      };
    }),
    assignOrder: assign({
      order: ({ context }, mobile: string) => (context.draft ? { ...context.draft, MOBILE: mobile } : null),
    }),
    assignRefusal: assign({ refusal: (_, error: unknown) => refusalOf(error) }),
    clearRefusal: assign({ refusal: null }),
    assignPayment: assign({ payment: (_, answer: PrePayAnswer) => paymentOf(answer) }),
  },
}).createMachine({
  id: 'meritOrder',
  context: ({ input }) => ({
    item: input.item,
    errors: {},
    draft: null,
    order: null,
    idempotencyKey: null,
    refusal: null,
    payment: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'order.submit': [
          {
            guard: { type: 'hasFormProblem', params: ({ event }) => event },
            actions: { type: 'assignErrors', params: ({ event }) => event },
          },
          {
            guard: { type: 'isOverLimit', params: ({ event }) => event },
            target: 'overLimit',
            actions: { type: 'assignErrors', params: ({ event }) => event },
          },
          {
            guard: { type: 'isLoggedOut', params: ({ event }) => event },
            target: 'awaitingLogin',
            actions: { type: 'assignSubmission', params: ({ event }) => event },
          },
          {
            target: 'confirming',
            actions: [
              { type: 'assignSubmission', params: ({ event }) => event },
              { type: 'assignOrder', params: ({ event }) => event.mobile ?? '' },
            ],
          },
        ],
        'form.edit': { actions: { type: 'clearError', params: ({ event }) => event.field } },
      },
    },
    overLimit: {
      on: {
        'overLimit.confirm': { target: 'left', actions: 'leaveToList' },
        'overLimit.cancel': 'editing',
      },
    },
    awaitingLogin: {
      invoke: {
        id: 'awaitLogin',
        src: 'awaitLogin',
        input: { notice: MERIT_MESSAGES.loginFirst },
        onDone: {
          target: 'confirming',
          actions: { type: 'assignOrder', params: ({ event }) => event.output },
        },
        // The believer closed the login dialog: the form is as they left it.
        onError: 'editing',
      },
    },
    confirming: {
      on: {
        'order.confirm': { target: 'creatingOrder', actions: 'clearRefusal' },
        'order.cancel': 'editing',
      },
    },
    creatingOrder: {
      tags: ['busy'],
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => ({
          order: context.order as MeritOrderRequest,
          idempotencyKey: context.idempotencyKey as string,
        }),
        onDone: { target: 'paying', actions: { type: 'assignPayment', params: ({ event }) => event.output } },
        onError: {
          target: 'confirming',
          actions: {
            type: 'assignRefusal',
            params: ({ event }: { event: { error: unknown } }) => event.error,
          },
        },
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
    paid: {
      type: 'final',
      entry: {
        type: 'goToSuccess',
        params: ({ context }: { context: MeritOrderContext }) => ({
          outTradeNo: context.payment?.outTradeNo ?? '',
        }),
      },
    },
    left: { type: 'final' },
  },
});
