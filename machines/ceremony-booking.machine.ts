import type { CeremonyTypeDetail } from '@contract/ceremony';
import { CEREMONY_MESSAGES } from '@contract/ceremony';
import {
  CEREMONY_ENTRY_LIMIT,
  type CeremonyDraft,
  type CeremonyField,
  type CeremonyForm,
  type CeremonyOrderDraft,
  ceremonyOrderOf,
  judgeCeremonyForm,
  judgeCeremonyOrder,
} from '@contract/ceremony-form';
import type { MemorialEntry } from '@contract/memorial-entry';
import type { PrePayAnswer } from '@contract/payment';
import { assign, setup } from 'xstate';
import { memorialEntryMachine } from './memorial-entry.machine';
import { awaitLoginStandIn, messageOf, paymentOf, unprovided } from './ordering';
import { type PaymentInput, type PaymentOutput, paymentMachine } from './payment.machine';

/**
 * Booking a single-family ceremony (独姓佛事) on /ceremonyDetail: hint → order → reservation → deposit.
 *
 * | state                  | the believer sees                                                        |
 * | ---------------------- | ------------------------------------------------------------------------ |
 * | editing                | tablet type, tier with prices, the lunar calendar and its slots, 提交     |
 * | awaitingLogin          | the login dialog (您还未登录…); the booking continues after the login     |
 * | hint                   | 温馨提示: the 1000-yuan deposit online, the rest at the temple (确定/取消)  |
 * | ordering.confirming    | 订单确认: the choices, 缘由, the entries (the child `entries`), the        |
 * |                        | agreement, the amount; a rule's or the server's message                  |
 * | ordering.reserving     | 预约须知: the place is kept 7 days, come within 7 days (确定/取消)          |
 * | ordering.creatingOrder | the same dialog, 确定 pending (tag busy: the pending flag of 000 §4)       |
 * | paying                 | the QR dialog of the deposit (the invoked payment machine)               |
 * | paid (final)           | /success?no=…                                                            |
 *
 * `order.submit` is judged by the contract's form model: a field's message beside it (请确认选项,
 * 请选择时间), logged out (login, then on), else the hint. The memorial-entry editor in its
 * ceremony variant lives while the order and reservation dialogs are open: cancelling the order
 * dialog stops it, and the entries, the cause and the agreement go with it; cancelling the
 * reservation returns to the order dialog with all of them. A refused order (the slot sold out
 * meanwhile) is shown in the order dialog, and the calendar is asked again (`slotsChanged`).
 */
export interface CeremonyBookingInput {
  detail: CeremonyTypeDetail;
}

export interface CeremonyBookingContext extends CeremonyBookingInput {
  errors: Partial<Record<CeremonyField, string>>;
  draft: CeremonyDraft | null;
  mobile: string | null;
  idempotencyKey: string | null;
  entries: MemorialEntry[];
  agreed: boolean;
  cause: string;
  /** A rule's message (请添加明细信息…) or the server's refusal, shown in the order dialog. */
  orderError: string | null;
  order: CeremonyOrderDraft | null;
  payment: PaymentInput | null;
}

export type CeremonyBookingEvent =
  | { type: 'order.submit'; form: CeremonyForm; mobile: string | null; key: string }
  | { type: 'form.edit'; field: CeremonyField }
  | { type: 'hint.confirm' }
  | { type: 'hint.cancel' }
  | { type: 'agreement.set'; agreed: boolean }
  | { type: 'cause.change'; cause: string }
  | { type: 'order.confirm' }
  | { type: 'order.cancel' }
  | { type: 'reservation.confirm' }
  | { type: 'reservation.cancel' };

type SubmitEvent = Extract<CeremonyBookingEvent, { type: 'order.submit' }>;
export interface CreateCeremonyOrderInput {
  order: CeremonyOrderDraft;
  idempotencyKey: string;
}

const judge = (c: CeremonyBookingContext, e: SubmitEvent) => judgeCeremonyForm(c.detail, e.form);
const orderProblem = (c: CeremonyBookingContext) =>
  judgeCeremonyOrder({ entries: c.entries.length, agreed: c.agreed, cause: c.cause });
const refusalOf = (error: unknown) => messageOf(error, '预约失败，请稍后再试');
const cleared = () => ({
  entries: [] as MemorialEntry[],
  agreed: false,
  cause: '',
  orderError: null,
  order: null,
});

