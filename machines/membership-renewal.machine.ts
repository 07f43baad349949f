import {
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_RULES,
  type MembershipPackage,
  packageTerms,
} from '@contract/membership';
import type { PrePayAnswer } from '@contract/payment';
import { assign, setup } from 'xstate';
import { messageOf, paymentOf, unprovided } from './ordering';
import { type PaymentInput, type PaymentOutput, paymentMachine } from './payment.machine';

/**
 * Renewing one's own membership (会员续费, /Renewals, spec 001 sections 2, 4, 8): two steps,
 * 年限选择 and 支付, then the success.
 *
 * | state          | the believer sees                                                              |
 * | -------------- | ------------------------------------------------------------------------------ |
 * | choosing       | step 年限选择: the packages (the first chosen), the end date the purchase gives, |
 * |                | 立即续费; a failed order's message above the button (获取二维码失败, 请先入会…)  |
 * | creatingOrder  | the same, 立即续费 pending (tag busy)                                            |
 * | paying         | step 支付: the QR dialog (the invoked payment machine)                          |
 * | paid (final)   | 支付成功: the new end date, 返回首页 and 个人中心                                  |
 *
 * A believer who is not a member yet never sees this machine: the page points to /joinMember.
 * Tries of one purchase (the same package, the order refused or failed) send the same
 * idempotency key, so a lost answer cannot make a second order; choosing another package, or
 * closing an unpaid QR, starts a new purchase (a new key: the old order may have closed).
 */
export interface RenewOrder {
  type: typeof MEMBERSHIP_RULES.orderType;
  RENEW: 1;
  CHANNEL: typeof MEMBERSHIP_RULES.channel;
  MOBILE: string;
  PRODUCT_ID: string;
  /** The package's price (yuan) as the page showed it; the server prices it again. */
  customAmount: number;
}

export interface MembershipRenewalContext {
  packages: readonly MembershipPackage[];
  /** The chosen package's ITEMNO (the first package to begin with). */
  itemNo: string | null;
  idempotencyKey: string | null;
  order: RenewOrder | null;
  refusal: string | null;
  payment: PaymentInput | null;
}

export type MembershipRenewalEvent =
  | { type: 'package.choose'; itemNo: string }
  | { type: 'order.submit'; mobile: string; key: string };

type SubmitEvent = Extract<MembershipRenewalEvent, { type: 'order.submit' }>;

export interface CreateRenewOrderInput {
  order: RenewOrder;
  idempotencyKey: string;
}

/** The own-renewal order (RENEW 1) of a package, as the server's schema takes it. */
export const renewOrderOf = (pkg: MembershipPackage, mobile: string): RenewOrder => ({
  type: MEMBERSHIP_RULES.orderType,
  RENEW: 1,
  CHANNEL: MEMBERSHIP_RULES.channel,
  MOBILE: mobile,
  PRODUCT_ID: pkg.ITEMNO,
  customAmount: packageTerms(pkg).price,
});

/** The package of `itemNo` among `packages` (the first one when none is chosen). */
export const chosenPackage = (packages: readonly MembershipPackage[], itemNo: string | null) =>
  packages.find((p) => p.ITEMNO === itemNo) ?? packages[0] ?? null;

export const membershipRenewalMachine = setup({
  types: {
    context: {} as MembershipRenewalContext,
    events: {} as MembershipRenewalEvent,
    input: {} as { packages: readonly MembershipPackage[] },
    children: {} as { createOrder: 'createOrder'; payment: 'payment' },
    tags: {} as 'busy',
  },
  actors: {
    createOrder: unprovided<PrePayAnswer, CreateRenewOrderInput>('createOrder'),
    payment: paymentMachine,
  },
  guards: {
    isPaid: (_, output: PaymentOutput) => output.paid,
  },
  actions: {
    /** The membership changed: the hook refreshes what the site shows of it. */
    renewed: () => {},
    assignPackage: assign(({ context }, itemNo: string) =>
      itemNo === context.itemNo ? {} : { itemNo, idempotencyKey: null, refusal: null },
    ),
    assignSubmission: assign(({ context }, submit: SubmitEvent) => {
      const pkg = chosenPackage(context.packages, context.itemNo);
      return {
        // A retry of the same purchase keeps its key.
        idempotencyKey: context.idempotencyKey ?? submit.key,
        order: pkg ? renewOrderOf(pkg, submit.mobile) : null,
        refusal: null,
      };
    }),
    assignRefusal: assign({ refusal: (_, error: unknown) => messageOf(error, MEMBERSHIP_MESSAGES.qrFailed) }),
    assignPayment: assign({ payment: (_, answer: PrePayAnswer) => paymentOf(answer) }),
    forgetPurchase: assign({ idempotencyKey: null, payment: null }),
  },
}).createMachine({
  id: 'membershipRenewal',
  context: ({ input }) => ({
    packages: input.packages,
    itemNo: input.packages[0]?.ITEMNO ?? null,
    idempotencyKey: null,
    order: null,
    refusal: null,
    payment: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'package.choose': { actions: { type: 'assignPackage', params: ({ event }) => event.itemNo } },
        'order.submit': {
          target: 'creatingOrder',
          actions: { type: 'assignSubmission', params: ({ event }) => event },
        },
      },
    },
    creatingOrder: {
      tags: ['busy'],
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => ({
          order: context.order as RenewOrder,
          idempotencyKey: context.idempotencyKey as string,
        }),
        onDone: { target: 'paying', actions: { type: 'assignPayment', params: ({ event }) => event.output } },
        // 获取二维码失败 (or the server's reason): the button is pressable again (001 section 8).
        onError: {
          target: 'choosing',
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
          // Closed unpaid: back to the packages; the next 立即续费 is a new purchase.
          { target: 'choosing', actions: 'forgetPurchase' },
        ],
      },
    },
    paid: { type: 'final', entry: 'renewed' },
  },
});
