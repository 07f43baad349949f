import type { MembershipPackage } from '@contract/membership';
import {
  type JoinField,
  type JoinFieldErrors,
  type JoinFormValues,
  joinOrderOf,
  judgeJoinForm,
  type MembershipJoinOrder,
} from '@contract/membership-form';
import { assign, setup } from 'xstate';
import { type CheckoutOutput, checkoutMachine, outcomeIs } from './checkout.machine';
import { fieldErrorsOf, withoutField } from './ordering';

/**
 * Joining the charity society (功德会入会, /joinMember; spec 001 sections 2-5, 8, 9). The page
 * is for logged-in believers only (the route's guard) who are not members yet (the page sends a
 * member to 续费 before this machine starts).
 *
 * | state          | the believer sees (the step indicator: 年限选择, 信息确认, 支付)           |
 * | -------------- | ------------------------------------------------------------------------- |
 * | choosing       | 年限选择: the package cards (the first chosen), 下一步                      |
 * | filling        | the member's form (GFR1 十方法界一切众生, YS1 the member's name); each     |
 * |                | problem under its field; 上一步 and 下一步                                  |
 * | confirming     | 信息确认: the package, the price and the form read-only, the consent       |
 * |                | (同意《会员支付须知》), 上一步 and 立即购买 (enabled once agreed); after a   |
 * |                | failed order 获取二维码失败 (and the server's reason) above them           |
 * | checkingOut    | the invoked checkout: the same, 立即购买 pending, then 支付 (the QR dialog) |
 * | paid (final)   | 支付成功 with 返回首页; the stored user type is now 2 (a member)            |
 *
 * The machine holds the form as it is typed (`form.edit` carries it, so the page can keep the
 * snapshot for the session and a reload restores it). Going back keeps what was entered:
 * `form.back` carries the form as it is; back from the
 * confirmation the consent is asked again (what it confirms may change). A valid 下一步
 * makes a fresh idempotency key; every 立即购买 of that confirmation sends it to the shared
 * checkout, so a retried buy cannot create a second order. The QR closed unpaid returns to the
 * confirmation, still agreed; 立即购买 checks the same order out again (the server resumes it: its
 * QR, amount and hold unchanged).
 */
export interface MembershipJoinContext {
  packages: readonly MembershipPackage[];
  mobile: string;
  /** The chosen package's ITEMNO (one of `packages`). */
  productId: string;
  values: JoinFormValues;
  errors: JoinFieldErrors;
  agreed: boolean;
  order: MembershipJoinOrder | null;
  idempotencyKey: string | null;
  refusal: string | null;
}

export interface MembershipJoinInput {
  /** The packages of the dictionary (at least one: the page gives the default 365 a year). */
  packages: readonly MembershipPackage[];
  mobile: string;
  /** The form's first values (joinFormDefaults of the believer's profile). */
  values: JoinFormValues;
}

export type MembershipJoinEvent =
  | { type: 'package.choose'; itemNo: string }
  | { type: 'package.next' }
  | { type: 'form.submit'; values: JoinFormValues; key: string }
  | { type: 'form.edit'; field: JoinField; values: JoinFormValues }
  | { type: 'form.back'; values: JoinFormValues }
  | { type: 'consent.set'; agreed: boolean }
  | { type: 'confirm.back' }
  | { type: 'order.buy' };

type SubmitEvent = Extract<MembershipJoinEvent, { type: 'form.submit' }>;
type EditEvent = Extract<MembershipJoinEvent, { type: 'form.edit' }>;

const chosen = (context: MembershipJoinContext) =>
  context.packages.find((p) => p.ITEMNO === context.productId) as MembershipPackage;

