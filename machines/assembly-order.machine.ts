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
  judgeAssemblyForm,
} from '@contract/assembly-form';
import { type MemorialEntry, toJyEntry, toZzEntry } from '@contract/memorial-entry';
import type { PrePayAnswer } from '@contract/payment';
import { assign, setup } from 'xstate';
import { memorialEntryMachine, type TabletKind } from './memorial-entry.machine';
import { awaitLoginStandIn, messageOf, paymentOf, unprovided } from './ordering';
import { type PaymentInput, type PaymentOutput, paymentMachine } from './payment.machine';

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
 * | ordering.creatingOrder | the same dialog, 确认支付 pending (tag busy: the submit guard)           |
 * | paying                 | the QR dialog (the invoked payment machine)                             |
 * | reserved               | a water-land reservation: 系统将为您保留位置7天… (no QR); 确定 → the list  |
 * | paid (final)           | /success?no=…                                                           |
 * | left (final)           | back on /BusinessClass                                                  |
 *
 * `order.submit` is judged like the merit order: a form problem (beside its field), over the
 * online limit, logged out (login, then on), else the dialog. The memorial-entry editor is
 * invoked while the dialog is open, so cancelling stops it: the entries, the 往生/延生 type chosen
 * in it and the agreement are gone, as 000 section 4 asks. `order.confirm` judges the order-level
 * rules in their order (judgeAssemblyOrder); the idempotency key of the 提交 is sent with every
 * try. A refused order stays in the dialog with the server's message (000 section 8: no QR, the
 * button enabled again).
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
  payment: PaymentInput | null;
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
export interface CreateAssemblyOrderInput {
  order: AssemblyOrderRequest;
  idempotencyKey: string;
}

const judge = (c: AssemblyOrderContext, e: SubmitEvent) => judgeAssemblyForm(c, e.form);
const entryFacts = (c: AssemblyOrderContext) => ({
  quantity: c.draft?.QUANTITY ?? 1,
  newYearEve: c.hoe.NEW_YEAR_EVE,
  leaderTablet: c.hoe.LEADER_TABLET,
});
const entryLimit = (c: AssemblyOrderContext) => assemblyEntryLimit(entryFacts(c));
const orderProblem = (c: AssemblyOrderContext) =>
  judgeAssemblyOrder({ ...entryFacts(c), entries: c.entries.length, agreed: c.agreed });
const refusalOf = (error: unknown) => messageOf(error, '下单失败，请稍后再试');
const cleared = () => ({ entries: [] as MemorialEntry[], agreed: false, orderError: null, order: null });

export const assemblyOrderMachine = setup({
  types: {
    context: {} as AssemblyOrderContext,
    events: {} as AssemblyOrderEvent,
    input: {} as AssemblyInput,
    children: {} as {
      createOrder: 'createOrder';
      awaitLogin: 'awaitLogin';
      entries: 'memorialEntry';
      payment: 'payment';
    },
    tags: {} as 'busy',
  },
  actors: {
    createOrder: unprovided<PrePayAnswer, CreateAssemblyOrderInput>('createOrder'),
    awaitLogin: awaitLoginStandIn,
    memorialEntry: memorialEntryMachine,
    payment: paymentMachine,
  },
  guards: {
    hasFormProblem: ({ context }, e: SubmitEvent) => judge(context, e).outcome === 'invalid',
    isOverLimit: ({ context }, e: SubmitEvent) => judge(context, e).outcome === 'overLimit',
    isLoggedOut: (_, e: SubmitEvent) => e.mobile === null,
    hasOrderProblem: ({ context }) => orderProblem(context) !== null,
    isReservation: (_, answer: PrePayAnswer) => answer.code_img_url === '',
    isPaid: (_, output: PaymentOutput) => output.paid,
  },
  actions: {
    leaveToList: () => {},
    goToSuccess: (_, _params: { outTradeNo: string }) => {},
    assignErrors: assign({
      errors: ({ context }, e: SubmitEvent) => {
        const judged = judge(context, e);
        return judged.outcome === 'invalid' ? judged.errors : {};
      },
    }),
    clearError: assign({
      errors: ({ context }, field: AssemblyField) => {
        const { [field]: _, ...rest } = context.errors;
        return rest;
      },
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
    assignEntries: assign({ entries: (_, entries: MemorialEntry[]) => entries }),
    assignAgreed: assign({ agreed: (_, agreed: boolean) => agreed, orderError: null }),
    assignOrderProblem: assign({ orderError: ({ context }) => orderProblem(context) }),
    assignOrder: assign({
      orderError: null,
      order: ({ context }) => ({
        ...(context.draft as AssemblyDraft),
        jyList: context.entries.flatMap((e) => (e.type === '往生' ? [toJyEntry(e.form, 'assembly')] : [])),
        zzList: context.entries.flatMap((e) => (e.type === '延生' ? [toZzEntry(e.form, 'assembly')] : [])),
        MOBILE: context.mobile ?? '',
      }),
    }),
    assignRefusal: assign({ orderError: (_, error: unknown) => refusalOf(error) }),
    clearOrder: assign(cleared),
    assignPayment: assign({ payment: (_, answer: PrePayAnswer) => paymentOf(answer) }),
  },
}).createMachine({
  id: 'assemblyOrder',
  context: ({ input }) => ({
    ...input,
    errors: {},
    draft: null,
    mobile: null,
    idempotencyKey: null,
    payment: null,
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
        input: ({ context }) => ({
          options: {
            variant: 'assembly' as const,
            blessingNameLength: context.hoe.WISDOM ? (4 as const) : (6 as const),
            sevenGenerations: context.hoe.SEVEN_GENERATIONS,
          },
          tabletKind: (context.draft?.HOE_TYPE ?? '往生') as TabletKind,
          limit: entryLimit(context),
        }),
        onSnapshot: {
          // `?.`: a stand-in child (a test's) may have no context.
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
              { target: 'creatingOrder', actions: 'assignOrder' },
            ],
            'order.cancel': { target: '#assemblyOrder.editing', actions: 'clearOrder' },
          },
        },
        creatingOrder: {
          tags: ['busy'],
          invoke: {
            id: 'createOrder',
            src: 'createOrder',
            input: ({ context }) => ({
              order: context.order as AssemblyOrderRequest,
              idempotencyKey: context.idempotencyKey as string,
            }),
            onDone: [
              {
                guard: { type: 'isReservation', params: ({ event }) => event.output },
                target: '#assemblyOrder.reserved',
                actions: { type: 'assignPayment', params: ({ event }) => event.output },
              },
              {
                target: '#assemblyOrder.paying',
                actions: { type: 'assignPayment', params: ({ event }) => event.output },
              },
            ],
            onError: {
              target: 'confirming',
              actions: {
                type: 'assignRefusal',
                params: ({ event }: { event: { error: unknown } }) => event.error,
              },
            },
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
          { target: 'editing', actions: 'clearOrder' },
        ],
      },
    },
    reserved: { on: { 'reservation.close': { target: 'left', actions: 'leaveToList' } } },
    paid: {
      type: 'final',
      entry: {
        type: 'goToSuccess',
        params: ({ context }: { context: AssemblyOrderContext }) => ({
          outTradeNo: context.payment?.outTradeNo ?? '',
        }),
      },
    },
    left: { type: 'final' },
  },
});
