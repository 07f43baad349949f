import {
  ASSEMBLY_MESSAGES,
  type AssemblyOrderRequest,
  assemblyEntryLimit,
  judgeAssemblyOrder,
} from '@contract/assembly';
import {
  type AssemblyDraft,
  type AssemblyField,
  type AssemblyForm,
  type AssemblyInput,
  assemblyOrderOf,
  judgeAssemblyForm,
} from '@contract/assembly-form';
import type { MemorialEntry } from '@contract/memorial-entry';
import { assign, setup } from 'xstate';
import { type CheckoutOutput, checkoutMachine, outcomeIs } from './checkout.machine';
import { memorialEntryMachine, type TabletKind } from './memorial-entry.machine';
import { awaitLoginStandIn, fieldErrorsOf, rejudged, withoutField } from './ordering';

/**
 * Registering for a Dharma assembly (法会报名) on its detail page.
 *
 * | state                  | the believer sees                                                       |
 * | ---------------------- | ----------------------------------------------------------------------- |
 * | editing                | FH, PW, merit amount, quantity, merit items, total, 提交; errors beside   |
 * | overLimit              | 功德金超过10000，请前往寺庙办理 (确定 → /BusinessClass, 取消 stays)         |
 * | awaitingLogin          | the login dialog (请先登录…); the submission continues after the login   |
 * | ordering.confirming    | 订单确认: the choices, the entries (the child `entries`), the preview, the |
 * |                        | agreement, the amount; a rule's or the server's message (role=alert)    |
 * | ordering.checkingOut   | the invoked checkout: the dialog, 确认支付 pending, then the QR dialog   |
 * | reserved               | a water-land reservation: 系统将为您保留位置7天… (no QR); 确定 → the list  |
 * | paid (final)           | /success?no=…                                                           |
 * | left (final)           | back on /BusinessClass                                                  |
 *
 * `order.submit`: a form problem (beside its field), over the online limit, logged out (login,
 * then on), else the dialog, whose editor a cancel stops (entries, type, agreement gone: 000 §4).
 * `order.confirm` judges the order-level rules (judgeAssemblyOrder), then the shared checkout makes
 * or resumes the order with the 提交's key. A rule's message is judged again as entries are added
 * or deleted (数量为2…（已添加1条） goes with the second entry). A refusal stays in the dialog
 * (000 §8); a QR closed unpaid comes back to it with its entries, and 确认支付 opens the same
 * order's QR again.
 */
export interface AssemblyOrderContext extends AssemblyInput {
  errors: Partial<Record<AssemblyField, string>>;
  draft: AssemblyDraft | null;
  mobile: string | null;
  entries: MemorialEntry[];
  agreed: boolean;
  idempotencyKey: string | null;
  /** A rule's message (请添加明细信息…) or the server's refusal, shown in the dialog. */
  orderError: string | null;
  order: AssemblyOrderRequest | null;
}

export type AssemblyOrderEvent =
  | { type: 'order.submit'; form: AssemblyForm; mobile: string | null; key: string }
  | { type: 'form.edit'; field: AssemblyField }
  | { type: 'overLimit.confirm' }
  | { type: 'overLimit.cancel' }
  | { type: 'agreement.set'; agreed: boolean }
  | { type: 'order.confirm' }
  | { type: 'order.cancel' }
  | { type: 'reservation.close' };

type SubmitEvent = Extract<AssemblyOrderEvent, { type: 'order.submit' }>;
const judge = (c: AssemblyOrderContext, e: SubmitEvent) => judgeAssemblyForm(c, e.form);
const entryFacts = (c: AssemblyOrderContext) => ({
  quantity: c.draft?.QUANTITY ?? 1,
  newYearEve: c.hoe.NEW_YEAR_EVE,
  leaderTablet: c.hoe.LEADER_TABLET,
});
const orderProblem = (c: AssemblyOrderContext) =>
  judgeAssemblyOrder({ ...entryFacts(c), entries: c.entries.length, agreed: c.agreed });
const cleared = () => ({ entries: [] as MemorialEntry[], agreed: false, orderError: null, order: null });
/** The editor of the dialog: the assembly's entry rules and limit, the type chosen on the page. */
const editorInput = (c: AssemblyOrderContext) => ({
  options: {
    variant: 'assembly' as const,
    blessingNameLength: c.hoe.WISDOM ? (4 as const) : (6 as const),
    sevenGenerations: c.hoe.SEVEN_GENERATIONS,
  },
  tabletKind: (c.draft?.HOE_TYPE ?? '往生') as TabletKind,
  limit: assemblyEntryLimit(entryFacts(c)),
});