export const membershipJoinMachine = setup({
  types: {
    context: {} as MembershipJoinContext,
    events: {} as MembershipJoinEvent,
    input: {} as MembershipJoinInput,
    children: {} as { checkout: 'checkout' },
  },
  actors: { checkout: checkoutMachine },
  guards: {
    isKnownPackage: ({ context }, itemNo: string) => context.packages.some((p) => p.ITEMNO === itemNo),
    hasFormProblem: (_, submit: SubmitEvent) => judgeJoinForm(submit.values).outcome === 'invalid',
    hasAgreed: ({ context }) => context.agreed,
    isPaid: outcomeIs('paid'),
    isRefused: outcomeIs('refused'),
  },
  actions: {
    /** The hook stores user type 2 (a member) and refreshes what shows the membership. */
    storeMember: () => {},
    assignPackage: assign({ productId: (_, itemNo: string) => itemNo }),
    /** Back to the packages: the form kept as it is, its messages gone until the next 下一步. */
    keepValues: assign({ values: (_, values: JoinFormValues) => values, errors: {} }),
    assignErrors: assign({
      values: (_, submit: SubmitEvent) => submit.values,
      errors: (_, submit: SubmitEvent) => fieldErrorsOf(judgeJoinForm(submit.values)),
    }),
    /** A field changed: the form kept as it now is (a reload restores it), that field's message gone. */
    keepEdit: assign(({ context }, { field, values }: EditEvent) => ({
      values,
      errors: withoutField(context.errors, field),
    })),
    assignOrder: assign(({ context }, submit: SubmitEvent) => {
      const judged = judgeJoinForm(submit.values);
      return {
        values: submit.values,
        errors: {},
        order: judged.outcome === 'valid' ? joinOrderOf(chosen(context), judged.form, context.mobile) : null,
        idempotencyKey: submit.key,
        refusal: null,
      };
    }),
    assignAgreed: assign({ agreed: (_, agreed: boolean) => agreed }),
    assignRefusal: assign({ refusal: (_, output: CheckoutOutput) => output.message }),
    clearRefusal: assign({ refusal: null }),
    /** Back to the form: what is confirmed may change, so the consent is asked again. */
    clearConsent: assign({ agreed: false, refusal: null }),
  },
}).createMachine({
  id: 'membershipJoin',
  context: ({ input }) => ({
    packages: input.packages,
    mobile: input.mobile,
    productId: input.packages[0]?.ITEMNO ?? '',
    values: input.values,
    errors: {},
    agreed: false,
    order: null,
    idempotencyKey: null,
    refusal: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'package.choose': {
          guard: { type: 'isKnownPackage', params: ({ event }) => event.itemNo },
          actions: { type: 'assignPackage', params: ({ event }) => event.itemNo },
        },
        'package.next': 'filling',
      },
    },
    filling: {
      on: {
        'form.submit': [
          {
            guard: { type: 'hasFormProblem', params: ({ event }) => event },
            actions: { type: 'assignErrors', params: ({ event }) => event },
          },
          { target: 'confirming', actions: { type: 'assignOrder', params: ({ event }) => event } },
        ],
        'form.edit': { actions: { type: 'keepEdit', params: ({ event }) => event } },
        'form.back': {
          target: 'choosing',
          actions: { type: 'keepValues', params: ({ event }) => event.values },
        },
      },
    },
    confirming: {
      on: {
        'consent.set': { actions: { type: 'assignAgreed', params: ({ event }) => event.agreed } },
        'confirm.back': { target: 'filling', actions: 'clearConsent' },
        // Not before the believer agreed to 会员支付须知: the buy button is disabled until then.
        'order.buy': { guard: 'hasAgreed', target: 'checkingOut', actions: 'clearRefusal' },
      },
    },
    // Not a step a reload comes back to (the hook keeps only the steps before it).
    checkingOut: {
      invoke: {
        id: 'checkout',
        src: 'checkout',
        input: ({ context }) => ({
          order: context.order,
          idempotencyKey: context.idempotencyKey as string,
        }),
        onDone: [
          { guard: { type: 'isPaid', params: ({ event }) => event.output }, target: 'paid' },
          // 获取二维码失败 (and the server's reason): back on the confirmation, 立即购买 enabled again.
          {
            guard: { type: 'isRefused', params: ({ event }) => event.output },
            target: 'confirming',
            actions: { type: 'assignRefusal', params: ({ event }) => event.output },
          },
          // The QR closed unpaid: the order is kept for its hold; 立即购买 opens it again.
          { target: 'confirming' },
        ],
      },
    },
    paid: { type: 'final', entry: 'storeMember' },
  },
});
