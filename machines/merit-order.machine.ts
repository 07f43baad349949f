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
import { assign, setup } from 'xstate';
import { type CheckoutOutput, checkoutMachine, outcomeIs } from './checkout.machine';
import { awaitLoginStandIn, fieldErrorsOf, withoutField } from './ordering';

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
 * | checkingOut    | the invoked checkout: the dialog, 确认支付 pending, then the QR dialog      |
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
 * confirm cannot create a second order; the shared checkout makes or resumes the order with it.
 * A refused order returns to the confirmation with the server's message; a QR closed unpaid
 * returns to the form (the order is kept for its hold, 我的订单).
 */
export interface MeritOrderContext {
  item: MeritItem;
  errors: MeritFieldErrors;
  draft: MeritDraft | null;
  order: MeritOrderRequest | null;
  idempotencyKey: string | null;
  refusal: string | null;
}

export type MeritOrderEvent =
  | { type: 'order.submit'; form: MeritSelection; mobile: string | null; key: string }
  | { type: 'form.edit'; field: MeritField }
  | { type: 'overLimit.confirm' }
  | { type: 'overLimit.cancel' }
  | { type: 'order.confirm' }
  | { type: 'order.cancel' };

type SubmitEvent = Extract<MeritOrderEvent, { type: 'order.submit' }>;

const judge = (context: MeritOrderContext, submit: SubmitEvent) => judgeMeritForm(context.item, submit.form);

export const meritOrderMachine = setup({
  types: {
    context: {} as MeritOrderContext,
    events: {} as MeritOrderEvent,
    input: {} as { item: MeritItem },
    children: {} as { awaitLogin: 'awaitLogin'; checkout: 'checkout' },
  },
  actors: {
    /** Opens the login dialog with the notice; answers the logged-in phone, rejects when it is closed. */
    awaitLogin: awaitLoginStandIn,
    checkout: checkoutMachine,
  },
  guards: {
    hasFormProblem: ({ context }, submit: SubmitEvent) => judge(context, submit).outcome === 'invalid',
    isOverLimit: ({ context }, submit: SubmitEvent) => judge(context, submit).outcome === 'overLimit',
    isLoggedOut: (_, submit: SubmitEvent) => submit.mobile === null,
    isPaid: outcomeIs('paid'),
    isRefused: outcomeIs('refused'),
  },
  actions: {
    leaveToList: () => {},
    goToSuccess: (_, _params: { outTradeNo: string }) => {},
    assignErrors: assign({
      errors: ({ context }, submit: SubmitEvent) => fieldErrorsOf(judge(context, submit)),
    }),
    clearError: assign({ errors: ({ context }, field: MeritField) => withoutField(context.errors, field) }),
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
    assignRefusal: assign({ refusal: (_, output: CheckoutOutput) => output.message }),
    clearRefusal: assign({ refusal: null }),
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
        'order.confirm': { target: 'checkingOut', actions: 'clearRefusal' },
        'order.cancel': 'editing',
      },
    },
    checkingOut: {
      invoke: {
        id: 'checkout',
        src: 'checkout',
        input: ({ context }) => ({ order: context.order, idempotencyKey: context.idempotencyKey as string }),
        onDone: [
          {
            guard: { type: 'isPaid', params: ({ event }) => event.output },
            target: 'paid',
            actions: {
              type: 'goToSuccess',
              params: ({ event }) => ({ outTradeNo: event.output.outTradeNo }),
            },
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => event.output },
            target: 'confirming',
            actions: { type: 'assignRefusal', params: ({ event }) => event.output },
          },
          // Closed unpaid (a merit order is never reserved): the order is kept for its hold.
          { target: 'editing' },
        ],
      },
    },
    paid: { type: 'final' },
    left: { type: 'final' },
  },
});
