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
import { assign, setup } from 'xstate';
import { type CheckoutOutput, checkoutMachine, outcomeIs } from './checkout.machine';
import { memorialEntryMachine } from './memorial-entry.machine';
import { awaitLoginStandIn, fieldErrorsOf, rejudged, withoutField } from './ordering';

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
 * | ordering.checkingOut   | the invoked checkout: 预约须知, 确定 pending (000 §4's pending flag), then |
 * |                        | the deposit's QR dialog                                                  |
 * | paid (final)           | /success?no=…                                                            |
 *
 * `order.submit` is judged by the contract's form model: a field's message beside it (请确认选项,
 * 请选择时间), logged out (login, then on), else the hint. The memorial-entry editor (ceremony
 * variant) lives while the order and reservation dialogs are open: cancelling the order dialog
 * stops it, and the entries, the cause and the agreement go; cancelling the reservation returns
 * to the order dialog with all of them. The shared checkout makes or resumes the deposit's order
 * with the 提交's key. A rule's message is judged again as entries are added or deleted. A
 * refusal (the slot sold out: 该时段场次已满) shows in the order dialog and the calendar is asked
 * again (`slotsChanged`); its 取消 keeps the entries and the cause for another time. A QR closed unpaid comes back to the order dialog with all kept: confirmed again
 * unchanged, the server resumes the same order.
 */
export interface CeremonyBookingInput {
  detail: CeremonyTypeDetail;
  /** The sending instant of an order (JF_DATE, yyyy-MM-dd HH:mm:ss): the hook's clock. */
  now: () => string;
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
  /** The last order was refused: 取消 keeps the entries and the cause for another time. */
  refused: boolean;
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

const judge = (c: CeremonyBookingContext, e: SubmitEvent) => judgeCeremonyForm(c.detail, e.form);
const orderProblem = (c: CeremonyBookingContext) =>
  judgeCeremonyOrder({ entries: c.entries.length, agreed: c.agreed, cause: c.cause });
/** A cancel clears the order dialog (`cleared`), or after a refusal all but the entries and cause. */
const kept = () => ({ agreed: false, orderError: null, order: null, refused: false });
const cleared = () => ({ entries: [] as MemorialEntry[], cause: '', ...kept() });

export const ceremonyBookingMachine = setup({
  types: {
    context: {} as CeremonyBookingContext,
    events: {} as CeremonyBookingEvent,
    input: {} as CeremonyBookingInput,
    children: {} as { awaitLogin: 'awaitLogin'; entries: 'memorialEntry'; checkout: 'checkout' },
  },
  actors: {
    awaitLogin: awaitLoginStandIn,
    memorialEntry: memorialEntryMachine,
    checkout: checkoutMachine,
  },
  guards: {
    hasFormProblem: ({ context }, e: SubmitEvent) => judge(context, e).outcome === 'invalid',
    isLoggedOut: (_, e: SubmitEvent) => e.mobile === null,
    hasOrderProblem: ({ context }) => orderProblem(context) !== null,
    wasRefused: ({ context }) => context.refused,
    isPaid: outcomeIs('paid'),
    isRefused: outcomeIs('refused'),
  },
  actions: {
    goToSuccess: (_, _params: { outTradeNo: string }) => {},
    /** The sessions left may have changed (a refusal, an unpaid deposit): ask the calendar again. */
    slotsChanged: () => {},
    assignErrors: assign({ errors: ({ context }, e: SubmitEvent) => fieldErrorsOf(judge(context, e)) }),
    clearError: assign({
      errors: ({ context }, field: CeremonyField) => withoutField(context.errors, field),
    }),
    // The dialog's entries and cause are what a cancel left: none, or those kept after a refusal.
    assignSubmission: assign(({ context }, e: SubmitEvent) => {
      const judged = judge(context, e);
      return {
        errors: {},
        draft: judged.outcome === 'valid' ? judged.draft : null,
        mobile: e.mobile,
        idempotencyKey: e.key,
      };
    }),
    assignMobile: assign({ mobile: (_, mobile: string) => mobile }),
    assignEntries: assign(({ context }, entries: MemorialEntry[]) => ({
      entries,
      orderError: rejudged(context.orderError, orderProblem(context), orderProblem({ ...context, entries })),
    })),
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
    assignRefusal: assign({ orderError: (_, output: CheckoutOutput) => output.message, refused: true }),
    clearOrder: assign(cleared),
    keepEntries: assign(kept),
  },
}).createMachine({
  id: 'ceremonyBooking',
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
    // 提交 again (the second click of a double click) is not taken here: the hint stays open.
    hint: { on: { 'hint.confirm': 'ordering', 'hint.cancel': 'editing' } },
    ordering: {
      // The editor lives as long as the order and reservation dialogs (cancelling stops it); it
      // opens with the entries kept after a refusal.
      invoke: {
        id: 'entries',
        src: 'memorialEntry',
        input: ({ context }) => ({
          options: { variant: 'ceremony' as const },
          tabletKind: context.detail.FS_TYPE === '1' ? ('往生' as const) : ('延生' as const),
          limit: CEREMONY_ENTRY_LIMIT,
          entries: context.entries,
        }),
        onSnapshot: {
          // `?.`: a stand-in child (a test's) may have no context; the entries stay.
          actions: {
            type: 'assignEntries',
            params: ({ context, event }) => event.snapshot.context?.entries ?? context.entries,
          },
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
            'order.cancel': [
              { guard: 'wasRefused', target: '#ceremonyBooking.editing', actions: 'keepEntries' },
              { target: '#ceremonyBooking.editing', actions: 'clearOrder' },
            ],
          },
        },
        reserving: {
          on: { 'reservation.confirm': 'checkingOut', 'reservation.cancel': 'confirming' },
        },
        checkingOut: {
          invoke: {
            id: 'checkout',
            src: 'checkout',
            input: ({ context }) => ({
              order: { ...context.order, JF_DATE: context.now() },
              idempotencyKey: context.idempotencyKey as string,
            }),
            // A deposit is always paid by QR: never reserved.
            onDone: [
              {
                guard: { type: 'isPaid', params: ({ event }) => event.output },
                target: '#ceremonyBooking.paid',
                actions: { type: 'goToSuccess', params: ({ event }) => event.output },
              },
              {
                guard: { type: 'isRefused', params: ({ event }) => event.output },
                target: 'confirming',
                actions: [{ type: 'assignRefusal', params: ({ event }) => event.output }, 'slotsChanged'],
              },
              // Closed unpaid: back in the dialog with all kept; the session is held with the order.
              { target: 'confirming', actions: 'slotsChanged' },
            ],
          },
        },
      },
    },
    paid: { type: 'final' },
  },
});
