import { MEMBERSHIP_RULES, type MembershipPackage, packageTerms } from '@contract/membership';
import { setup } from 'xstate';
import { type FlowContext, flowContext, orderingFlow, update } from './ordering-flow';
import type { PayingDevice } from './payment.machine';

/**
 * Renewing one's own membership (会员续费, /Renewals, spec 001 sections 2, 4, 8): two steps,
 * 年限选择 and 支付, then the success: the ordering flow (ordering-flow.ts) with no login and no
 * order dialog.
 *
 * | state                | the believer sees                                                            |
 * | -------------------- | ---------------------------------------------------------------------------- |
 * | editing              | step 年限选择: the packages (the first chosen), the end date the purchase     |
 * |                      | gives, 立即续费; a failed order's message above the button (获取二维码失败…)  |
 * | ordering.checkingOut | the checkout: the same, 立即续费 pending, then step 支付 (the QR dialog)       |
 * | paid (final)         | 支付成功: the new end date, 返回首页 and 个人中心                                |
 *
 * A believer who is not a member yet never sees this machine: the page points to /joinMember.
 * Tries of one purchase (the same package: refused, failed, or its QR closed unpaid) send the
 * same idempotency key to the shared checkout, so a lost answer cannot make a second order and
 * an unpaid one is resumed (its QR again); choosing another package starts a new purchase.
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

export interface MembershipRenewalContext extends FlowContext {
  packages: readonly MembershipPackage[];
  /** The chosen package's ITEMNO (the first package to begin with). */
  itemNo: string | null;
}

export type MembershipRenewalSubmit = {
  type: 'order.submit';
  mobile: string;
  key: string;
  device: PayingDevice;
};
export type MembershipRenewalEvent = MembershipRenewalSubmit | { type: 'package.choose'; itemNo: string };

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

const flow = orderingFlow<MembershipRenewalContext, MembershipRenewalSubmit, MembershipRenewalEvent>({
  id: 'membershipRenewal',
  order: (c) => {
    const pkg = chosenPackage(c.packages, c.itemNo);
    return pkg ? renewOrderOf(pkg, c.mobile ?? '') : null;
  },
  // 获取二维码失败 (or the server's reason): the button is pressable again (001 section 8); the QR
  // closed unpaid: back to the packages, 立即续费 opens the same order again.
  closedTo: 'editing',
  retryKeepsKey: true,
});

/**
 * Choosing a package on a renewal's page (one's own, or another member's): another package is
 * another purchase, so the next press brings a new key and the last refusal's words go.
 */
export const packageChoice = {
  actions: {
    assignPackage: update<{ itemNo: string | null } & FlowContext, string>(({ context }, itemNo) =>
      itemNo === context.itemNo ? {} : { itemNo, idempotencyKey: null, orderError: null },
    ),
  },
  on: {
    'package.choose': {
      actions: { type: 'assignPackage', params: ({ event }: { event: { itemNo: string } }) => event.itemNo },
    },
  },
};

export const membershipRenewalMachine = setup({
  types: flow.types<{ packages: readonly MembershipPackage[] }>(),
  ...flow.with(),
  actions: {
    ...flow.actions,
    /** The membership changed: the hook refreshes what the site shows of it. */
    renewed: () => {},
    ...packageChoice.actions,
  },
}).createMachine({
  context: ({ input }) => ({
    ...flowContext(),
    packages: input.packages,
    itemNo: input.packages[0]?.ITEMNO ?? null,
  }),
  // Packages are not changed while the order is made or its QR shows.
  ...flow.config({
    editing: {
      on: {
        ...packageChoice.on,
      },
    },
    paid: { entry: 'renewed' },
  }),
});