export const ceremonyBookingMachine = setup({
  types: {
    context: {} as CeremonyBookingContext,
    events: {} as CeremonyBookingEvent,
    input: {} as CeremonyBookingInput,
    children: {} as {
      createOrder: 'createOrder';
      awaitLogin: 'awaitLogin';
      entries: 'memorialEntry';
      payment: 'payment';
    },
    tags: {} as 'busy',
  },
  actors: {
    createOrder: unprovided<PrePayAnswer, CreateCeremonyOrderInput>('createOrder'),
    awaitLogin: awaitLoginStandIn,
    memorialEntry: memorialEntryMachine,
    payment: paymentMachine,
  },
  guards: {
    hasFormProblem: ({ context }, e: SubmitEvent) => judge(context, e).outcome === 'invalid',
    isLoggedOut: (_, e: SubmitEvent) => e.mobile === null,
    hasOrderProblem: ({ context }) => orderProblem(context) !== null,
    isPaid: (_, output: PaymentOutput) => output.paid,
  },
  actions: {
    goToSuccess: (_, _params: { outTradeNo: string }) => {},
    /** The sessions left may have changed (a refusal, an unpaid deposit): ask the calendar again. */
    slotsChanged: () => {},
    assignErrors: assign({
      errors: ({ context }, e: SubmitEvent) => {
        const judged = judge(context, e);
        return judged.outcome === 'invalid' ? judged.errors : {};
      },
    }),
    clearError: assign({
      errors: ({ context }, field: CeremonyField) => {
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
    assignCause: assign({ cause: (_, cause: string) => cause, orderError: null }),
    assignOrderProblem: assign({ orderError: ({ context }) => orderProblem(context) }),
    assignOrder: assign({
      orderError: null,
      order: ({ context }) =>
        ceremonyOrderOf(context.draft as CeremonyDraft, context.entries, {
          cause: context.cause,
          mobile: context.mobile ?? '',
        }),
    }),
    assignRefusal: assign({ orderError: (_, error: unknown) => refusalOf(error) }),
    clearOrder: assign(cleared),
    assignPayment: assign({ payment: (_, answer: PrePayAnswer) => paymentOf(answer) }),
  },
}).createMachine({
  id: 'ceremonyBooking',
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
            guard: { type: 'isLoggedOut', params: ({ event }) => event },
            target: 'awaitingLogin',
            actions: { type: 'assignSubmission', params: ({ event }) => event },
          },
          { target: 'hint', actions: { type: 'assignSubmission', params: ({ event }) => event } },
        ],
        'form.edit': { actions: { type: 'clearError', params: ({ event }) => event.field } },
      },
    },
    awaitingLogin: {
      invoke: {
        id: 'awaitLogin',
        src: 'awaitLogin',
        input: { notice: CEREMONY_MESSAGES.loginFirst },
        onDone: { target: 'hint', actions: { type: 'assignMobile', params: ({ event }) => event.output } },
        onError: 'editing',
      },
    },
    hint: { on: { 'hint.confirm': 'ordering', 'hint.cancel': 'editing' } },
    ordering: {
      // The editor lives as long as the order and reservation dialogs: cancelling stops it.
      invoke: {
        id: 'entries',
        src: 'memorialEntry',
        input: ({ context }) => ({
          options: { variant: 'ceremony' as const },
          tabletKind: context.detail.FS_TYPE === '1' ? ('往生' as const) : ('延生' as const),
          limit: CEREMONY_ENTRY_LIMIT,
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
            'cause.change': { actions: { type: 'assignCause', params: ({ event }) => event.cause } },
            'order.confirm': [
              { guard: 'hasOrderProblem', actions: 'assignOrderProblem' },
              { target: 'reserving', actions: 'assignOrder' },
            ],
            'order.cancel': { target: '#ceremonyBooking.editing', actions: 'clearOrder' },
          },
        },
        reserving: {
          on: { 'reservation.confirm': 'creatingOrder', 'reservation.cancel': 'confirming' },
        },
        creatingOrder: {
          tags: ['busy'],
          invoke: {
            id: 'createOrder',
            src: 'createOrder',
            input: ({ context }) => ({
              order: context.order as CeremonyOrderDraft,
              idempotencyKey: context.idempotencyKey as string,
            }),
            onDone: {
              target: '#ceremonyBooking.paying',
              actions: { type: 'assignPayment', params: ({ event }) => event.output },
            },
            onError: {
              target: 'confirming',
              actions: [
                {
                  type: 'assignRefusal',
                  params: ({ event }: { event: { error: unknown } }) => event.error,
                },
                'slotsChanged',
              ],
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
          // Closed without paying: the session stays held until the deposit's QR runs out.
          { target: 'editing', actions: ['clearOrder', 'slotsChanged'] },
        ],
      },
    },
    paid: {
      type: 'final',
      entry: {
        type: 'goToSuccess',
        params: ({ context }: { context: CeremonyBookingContext }) => ({
          outTradeNo: context.payment?.outTradeNo ?? '',
        }),
      },
    },
  },
});
