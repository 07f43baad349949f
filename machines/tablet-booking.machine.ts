import { TABLET_MESSAGES } from '@contract/tablet';
import {
  emptyTabletDialog,
  isReservationTotal,
  judgeTabletDialog,
  judgeTabletForm,
  type TabletDialogErrors,
  type TabletDraft,
  type TabletForm,
  type TabletPlace,
  tabletAreaOf,
  tabletDraftOf,
  tabletFormError,
  tabletOrderOf,
} from '@contract/tablet-form';
import { assign, setup } from 'xstate';
import {
  type FlowContext,
  type FlowEvent,
  flowContext,
  orderingFlow,
  type SubmitEvent,
} from './ordering-flow';
import { type SeatMapContext, seatMapFlow } from './seat-map-flow';

/**
 * Booking a memorial tablet (牌位供奉) on /consecrateDetail: category, floor and group, a place
 * on the seat map (the invoked seat-selection machine `seats`, alive with the page), then the
 * ordering flow (ordering-flow.ts) with its notice, 预定须知 and reservation at 10000 and above.
 *
 * | state                  | the believer sees                                                       |
 * | ---------------------- | ----------------------------------------------------------------------- |
 * | editing                | category and its description, floor, group, the seat map, the price, 提交 |
 * | awaitingLogin          | the login dialog (请先登录); the booking continues after the login       |
 * | notice                 | 温馨提示 (10000 and above): online only reserves the place, kept 7 days  |
 * | ordering.confirming    | 订单确认: the choices, 3 供奉人 and (往生) 8 阳上 fields with their messages |
 * | ordering.reserving     | 预定须知: 保留7天…, 取消 back to the order dialog / 确定 submits          |
 * | ordering.checkingOut   | the invoked checkout: that dialog, 确定 pending, then the QR dialog      |
 * | reserved               | 预定成功，系统将为您保留位置7天，7日内请前往寺庙办理！ (no QR: 办理成功)     |
 * | paid (final)           | /success?no=…                                                           |
 *
 * `choices.change` (editing only: elsewhere a dialog covers the choices) gives `seats` the area of
 * type, floor and group (none until both are chosen): another area forgets the place; the message
 * above 提交 goes, as with `form.edit`. 提交 with the category, the location or the seat missing
 * says 请选择类别和位置. The shared checkout makes or resumes the order with the 提交's key. A refusal
 * (该位置已被选择) stays in the dialog; a QR closed unpaid comes back to the order dialog with the
 * names typed, its place still theirs (`mine`): 确定 again resumes the same order; a reservation,
 * once closed, goes back to the page. Each asks the map again.
 */
export interface TabletBookingContext extends TabletPlace, FlowContext, SeatMapContext {
  draft: TabletDraft | null;
  names: string[];
  descendants: string[];
  fieldErrors: TabletDialogErrors;
}

export type TabletSubmit = SubmitEvent<TabletForm>;
export type TabletBookingEvent =
  | TabletSubmit
  | FlowEvent
  | { type: 'choices.change'; floor: number | null; group: string | null }
  | { type: 'form.edit' }
  | { type: 'name.change'; index: number; value: string }
  | { type: 'descendant.change'; index: number; value: string };

type ChoicesEvent = Extract<TabletBookingEvent, { type: 'choices.change' }>;
type EntryChange = { list: 'names' | 'descendants'; index: number; value: string };

const judge = (c: TabletBookingContext, e: TabletSubmit) => judgeTabletForm(c, e.form, c.position);
const isReservation = (c: TabletBookingContext) => isReservationTotal(c.draft?.GFJ_TOTAL ?? 0);
const dialogErrors = (c: TabletBookingContext) =>
  c.draft ? judgeTabletDialog({ category: c.draft.FS_TYPE, names: c.names, descendants: c.descendants }) : {};
const cleared = () => ({ ...emptyTabletDialog(), fieldErrors: {}, orderError: null });

const flow = orderingFlow<TabletBookingContext, TabletSubmit, TabletBookingEvent>({
  id: 'tabletBooking',
  loginNotice: TABLET_MESSAGES.loginFirst,
  judge: (c, e) => judge(c, e).outcome,
  problem: (c, e) => ({ error: tabletFormError(judge(c, e)) }),
  submitted: (c, e) => ({ ...cleared(), error: null, draft: tabletDraftOf(judge(c, e)) }),
  // 温馨提示 (10000 and above): online only reserves the place, kept 7 days.
  notice: isReservation,
  dialog: {
    problem: (c) => {
      const fieldErrors = dialogErrors(c);
      return Object.keys(fieldErrors).length > 0 ? { fieldErrors } : null;
    },
    // 预定须知: the names stay, 取消 goes back to the order dialog as it was.
    reserving: isReservation,
    cancelled: cleared,
  },
  order: (c) => tabletOrderOf(c.draft as TabletDraft, c.mobile ?? '', c.names, c.descendants),
  // Closed unpaid: back in the order dialog with the names; the order is kept for its hold
  // (我的订单), its place `mine`: 确定 again resumes it.
  closedTo: 'dialog',
  reserved: { closeTo: 'editing', cleared },
});

const seats = seatMapFlow<TabletBookingContext, ChoicesEvent>((c, { floor, group }) =>
  floor === null || group === null ? null : tabletAreaOf(c.pwType, floor, group),
);

export const tabletBookingMachine = setup({
  types: flow.types<TabletPlace, { seats: 'seatSelection' }>(),
  ...flow.with({
    actors: seats.actors,
    guards: {
      /** 阳上 names belong to a rebirth tablet (往生莲位, 2) only; a longevity tablet has no such fields. */
      isRebirth: ({ context }: { context: TabletBookingContext }) => context.draft?.FS_TYPE === '2',
    },
  }),
  actions: {
    ...flow.actions,
    ...seats.actions,
    /** A 供奉人 (`name<i>`) or 阳上 (`ys<i>`) field changed: its message and the refusal go. */
    assignEntry: assign(({ context }, { list, index, value }: EntryChange) => ({
      [list]: context[list].map((old, i) => (i === index ? value : old)),
      fieldErrors: { ...context.fieldErrors, [`${list === 'names' ? 'name' : 'ys'}${index}`]: undefined },
      orderError: null,
    })),
  },
}).createMachine({
  context: ({ input }) => ({ ...input, ...flowContext(), ...seats.context(), ...cleared() }),
  // The map lives with the page; its selection is the order's seat.
  invoke: seats.invoke,
  ...flow.config({
    editing: { on: seats.editingOn },
    dialog: {
      on: {
        'name.change': {
          actions: {
            type: 'assignEntry',
            params: ({ event }) => ({ ...event, list: 'names' }),
          },
        },
        'descendant.change': {
          guard: 'isRebirth',
          actions: {
            type: 'assignEntry',
            params: ({ event }) => ({
              ...event,
              list: 'descendants',
            }),
          },
        },
      },
    },
  }),
});
