import type { PrePayAnswer } from '@contract/payment';
import { TABLET_MESSAGES, type TabletOrderRequest } from '@contract/tablet';
import {
  emptyDescendants,
  emptyNames,
  isReservationTotal,
  judgeTabletDialog,
  judgeTabletForm,
  type TabletDialogErrors,
  type TabletDraft,
  type TabletForm,
  type TabletPlace,
  tabletOrderOf,
} from '@contract/tablet-form';
import { type AnyActorRef, assign, setup } from 'xstate';
import { awaitLoginStandIn, messageOf, paymentOf, unprovided } from './ordering';
import { type PaymentInput, type PaymentOutput, paymentMachine } from './payment.machine';
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
 * | ordering.creatingOrder | the dialog that confirmed it, 确定 pending (tag busy)                    |
 * | paying                 | the QR dialog (the invoked payment machine)                             |
 * | reserved               | 预定成功，系统将为您保留位置7天，7日内请前往寺庙办理！ (no QR: 办理成功)     |
 * | paid (final)           | /success?no=…                                                           |
 *
 * 提交 with the category, the location or the seat missing says 请选择类别和位置. A refusal (the
 * place taken meanwhile: 该位置已被选择) stays in the dialog and the map is asked again; so does an
 * unpaid QR closed, and a reservation made.
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
  payment: PaymentInput | null;
}

export type TabletBookingEvent =
  | { type: 'order.submit'; form: TabletForm; mobile: string | null; key: string }
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
type ChangeEvent = { index: number; value: string };
type EntryChange = ChangeEvent & { list: 'names' | 'descendants' };
export interface CreateTabletOrderInput {
  order: TabletOrderRequest;
  idempotencyKey: string;
}

const judge = (c: TabletBookingContext, e: SubmitEvent) => judgeTabletForm(c, e.form, c.position);
const dialogErrors = (c: TabletBookingContext) =>
  c.draft ? judgeTabletDialog({ category: c.draft.FS_TYPE, names: c.names, descendants: c.descendants }) : {};
const refusalOf = (error: unknown) => messageOf(error, '下单失败，请稍后再试');
const cleared = () => ({
  names: emptyNames(),
  descendants: emptyDescendants(),
  fieldErrors: {},
  orderError: null,
});
const replaced = (list: readonly string[], { index, value }: ChangeEvent) =>
  list.map((old, i) => (i === index ? value : old));

