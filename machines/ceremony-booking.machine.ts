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
import { type MemorialEntriesContext, memorialEntriesFlow } from './memorial-entries-flow';
import { type FlowEvent, fieldErrorFlow, flowContext, orderingFlow, type SubmitEvent } from './ordering-flow';

/**
 * Booking a single-family ceremony (独姓佛事) on /ceremonyDetail: the ordering flow (ordering-flow.ts)
 * with its notice always, the entries' editor in the order dialog and 预约须知 before the deposit.
 *
 * | state                  | the believer sees                                                        |
 * | ---------------------- | ------------------------------------------------------------------------ |
 * | editing                | tablet type, tier with prices, the lunar calendar and its slots, 提交     |
 * | awaitingLogin          | the login dialog (您还未登录…); the booking continues after the login     |
 * | notice                 | 温馨提示: the 1000-yuan deposit online, the rest at the temple (确定/取消)  |
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

export interface CeremonyBookingContext extends CeremonyBookingInput, MemorialEntriesContext {
  errors: Partial<Record<CeremonyField, string>>;
  draft: CeremonyDraft | null;
  cause: string;
  /** The last order was refused: 取消 keeps the entries and the cause for another time. */
  refused: boolean;
}

export type CeremonySubmit = SubmitEvent<CeremonyForm>;
export type CeremonyBookingEvent =
  | CeremonySubmit
  | FlowEvent
  | { type: 'form.edit'; field: CeremonyField }
  | { type: 'agreement.set'; agreed: boolean }
  | { type: 'cause.change'; cause: string };

const judge = (c: CeremonyBookingContext, e: CeremonySubmit) => judgeCeremonyForm(c.detail, e.form);
const orderProblem = (c: CeremonyBookingContext) =>
  judgeCeremonyOrder({ entries: c.entries.length, agreed: c.agreed, cause: c.cause });
/** A cancel clears the order dialog (`cleared`), or after a refusal all but the entries and cause. */
const kept = () => ({ agreed: false, orderError: null, refused: false });
const cleared = () => ({ entries: [] as MemorialEntry[], cause: '', ...kept() });

/** The deposit's order: the draft, the entries, the cause and the believer's phone. */
export const ceremonyOrderOfContext = (c: CeremonyBookingContext): CeremonyOrderDraft | null =>
  c.draft ? ceremonyOrderOf(c.draft, c.entries, { cause: c.cause, mobile: c.mobile ?? '' }) : null;

// The editor (ceremony variant) opens with the entries kept after a refusal.
const entries = memorialEntriesFlow<CeremonyBookingContext>(orderProblem, (c) => ({
  options: { variant: 'ceremony' },
  tabletKind: c.detail.FS_TYPE === '1' ? '往生' : '延生',
  limit: CEREMONY_ENTRY_LIMIT,
  entries: c.entries,
}));

const fields = fieldErrorFlow<CeremonyBookingContext, CeremonyField>();

const flow = orderingFlow<CeremonyBookingContext, CeremonySubmit, CeremonyBookingEvent>({
  id: 'ceremonyBooking',
  loginNotice: CEREMONY_MESSAGES.loginFirst,
  // The dialog's entries and cause are what a cancel left: none, or those kept after a refusal.
  ...fields.judgedBy(judge),
  // 温馨提示: the 1000-yuan deposit online, the rest at the temple.
  notice: true,
  dialog: {
    problem: (c) => entries.dialogProblem(c),
    reserving: true,
    cancelled: (c) => (c.refused ? kept() : cleared()),
  },
  order: (c) => ({ ...ceremonyOrderOfContext(c), JF_DATE: c.now() }),
  refusal: (_, output) => ({ orderError: output.message, refused: true }),
  // Closed unpaid: back in the dialog with all kept; the session is held with the order. A deposit
  // is always paid by QR: never reserved.
  closedTo: 'dialog',
});

export const ceremonyBookingMachine = setup({
  types: flow.types<CeremonyBookingInput, { entries: 'memorialEntry' }>(),
  ...flow.with({ actors: entries.actors }),
  actions: {
    ...flow.actions,
    clearError: fields.clearError,
    ...entries.actions,
    assignCause: assign({ cause: (_, cause: string) => cause, orderError: null }),
  },
}).createMachine({
  context: ({ input }) => ({ ...input, ...flowContext(), errors: {}, draft: null, ...cleared() }),
  ...flow.config({
    editing: { on: fields.editingOn },
    // The editor lives as long as the order and reservation dialogs (cancelling stops it); it
    // opens with the entries kept after a refusal.
    ordering: entries.ordering,
    dialog: {
      on: {
        ...entries.confirmingOn,
        'cause.change': {
          actions: { type: 'assignCause', params: ({ event }) => event.cause },
        },
      },
    },
  }),
});
