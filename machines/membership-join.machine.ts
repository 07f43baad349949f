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
import { fieldErrorsOf, withoutField } from './ordering';
import { type FlowContext, flowContext, orderingFlow, type SubmitEvent } from './ordering-flow';

/**
 * Joining the charity society (功德会入会, /joinMember; spec 001 sections 2-5, 8, 9). The page
 * is for logged-in believers only (the route's guard) who are not members yet (the page sends a
 * member to 续费 before this machine starts): the package chosen, then the ordering flow
 * (ordering-flow.ts) with no login, the member's form as its page and 信息确认 as its dialog.
 *
 * | state                | the believer sees (the step indicator: 年限选择, 信息确认, 支付)         |
 * | -------------------- | ----------------------------------------------------------------------- |
 * | choosing             | 年限选择: the package cards (the first chosen), 下一步                    |
 * | editing              | the member's form (GFR1 十方法界一切众生, YS1 the member's name); each   |
 * |                      | problem under its field; 上一步 and 下一步                                |
 * | ordering.confirming  | 信息确认: the package, the price and the form read-only, the consent     |
 * |                      | (同意《会员支付须知》), 上一步 and 立即购买 (enabled once agreed); after  |
 * |                      | a failed order 获取二维码失败 (and the server's reason) above them        |
 * | ordering.checkingOut | the checkout: the same, 立即购买 pending, then 支付 (the QR dialog)       |
 * | paid (final)         | 支付成功 with 返回首页; the stored user type is now 2 (a member)          |
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
export interface MembershipJoinContext extends FlowContext {
  packages: readonly MembershipPackage[];
  /** The chosen package's ITEMNO (one of `packages`). */
  productId: string;
  values: JoinFormValues;
  errors: JoinFieldErrors;
  agreed: boolean;
}

export interface MembershipJoinInput {
  /** The packages of the dictionary (at least one: the page gives the default 365 a year). */
  packages: readonly MembershipPackage[];
  mobile: string;
  /** The form's first values (joinFormDefaults of the believer's profile). */
  values: JoinFormValues;
}

export type MembershipJoinSubmit = SubmitEvent<JoinFormValues>;
export type MembershipJoinEvent =
  | MembershipJoinSubmit
  | { type: 'package.choose'; itemNo: string }
  | { type: 'package.next' }
  | { type: 'form.edit'; field: JoinField; values: JoinFormValues }
  | { type: 'form.back'; values: JoinFormValues }
  | { type: 'consent.set'; agreed: boolean }
  | { type: 'order.confirm' }
  | { type: 'order.cancel' };

type EditEvent = Extract<MembershipJoinEvent, { type: 'form.edit' }>;

const chosen = (context: MembershipJoinContext) =>
  context.packages.find((p) => p.ITEMNO === context.productId) as MembershipPackage;

/** The order of the chosen package with the form as the rules normalise it. */
export const joinOrderOfContext = (context: MembershipJoinContext): MembershipJoinOrder | null => {
  const judged = judgeJoinForm(context.values);
  return judged.outcome === 'valid' ? joinOrderOf(chosen(context), judged.form, context.mobile ?? '') : null;
};

const flow = orderingFlow<MembershipJoinContext, MembershipJoinSubmit, MembershipJoinEvent>({
  id: 'membershipJoin',
  judge: (_, submit) => judgeJoinForm(submit.form).outcome,
  problem: (_, submit) => ({ values: submit.form, errors: fieldErrorsOf(judgeJoinForm(submit.form)) }),
  submitted: (_, submit) => ({ values: submit.form, errors: {} }),
  // Not before the believer agreed to 会员支付须知: the buy button is disabled until then. Back to
  // the form, what is confirmed may change, so the consent is asked again.
  dialog: {
    ready: (context) => context.agreed,
    cancelled: () => ({ agreed: false, orderError: null }),
  },
  order: joinOrderOfContext,
  // 获取二维码失败 (and the server's reason), or the QR closed unpaid: back on the confirmation,
  // 立即购买 enabled again (the order is kept for its hold).
  closedTo: 'dialog',
});

export const membershipJoinMachine = setup({
  types: flow.types<MembershipJoinInput>(),
  ...flow.with({
    guards: {
      isKnownPackage: ({ context }: { context: MembershipJoinContext }, itemNo: string) =>
        context.packages.some((p) => p.ITEMNO === itemNo),
    },
  }),
  actions: {
    ...flow.actions,
    /** The hook stores user type 2 (a member) and refreshes what shows the membership. */
    storeMember: () => {},
    assignPackage: assign({ productId: (_, itemNo: string) => itemNo }),
    /** Back to the packages: the form kept as it is, its messages gone until the next 下一步. */
    keepValues: assign({ values: (_, values: JoinFormValues) => values, errors: {} }),
    /** A field changed: the form kept as it now is (a reload restores it), that field's message gone. */
    keepEdit: assign(({ context }, { field, values }: EditEvent) => ({
      values,
      errors: withoutField(context.errors, field),
    })),
    assignAgreed: assign({ agreed: (_, agreed: boolean) => agreed }),
  },
}).createMachine({
  context: ({ input }) => ({
    ...flowContext(),
    packages: input.packages,
    mobile: input.mobile,
    productId: input.packages[0]?.ITEMNO ?? '',
    values: input.values,
    errors: {},
    agreed: false,
  }),
  ...flow.config(
    {
      states: {
        choosing: {
          on: {
            'package.choose': {
              guard: {
                type: 'isKnownPackage',
                params: ({ event }) => event.itemNo,
              },
              actions: {
                type: 'assignPackage',
                params: ({ event }) => event.itemNo,
              },
            },
            'package.next': 'editing',
          },
        },
      },
      editing: {
        on: {
          'form.edit': { actions: { type: 'keepEdit', params: ({ event }) => event } },
          'form.back': {
            target: 'choosing',
            actions: {
              type: 'keepValues',
              params: ({ event }) => event.values,
            },
          },
        },
      },
      dialog: {
        on: {
          'consent.set': {
            actions: {
              type: 'assignAgreed',
              params: ({ event }) => event.agreed,
            },
          },
        },
      },
      // Not a step a reload comes back to (the hook keeps only the steps before it).
      paid: { entry: 'storeMember' },
    },
    'choosing',
  ),
});
