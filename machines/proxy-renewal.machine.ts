import { fieldMessages } from '@contract/envelope';
import {
  MEMBERSHIP_MESSAGES,
  type MemberLookupAnswer,
  type MembershipPackage,
  memberLookupRequest,
} from '@contract/membership';
import type { PrePayAnswer } from '@contract/payment';
import { assign, setup } from 'xstate';
import { chosenPackage, type RenewOrder, renewOrderOf } from './membership-renewal.machine';
import { messageOf, paymentOf, unprovided } from './ordering';
import { type PaymentInput, type PaymentOutput, paymentMachine } from './payment.machine';

/**
 * Renewing another member's membership (代人续费, /GenerationRenewal, spec 001 sections 2, 4, 5, 8).
 *
 * | state          | the believer sees                                                            |
 * | -------------- | ---------------------------------------------------------------------------- |
 * | editing        | step 0: 会员编号 and 会员姓名, 查找; each problem under its field; a failed      |
 * |                | lookup's message (查找失败, 查找过于频繁…, 查找结果已失效…) above the button     |
 * | lookingUp      | the same, 查找 pending (tag busy)                                             |
 * | confirming     | step 1: the member (masked name, status, end date), 与会员的关系, the packages, |
 * |                | the end date the purchase gives, 确认续费; a refusal above it; 重新查找         |
 * | creatingOrder  | the same, 确认续费 pending (tag busy)                                          |
 * | paying         | the QR dialog (the invoked payment machine)                                  |
 * | paid (final)   | step 2: 支付成功, the member's new end date, 返回首页                           |
 * | redirected     | (final) the code and name were the believer's own: on to /Renewals            |
 *
 * `query` holds the lookup form's code and name as typed (`lookup.edit`; trimmed on 查找), so
 * a reload restores them. The lookup's form is judged with the contract's `memberLookupRequest`. A lookup token that ran
 * out before the order (30 minutes) sends the believer back to the lookup with 查找结果已失效, the
 * code and name still filled in (`query`).
 * Tries of one purchase share an idempotency key; another relation, another package, or an
 * unpaid QR closed start a new purchase.
 */
export type LookupField = 'hyCode' | 'name';
export type LookupErrors = Partial<Record<LookupField, string>>;

export interface ProxyOrder extends RenewOrder {
  /** The lookup's token naming the member (never the member's id). */
  TARGET_ID: string;
  /** An ITEMNO of WFS.HY.RELATION. */
  RELATION: string;
}

export interface ProxyRenewalContext {
  packages: readonly MembershipPackage[];
  lookupErrors: LookupErrors;
  lookupFailure: string | null;
  query: { hyCode: string; name: string } | null;
  member: MemberLookupAnswer | null;
  relation: string | null;
  relationError: string | null;
  itemNo: string | null;
  idempotencyKey: string | null;
  order: ProxyOrder | null;
  refusal: string | null;
  payment: PaymentInput | null;
}

export type ProxyRenewalEvent =
  | { type: 'lookup.submit'; hyCode: string; name: string }
  | { type: 'lookup.edit'; field: LookupField; value: string }
  | { type: 'lookup.restart' }
  | { type: 'relation.choose'; relation: string }
  | { type: 'package.choose'; itemNo: string }
  | { type: 'order.submit'; mobile: string; key: string };

type LookupEvent = Extract<ProxyRenewalEvent, { type: 'lookup.submit' }>;
type LookupEditEvent = Extract<ProxyRenewalEvent, { type: 'lookup.edit' }>;
type SubmitEvent = Extract<ProxyRenewalEvent, { type: 'order.submit' }>;

export interface CreateProxyOrderInput {
  order: ProxyOrder;
  idempotencyKey: string;
}

const judgeLookup = ({ hyCode, name }: LookupEvent): LookupErrors =>
  fieldMessages(memberLookupRequest, { hyCode, name }) as LookupErrors;