export const assemblyOrderMachine = setup({
  types: {
    context: {} as AssemblyOrderContext,
    events: {} as AssemblyOrderEvent,
    input: {} as AssemblyInput,
    children: {} as { awaitLogin: 'awaitLogin'; entries: 'memorialEntry'; checkout: 'checkout' },
  },
  actors: {
    awaitLogin: awaitLoginStandIn,
    memorialEntry: memorialEntryMachine,
    checkout: checkoutMachine,
  },
  guards: {
    hasFormProblem: ({ context }, e: SubmitEvent) => judge(context, e).outcome === 'invalid',
    isOverLimit: ({ context }, e: SubmitEvent) => judge(context, e).outcome === 'overLimit',
    isLoggedOut: (_, e: SubmitEvent) => e.mobile === null,
    hasOrderProblem: ({ context }) => orderProblem(context) !== null,
    isPaid: outcomeIs('paid'),
    isReserved: outcomeIs('reserved'),
    isRefused: outcomeIs('refused'),
  },
  actions: {
    leaveToList: () => {},
    goToSuccess: (_, _params: { outTradeNo: string }) => {},
    assignErrors: assign({ errors: ({ context }, e: SubmitEvent) => fieldErrorsOf(judge(context, e)) }),
    clearError: assign({
      errors: ({ context }, field: AssemblyField) => withoutField(context.errors, field),
    }),
    assignSubmission: assign(({ context }, e: SubmitEvent) => {
      const judged = judge(context, e);
      return {
        errors: {},
        draft: judged.outcome === 'valid' ? judged.draft : null,
        mobile: e.mobile,
        idempotencyKey: e.key,
        ...cleared(),
      };
    }),
    assignMobile: assign({ mobile: (_, mobile: string) => mobile }),
    assignEntries: assign(({ context }, entries: MemorialEntry[]) => ({
      entries,
      orderError: rejudged(context.orderError, orderProblem(context), orderProblem({ ...context, entries })),
    })),
    assignAgreed: assign({ agreed: (_, agreed: boolean) => agreed, orderError: null }),
    assignOrderProblem: assign({ orderError: ({ context }) => orderProblem(context) }),
    assignOrder: assign({
      orderError: null,
      order: ({ context }) =>
        assemblyOrderOf(context.draft as AssemblyDraft, context.entries, context.mobile ?? ''),
    }),
    assignRefusal: assign({ orderError: (_, output: CheckoutOutput) => output.message }),
    clearOrder: assign(cleared),
  },
}).createMachine({
  id: 'assemblyOrder',
  context: ({ input }) => ({
    ...input,
    errors: {},
    draft: null,
    mobile: null,
    idempotencyKey: null,
    ...cleared(),
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
          { target: 'ordering', actions: { type: 'assignSubmission', params: ({ event }) => event } },
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
        input: { notice: ASSEMBLY_MESSAGES.loginFirst },
        onDone: {
          target: 'ordering',
          actions: { type: 'assignMobile', params: ({ event }) => event.output },
        },
        onError: 'editing',
      },
    },
    ordering: {
      // The editor lives as long as the dialog: cancelling stops it, and its entries with it.
      invoke: {
        id: 'entries',
        src: 'memorialEntry',
        input: ({ context }) => editorInput(context),
        // `?.`: a stand-in child (a test's) may have no context.
        onSnapshot: {
          actions: { type: 'assignEntries', params: ({ event }) => event.snapshot.context?.entries ?? [] },
        },
      },
      initial: 'confirming',
      states: {
        confirming: {
          on: {
            'agreement.set': { actions: { type: 'assignAgreed', params: ({ event }) => event.agreed } },
            'order.confirm': [
              { guard: 'hasOrderProblem', actions: 'assignOrderProblem' },
              { target: 'checkingOut', actions: 'assignOrder' },
            ],
            'order.cancel': { target: '#assemblyOrder.editing', actions: 'clearOrder' },
          },
        },
        checkingOut: {
          invoke: {
            id: 'checkout',
            src: 'checkout',
            input: ({ context }) => ({
              order: context.order,
              idempotencyKey: context.idempotencyKey as string,
            }),
            onDone: [
              {
                guard: { type: 'isPaid', params: ({ event }) => event.output },
                target: '#assemblyOrder.paid',
                actions: {
                  type: 'goToSuccess',
                  params: ({ event }) => ({
                    outTradeNo: 'outTradeNo' in event.output ? event.output.outTradeNo : '',
                  }),
                },
              },
              {
                guard: { type: 'isReserved', params: ({ event }) => event.output },
                target: '#assemblyOrder.reserved',
              },
              {
                guard: { type: 'isRefused', params: ({ event }) => event.output },
                target: 'confirming',
                actions: { type: 'assignRefusal', params: ({ event }) => event.output },
              },
              // Closed unpaid: back in the dialog with the entries; the order is kept for its hold.
              { target: 'confirming' },
            ],
          },
        },
      },
    },
    reserved: { on: { 'reservation.close': { target: 'left', actions: 'leaveToList' } } },
    paid: { type: 'final' },
    left: { type: 'final' },
  },
});
