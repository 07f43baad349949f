import { fieldMessages } from '@contract/envelope';
import {
  MEMBERSHIP_MESSAGES,
  type MemberLookupAnswer,
  type MembershipPackage,
  memberLookupRequest,
} from '@contract/membership';
import { assign, setup } from 'xstate';
import type { CheckoutOutput } from './checkout.machine';
import { messageOf, unprovided } from './effects';
import { chosenPackage, packageChoice, type RenewOrder, renewOrderOf } from './membership-renewal.machine';
import { withoutField } from './ordering';
import { type FlowContext, flowContext, orderingFlow } from './ordering-flow';
import type { PayingDevice } from './payment.machine';

/**
 * Renewing another member's membership (代人续费, /GenerationRenewal, spec 001 sections 2, 4, 5, 8):
 * the member looked up, then the ordering flow (ordering-flow.ts) with no login and no dialog.
 *
 * | state                | the believer sees                                                        |
 * | -------------------- | ------------------------------------------------------------------------ |
 * | lookup               | step 0: 会员编号 and 会员姓名, 查找; each problem under its field; a failed  |
 * |                      | lookup's message (查找失败, 查找过于频繁…, 查找结果已失效…) above the button |
 * | lookingUp            | the same, 查找 pending (tag busy)                                         |
 * | editing              | step 1: the member (masked name, status, end date), 与会员的关系, the      |
 * |                      | packages, the end date the purchase gives, 确认续费; a refusal; 重新查找   |
 * | ordering.checkingOut | the checkout: the same, 确认续费 pending, then the QR dialog                |
 * | paid (final)         | step 2: 支付成功, the member's new end date, 返回首页                       |
 * | redirected           | (final) the code and name were the believer's own: on to /Renewals        |
 *
 * `query` holds the lookup form's code and name as typed (`lookup.edit`; trimmed on 查找), so
 * a reload restores them. The lookup's form is judged with the contract's `memberLookupRequest`. A lookup token that ran
 * out before the order (30 minutes) sends the believer back to the lookup with 查找结果已失效, the
 * code and name still filled in (`query`).
 * Tries of one purchase (refused, failed, or its QR closed unpaid) send the shared checkout the
 * same idempotency key, so an unpaid order is resumed with its QR; another member, relation or
 * package starts a new purchase.
 */
export type LookupField = 'hyCode' | 'name';
export type LookupErrors = Partial<Record<LookupField, string>>;

export interface ProxyOrder extends RenewOrder {
  /** The lookup's token naming the member (never the member's id). */
  TARGET_ID: string;
  /** An ITEMNO of WFS.HY.RELATION. */
  RELATION: string;
}

export interface ProxyRenewalContext extends FlowContext {
  packages: readonly MembershipPackage[];
  lookupErrors: LookupErrors;
  lookupFailure: string | null;
  query: { hyCode: string; name: string } | null;
  member: MemberLookupAnswer | null;
  relation: string | null;
  relationError: string | null;
  itemNo: string | null;
}

export type ProxyRenewalSubmit = { type: 'order.submit'; mobile: string; key: string; device: PayingDevice };
export type ProxyRenewalEvent =
  | ProxyRenewalSubmit
  | { type: 'lookup.submit'; hyCode: string; name: string }
  | { type: 'lookup.edit'; field: LookupField; value: string }
  | { type: 'lookup.restart' }
  | { type: 'relation.choose'; relation: string }
  | { type: 'package.choose'; itemNo: string };

type LookupEvent = Extract<ProxyRenewalEvent, { type: 'lookup.submit' }>;
type LookupEditEvent = Extract<ProxyRenewalEvent, { type: 'lookup.edit' }>;

const judgeLookup = ({ hyCode, name }: LookupEvent): LookupErrors =>
  fieldMessages(memberLookupRequest, { hyCode, name }) as LookupErrors;

/** The proxy order of the chosen package, member and relation. */
export const proxyOrderOf = (c: ProxyRenewalContext, mobile: string): ProxyOrder | null => {
  const pkg = chosenPackage(c.packages, c.itemNo);
  return pkg && c.member && c.relation
    ? { ...renewOrderOf(pkg, mobile), TARGET_ID: c.member.ID, RELATION: c.relation }
    : null;
};

const flow = orderingFlow<ProxyRenewalContext, ProxyRenewalSubmit, ProxyRenewalEvent>({
  id: 'proxyRenewal',
  judge: (c) => (c.relation === null ? 'invalid' : 'valid'),
  problem: () => ({ relationError: MEMBERSHIP_MESSAGES.relation }),
  order: (c) => proxyOrderOf(c, c.mobile ?? ''),
  // 获取二维码失败 (or the server's reason), or the QR closed unpaid: back on the member's page,
  // 确认续费 pressable again and opening the same order.
  closedTo: 'editing',
  retryKeepsKey: true,
  // The lookup's token ran out (30 minutes): look the member up again.
  restart: { when: (output) => output.message === MEMBERSHIP_MESSAGES.targetExpired, to: 'lookup' },
});

