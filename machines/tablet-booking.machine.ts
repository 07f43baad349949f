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
import { type CheckoutOutput, checkoutMachine, outcomeIs } from './checkout.machine';
import { awaitLoginStandIn, chooseSeatArea, refreshSeatMap } from './ordering';
import { seatSelectionMachine } from './seat-selection.machine';

/**
 * Booking a memorial tablet (牌位供奉) on /consecrateDetail: category, floor and group, a place
 * on the seat map (the invoked seat-selection machine `seats`, alive with the page), then the order.
 *
 * | state                  | the believer sees                                                       |
 * | ---------------------- | ----------------------------------------------------------------------- |
 * | editing                | category and its description, floor, group, the seat map, the price, 提交 |
 * | awaitingLogin          | the login dialog (请先登录); the booking continues after the login       |
 * | hint                   | 温馨提示 (10000 and above): online only reserves the place, kept 7 days  |
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
export interface TabletBookingContext extends TabletPlace {
  /** The place chosen on the map (the child's selection). */
  position: string | null;
  error: string | null;
  draft: TabletDraft | null;
  mobile: string | null;
  idempotencyKey: string | null;
  names: string[];
  descendants: string[];
  fieldErrors: TabletDialogErrors;
  orderError: string | null;
}

export type TabletBookingEvent =
  | { type: 'order.submit'; form: TabletForm; mobile: string | null; key: string }
  | { type: 'choices.change'; floor: number | null; group: string | null }
  | { type: 'form.edit' }
  | { type: 'hint.confirm' }
  | { type: 'hint.cancel' }
  | { type: 'name.change'; index: number; value: string }
  | { type: 'descendant.change'; index: number; value: string }
  | { type: 'order.confirm' }
  | { type: 'order.cancel' }
  | { type: 'reservation.confirm' }
  | { type: 'reservation.cancel' }
  | { type: 'reserved.close' };

type SubmitEvent = Extract<TabletBookingEvent, { type: 'order.submit' }>;
type ChoicesEvent = Extract<TabletBookingEvent, { type: 'choices.change' }>;
type EntryChange = { list: 'names' | 'descendants'; index: number; value: string };

const judge = (c: TabletBookingContext, e: SubmitEvent) => judgeTabletForm(c, e.form, c.position);
const draftOf = (c: TabletBookingContext, e: SubmitEvent) => tabletDraftOf(judge(c, e));
const dialogErrors = (c: TabletBookingContext) =>
  c.draft ? judgeTabletDialog({ category: c.draft.FS_TYPE, names: c.names, descendants: c.descendants }) : {};
const cleared = () => ({ ...emptyTabletDialog(), fieldErrors: {}, orderError: null });
/** A page without an order: no place, message, draft, believer or key yet. */
const fresh = () => ({ position: null, error: null, draft: null, mobile: null, idempotencyKey: null });
const checkoutInput = (c: TabletBookingContext) => ({
  order: tabletOrderOf(c.draft as TabletDraft, c.mobile ?? '', c.names, c.descendants),
  idempotencyKey: c.idempotencyKey as string,
});