export const proxyRenewalMachine = setup({
  types: {
    context: {} as ProxyRenewalContext,
    events: {} as ProxyRenewalEvent,
    input: {} as { packages: readonly MembershipPackage[] },
    children: {} as { lookupMember: 'lookupMember'; createOrder: 'createOrder'; payment: 'payment' },
    tags: {} as 'busy',
  },
  actors: {
    lookupMember: unprovided<MemberLookupAnswer, { hyCode: string; name: string }>('lookupMember'),
    createOrder: unprovided<PrePayAnswer, CreateProxyOrderInput>('createOrder'),
    payment: paymentMachine,
  },
  guards: {
    hasLookupProblem: (_, lookup: LookupEvent) => Object.keys(judgeLookup(lookup)).length > 0,
    isSelf: (_, answer: MemberLookupAnswer) => answer.SELF,
    hasNoRelation: ({ context }) => context.relation === null,
    isTargetExpired: (_, error: unknown) => messageOf(error, '') === MEMBERSHIP_MESSAGES.targetExpired,
    isPaid: (_, output: PaymentOutput) => output.paid,
  },
  actions: {
    goToRenewals: () => {},
    assignLookupErrors: assign({ lookupErrors: (_, lookup: LookupEvent) => judgeLookup(lookup) }),
    assignQuery: assign((_, { hyCode, name }: LookupEvent) => ({
      query: { hyCode: hyCode.trim(), name: name.trim() },
      lookupErrors: {},
      lookupFailure: null,
    })),
    /** A lookup field changed: kept in `query` as typed (a reload restores it), its message gone. */
    keepLookupEdit: assign(({ context }, { field, value }: LookupEditEvent) => {
      const { [field]: _, ...rest } = context.lookupErrors;
      return {
        query: { ...(context.query ?? { hyCode: '', name: '' }), [field]: value },
        lookupErrors: rest,
      };
    }),
    assignLookupFailure: assign({
      lookupFailure: (_, error: unknown) => messageOf(error, MEMBERSHIP_MESSAGES.lookupFailed),
    }),
    assignMember: assign((_, member: MemberLookupAnswer) => ({
      member,
      relation: null,
      relationError: null,
      idempotencyKey: null,
      refusal: null,
    })),
    forgetMember: assign({ member: null, lookupFailure: null, idempotencyKey: null, refusal: null }),
    forgetQuery: assign({ query: null }),
    assignRelation: assign(({ context }, relation: string) =>
      relation === context.relation ? {} : { relation, relationError: null, idempotencyKey: null },
    ),
    assignRelationError: assign({ relationError: MEMBERSHIP_MESSAGES.relation }),
    assignPackage: assign(({ context }, itemNo: string) =>
      itemNo === context.itemNo ? {} : { itemNo, idempotencyKey: null, refusal: null },
    ),
    assignSubmission: assign(({ context }, submit: SubmitEvent) => {
      const pkg = chosenPackage(context.packages, context.itemNo);
      return {
        idempotencyKey: context.idempotencyKey ?? submit.key,
        order:
          pkg && context.member && context.relation
            ? {
                ...renewOrderOf(pkg, submit.mobile),
                TARGET_ID: context.member.ID,
                RELATION: context.relation,
              }
            : null,
        refusal: null,
      };
    }),
    assignRefusal: assign({ refusal: (_, error: unknown) => messageOf(error, MEMBERSHIP_MESSAGES.qrFailed) }),
    assignPayment: assign({ payment: (_, answer: PrePayAnswer) => paymentOf(answer) }),
    forgetPurchase: assign({ idempotencyKey: null, payment: null }),
  },
}).createMachine({
  id: 'proxyRenewal',
  context: ({ input }) => ({
    packages: input.packages,
    lookupErrors: {},
    lookupFailure: null,
    query: null,
    member: null,
    relation: null,
    relationError: null,
    itemNo: input.packages[0]?.ITEMNO ?? null,
    idempotencyKey: null,
    order: null,
    refusal: null,
    payment: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'lookup.submit': [
          {
            guard: { type: 'hasLookupProblem', params: ({ event }) => event },
            actions: { type: 'assignLookupErrors', params: ({ event }) => event },
          },
          { target: 'lookingUp', actions: { type: 'assignQuery', params: ({ event }) => event } },
        ],
        'lookup.edit': { actions: { type: 'keepLookupEdit', params: ({ event }) => event } },
      },
    },
    lookingUp: {
      tags: ['busy'],
      invoke: {
        id: 'lookupMember',
        src: 'lookupMember',
        input: ({ context }) => context.query ?? { hyCode: '', name: '' },
        onDone: [
          // The believer's own code and name: renewing one's own is /Renewals (001 section 2).
          { guard: { type: 'isSelf', params: ({ event }) => event.output }, target: 'redirected' },
          { target: 'confirming', actions: { type: 'assignMember', params: ({ event }) => event.output } },
        ],
        // 查找失败, or 查找过于频繁，请稍后再试 when rate-limited (the server's words).
        onError: {
          target: 'editing',
          actions: {
            type: 'assignLookupFailure',
            params: ({ event }: { event: { error: unknown } }) => event.error,
          },
        },
      },
    },
    confirming: {
      on: {
        'relation.choose': { actions: { type: 'assignRelation', params: ({ event }) => event.relation } },
        'package.choose': { actions: { type: 'assignPackage', params: ({ event }) => event.itemNo } },
        'order.submit': [
          { guard: 'hasNoRelation', actions: 'assignRelationError' },
          { target: 'creatingOrder', actions: { type: 'assignSubmission', params: ({ event }) => event } },
        ],
        // 重新查找: another member, so the form starts empty.
        'lookup.restart': { target: 'editing', actions: ['forgetMember', 'forgetQuery'] },
      },
    },
    creatingOrder: {
      tags: ['busy'],
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => ({
          order: context.order as ProxyOrder,
          idempotencyKey: context.idempotencyKey as string,
        }),
        onDone: { target: 'paying', actions: { type: 'assignPayment', params: ({ event }) => event.output } },
        onError: [
          // The lookup's token ran out (30 minutes): look the member up again.
          {
            guard: {
              type: 'isTargetExpired',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'editing',
            actions: [
              'forgetMember',
              {
                type: 'assignLookupFailure',
                params: ({ event }: { event: { error: unknown } }) => event.error,
              },
            ],
          },
          // 获取二维码失败 (or the server's reason): 确认续费 is pressable again (001 section 8).
          {
            target: 'confirming',
            actions: {
              type: 'assignRefusal',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
          },
        ],
      },
    },
    paying: {
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }) => context.payment as PaymentInput,
        onDone: [
          { guard: { type: 'isPaid', params: ({ event }) => event.output }, target: 'paid' },
          { target: 'confirming', actions: 'forgetPurchase' },
        ],
      },
    },
    paid: { type: 'final' },
    redirected: { type: 'final', entry: 'goToRenewals' },
  },
});