export const proxyRenewalMachine = setup({
  types: {
    ...flow.types<{ packages: readonly MembershipPackage[] }, { lookupMember: 'lookupMember' }>(),
    tags: {} as 'busy',
  },
  actors: {
    ...flow.actors,
    lookupMember: unprovided<MemberLookupAnswer, { hyCode: string; name: string }>('lookupMember'),
  },
  guards: {
    ...flow.guards,
    hasLookupProblem: (_, lookup: LookupEvent) => Object.keys(judgeLookup(lookup)).length > 0,
    isSelf: (_, answer: MemberLookupAnswer) => answer.SELF,
  },
  actions: {
    ...flow.actions,
    goToRenewals: () => {},
    assignLookupErrors: assign({ lookupErrors: (_, lookup: LookupEvent) => judgeLookup(lookup) }),
    assignQuery: assign((_, { hyCode, name }: LookupEvent) => ({
      query: { hyCode: hyCode.trim(), name: name.trim() },
      lookupErrors: {},
      lookupFailure: null,
    })),
    /** A lookup field changed: kept in `query` as typed (a reload restores it), its message gone. */
    keepLookupEdit: assign(({ context }, { field, value }: LookupEditEvent) => ({
      query: { ...(context.query ?? { hyCode: '', name: '' }), [field]: value },
      lookupErrors: withoutField(context.lookupErrors, field),
    })),
    assignLookupFailure: assign({ lookupFailure: (_, message: string) => message }),
    assignMember: assign((_, member: MemberLookupAnswer) => ({
      member,
      relation: null,
      relationError: null,
      idempotencyKey: null,
      orderError: null,
    })),
    forgetMember: assign({ member: null, lookupFailure: null, idempotencyKey: null, orderError: null }),
    forgetQuery: assign({ query: null }),
    /** The token ran out: the member forgotten, the lookup says why. */
    restarted: assign((_, output: CheckoutOutput) => ({
      member: null,
      idempotencyKey: null,
      orderError: null,
      lookupFailure: output.message ?? '',
    })),
    assignRelation: assign(({ context }, relation: string) =>
      relation === context.relation ? {} : { relation, relationError: null, idempotencyKey: null },
    ),
    ...packageChoice.actions,
  },
}).createMachine({
  context: ({ input }) => ({
    ...flowContext(),
    packages: input.packages,
    lookupErrors: {},
    lookupFailure: null,
    query: null,
    member: null,
    relation: null,
    relationError: null,
    itemNo: input.packages[0]?.ITEMNO ?? null,
  }),
  // The member, relation and package are not changed while the order is made or its QR shows.
  ...flow.config(
    {
      states: {
        lookup: {
          on: {
            'lookup.submit': [
              {
                guard: { type: 'hasLookupProblem', params: ({ event }) => event },
                actions: { type: 'assignLookupErrors', params: ({ event }) => event },
              },
              {
                target: 'lookingUp',
                actions: { type: 'assignQuery', params: ({ event }) => event },
              },
            ],
            'lookup.edit': {
              actions: { type: 'keepLookupEdit', params: ({ event }) => event },
            },
          },
        },
        lookingUp: {
          tags: ['busy'],
          invoke: {
            id: 'lookupMember',
            src: 'lookupMember',
            input: ({ context }: { context: ProxyRenewalContext }) =>
              context.query ?? { hyCode: '', name: '' },
            onDone: [
              // The believer's own code and name: renewing one's own is /Renewals (001 section 2).
              {
                guard: {
                  type: 'isSelf',
                  params: ({ event }: { event: { output: MemberLookupAnswer } }) => event.output,
                },
                target: 'redirected',
              },
              {
                target: 'editing',
                actions: {
                  type: 'assignMember',
                  params: ({ event }: { event: { output: MemberLookupAnswer } }) => event.output,
                },
              },
            ],
            // 查找失败, or 查找过于频繁，请稍后再试 when rate-limited (the server's words).
            onError: {
              target: 'lookup',
              actions: {
                type: 'assignLookupFailure',
                params: ({ event }: { event: { error: unknown } }) =>
                  messageOf(event.error, MEMBERSHIP_MESSAGES.lookupFailed),
              },
            },
          },
        },
        redirected: { type: 'final', entry: 'goToRenewals' },
      },
      editing: {
        on: {
          'relation.choose': {
            actions: {
              type: 'assignRelation',
              params: ({ event }) => event.relation,
            },
          },
          ...packageChoice.on,
          // 重新查找: another member, so the form starts empty.
          'lookup.restart': { target: 'lookup', actions: ['forgetMember', 'forgetQuery'] },
        },
      },
    },
    'lookup',
  ),
});