export const tabletBookingMachine = setup({
  types: {
    context: {} as TabletBookingContext,
    events: {} as TabletBookingEvent,
    input: {} as TabletPlace,
    children: {} as { awaitLogin: 'awaitLogin'; seats: 'seatSelection'; checkout: 'checkout' },
  },
  actors: {
    awaitLogin: awaitLoginStandIn,
    seatSelection: seatSelectionMachine,
    checkout: checkoutMachine,
  },
  guards: {
    hasFormProblem: ({ context }, e: SubmitEvent) => judge(context, e).outcome === 'invalid',
    isLoggedOut: (_, e: SubmitEvent) => e.mobile === null,
    submitsReservation: ({ context }, e: SubmitEvent) =>
      isReservationTotal(draftOf(context, e)?.GFJ_TOTAL ?? 0),
    isReservation: ({ context }) => isReservationTotal(context.draft?.GFJ_TOTAL ?? 0),
    /** 阳上 names belong to a rebirth tablet (往生莲位, 2) only; a longevity tablet has no such fields. */
    isRebirth: ({ context }) => context.draft?.FS_TYPE === '2',
    hasDialogProblem: ({ context }) => Object.keys(dialogErrors(context)).length > 0,
    isPaid: outcomeIs('paid'),
    isReserved: outcomeIs('reserved'),
    isRefused: outcomeIs('refused'),
  },
  actions: {
    goToSuccess: (_, _params: { outTradeNo: string }) => {},
    /** The seats may have changed (a refusal, a reservation made): the map is asked again. */
    refreshSeats: ({ self }) => refreshSeatMap(self),
    /** A QR closed unpaid: the map asked again, the seat just ordered still the believer's (`mine`). */
    refreshSeatsMine: ({ self, context }) => refreshSeatMap(self, context.draft?.POSITION),
    /** The choices' map (none until floor and group are chosen); another one forgets the place. */
    chooseArea: ({ self, context: { pwType } }, { floor, group }: ChoicesEvent) =>
      chooseSeatArea(self, floor === null || group === null ? null : tabletAreaOf(pwType, floor, group)),
    /** A snapshot without a context (a stand-in child's) leaves the place as it was. */
    assignPosition: assign({
      position: ({ context }, position: string | null | undefined) =>
        position === undefined ? context.position : position,
    }),
    assignError: assign({ error: ({ context }, e: SubmitEvent) => tabletFormError(judge(context, e)) }),
    clearError: assign({ error: null }),
    assignSubmission: assign(({ context }, e: SubmitEvent) => ({
      ...cleared(),
      error: null,
      draft: draftOf(context, e),
      mobile: e.mobile,
      idempotencyKey: e.key,
    })),
    assignMobile: assign({ mobile: (_, mobile: string) => mobile }),
    /** A 供奉人 (`name<i>`) or 阳上 (`ys<i>`) field changed: its message and the refusal go. */
    assignEntry: assign(({ context }, { list, index, value }: EntryChange) => ({
      [list]: context[list].map((old, i) => (i === index ? value : old)),
      fieldErrors: { ...context.fieldErrors, [`${list === 'names' ? 'name' : 'ys'}${index}`]: undefined },
      orderError: null,
    })),
    assignFieldErrors: assign({ fieldErrors: ({ context }) => dialogErrors(context) }),
    assignRefusal: assign({ orderError: (_, output: CheckoutOutput) => output.message }),
    clearOrder: assign(cleared),
  },
}).createMachine({
  id: 'tabletBooking',
  context: ({ input }) => ({ ...input, ...fresh(), ...cleared() }),
  invoke: {
    id: 'seats',
    src: 'seatSelection',
    onSnapshot: {
      actions: { type: 'assignPosition', params: ({ event }) => event.snapshot.context?.selected },
    },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'order.submit': [
          {
            guard: { type: 'hasFormProblem', params: ({ event }) => event },
            actions: { type: 'assignError', params: ({ event }) => event },
          },
          {
            guard: { type: 'isLoggedOut', params: ({ event }) => event },
            target: 'awaitingLogin',
            actions: { type: 'assignSubmission', params: ({ event }) => event },
          },
          {
            guard: { type: 'submitsReservation', params: ({ event }) => event },
            target: 'hint',
            actions: { type: 'assignSubmission', params: ({ event }) => event },
          },
          { target: 'ordering', actions: { type: 'assignSubmission', params: ({ event }) => event } },
        ],
        'choices.change': { actions: [{ type: 'chooseArea', params: ({ event }) => event }, 'clearError'] },
        'form.edit': { actions: 'clearError' },
      },
    },
    awaitingLogin: {
      invoke: {
        id: 'awaitLogin',
        src: 'awaitLogin',
        input: { notice: TABLET_MESSAGES.loginFirst },
        onDone: [
          {
            guard: 'isReservation',
            target: 'hint',
            actions: { type: 'assignMobile', params: ({ event }) => event.output },
          },
          { target: 'ordering', actions: { type: 'assignMobile', params: ({ event }) => event.output } },
        ],
        onError: 'editing',
      },
    },
    hint: { on: { 'hint.confirm': 'ordering', 'hint.cancel': 'editing' } },
    ordering: {
      initial: 'confirming',
      states: {
        confirming: {
          on: {
            'name.change': {
              actions: { type: 'assignEntry', params: ({ event }) => ({ ...event, list: 'names' }) },
            },
            'descendant.change': {
              guard: 'isRebirth',
              actions: { type: 'assignEntry', params: ({ event }) => ({ ...event, list: 'descendants' }) },
            },
            'order.confirm': [
              { guard: 'hasDialogProblem', actions: 'assignFieldErrors' },
              { guard: 'isReservation', target: 'reserving' },
              { target: 'checkingOut' },
            ],
            'order.cancel': { target: '#tabletBooking.editing', actions: 'clearOrder' },
          },
        },
        // The names stay: 取消 goes back to the order dialog as it was.
        reserving: { on: { 'reservation.confirm': 'checkingOut', 'reservation.cancel': 'confirming' } },
        checkingOut: {
          invoke: {
            id: 'checkout',
            src: 'checkout',
            input: ({ context }) => checkoutInput(context),
            onDone: [
              {
                guard: { type: 'isPaid', params: ({ event }) => event.output },
                target: '#tabletBooking.paid',
                actions: { type: 'goToSuccess', params: ({ event }) => event.output },
              },
              {
                guard: { type: 'isReserved', params: ({ event }) => event.output },
                target: '#tabletBooking.reserved',
              },
              {
                guard: { type: 'isRefused', params: ({ event }) => event.output },
                target: 'confirming',
                actions: [{ type: 'assignRefusal', params: ({ event }) => event.output }, 'refreshSeats'],
              },
              // Closed unpaid: back in the order dialog with the names; the order is kept for its hold
              // (我的订单), its place `mine`: 确定 again resumes it.
              { target: 'confirming', actions: 'refreshSeatsMine' },
            ],
          },
        },
      },
    },
    reserved: { on: { 'reserved.close': { target: 'editing', actions: ['clearOrder', 'refreshSeats'] } } },
    paid: { type: 'final' },
  },
});