export const tabletBookingMachine = setup({
  types: {
    context: {} as TabletBookingContext,
    events: {} as TabletBookingEvent,
    input: {} as TabletPlace,
    children: {} as {
      createOrder: 'createOrder';
      awaitLogin: 'awaitLogin';
      seats: 'seatSelection';
      payment: 'payment';
    },
    tags: {} as 'busy',
  },
  actors: {
    createOrder: unprovided<PrePayAnswer, CreateTabletOrderInput>('createOrder'),
    awaitLogin: awaitLoginStandIn,
    seatSelection: seatSelectionMachine,
    payment: paymentMachine,
  },
  guards: {
    hasFormProblem: ({ context }, e: SubmitEvent) => judge(context, e).outcome === 'invalid',
    isLoggedOut: (_, e: SubmitEvent) => e.mobile === null,
    submitsReservation: ({ context }, e: SubmitEvent) => {
      const judged = judge(context, e);
      return judged.outcome === 'valid' && isReservationTotal(judged.draft.GFJ_TOTAL);
    },
    isReservation: ({ context }) => isReservationTotal(context.draft?.GFJ_TOTAL ?? 0),
    /** 阳上 names belong to a rebirth tablet (往生莲位, 2) only; a longevity tablet has no such fields. */
    isRebirth: ({ context }) => context.draft?.FS_TYPE === '2',
    hasDialogProblem: ({ context }) => Object.keys(dialogErrors(context)).length > 0,
    isReservedAnswer: (_, answer: PrePayAnswer) => answer.code_img_url === '',
    isPaid: (_, output: PaymentOutput) => output.paid,
  },
  actions: {
    goToSuccess: (_, _params: { outTradeNo: string }) => {},
    /** The seats may have changed (a refusal, a closed QR, a reservation): the map is asked again. */
    refreshSeats: ({ self }) => {
      // Looked up rather than `sendTo('seats')`: a walk of the graph has no live child to send to.
      (self.getSnapshot().children as { seats?: AnyActorRef }).seats?.send({ type: 'map.refresh' });
    },
    /** A snapshot without a context (a stand-in child's) leaves the place as it was. */
    assignPosition: assign({
      position: ({ context }, position: string | null | undefined) =>
        position === undefined ? context.position : position,
    }),
    assignError: assign({
      error: ({ context }, e: SubmitEvent) => {
        const judged = judge(context, e);
        return judged.outcome === 'invalid' ? judged.error : null;
      },
    }),
    clearError: assign({ error: null }),
    assignSubmission: assign(({ context }, e: SubmitEvent) => {
      const judged = judge(context, e);
      return {
        error: null,
        draft: judged.outcome === 'valid' ? judged.draft : null,
        mobile: e.mobile,
        idempotencyKey: e.key,
        ...cleared(),
      };
    }),
    assignMobile: assign({ mobile: (_, mobile: string) => mobile }),
    /** A 供奉人 (`name<i>`) or 阳上 (`ys<i>`) field changed: its message and the refusal go. */
    assignEntry: assign(({ context }, { list, index, value }: EntryChange) => ({
      [list]: replaced(context[list], { index, value }),
      fieldErrors: { ...context.fieldErrors, [`${list === 'names' ? 'name' : 'ys'}${index}`]: undefined },
      orderError: null,
    })),
    assignFieldErrors: assign({ fieldErrors: ({ context }) => dialogErrors(context) }),
    assignRefusal: assign({ orderError: (_, error: unknown) => refusalOf(error) }),
    clearOrder: assign(cleared),
    assignPayment: assign({ payment: (_, answer: PrePayAnswer) => paymentOf(answer) }),
  },
}).createMachine({
  id: 'tabletBooking',
  context: ({ input }) => ({
    ...input,
    position: null,
    error: null,
    draft: null,
    mobile: null,
    idempotencyKey: null,
    payment: null,
    ...cleared(),
  }),
  // The map lives with the page; its selection is the order's place.
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
              { target: 'creatingOrder' },
            ],
            'order.cancel': { target: '#tabletBooking.editing', actions: 'clearOrder' },
          },
        },
        // The names stay: 取消 goes back to the order dialog as it was.
        reserving: { on: { 'reservation.confirm': 'creatingOrder', 'reservation.cancel': 'confirming' } },
        creatingOrder: {
          tags: ['busy'],
          invoke: {
            id: 'createOrder',
            src: 'createOrder',
            input: ({ context }) => ({
              order: tabletOrderOf(
                context.draft as TabletDraft,
                context.mobile ?? '',
                context.names,
                context.descendants,
              ),
              idempotencyKey: context.idempotencyKey as string,
            }),
            onDone: [
              {
                guard: { type: 'isReservedAnswer', params: ({ event }) => event.output },
                target: '#tabletBooking.reserved',
                actions: { type: 'assignPayment', params: ({ event }) => event.output },
              },
              {
                target: '#tabletBooking.paying',
                actions: { type: 'assignPayment', params: ({ event }) => event.output },
              },
            ],
            onError: {
              target: 'confirming',
              actions: [
                {
                  type: 'assignRefusal',
                  params: ({ event }: { event: { error: unknown } }) => event.error,
                },
                'refreshSeats',
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
          { target: 'editing', actions: ['clearOrder', 'refreshSeats'] },
        ],
      },
    },
    reserved: { on: { 'reserved.close': { target: 'editing', actions: ['clearOrder', 'refreshSeats'] } } },
    paid: {
      type: 'final',
      entry: {
        type: 'goToSuccess',
        params: ({ context }: { context: TabletBookingContext }) => ({
          outTradeNo: context.payment?.outTradeNo ?? '',
        }),
      },
    },
  },
});
