import { STATUE_MESSAGES } from '@contract/statue';
import {
  isReservationTotal,
  judgeStatueDialog,
  judgeStatueForm,
  type StatueDialogField,
  type StatueDraft,
  type StatueForm,
  type StatuePlace,
  statueArea,
  statueDraftOf,
  statueFormError,
} from '@contract/statue-form';
import { assign, setup } from 'xstate';
import { type CheckoutOutput, checkoutMachine, outcomeIs } from './checkout.machine';
import { awaitLoginStandIn, chooseSeatArea, refreshSeatMap } from './ordering';
import { seatSelectionMachine } from './seat-selection.machine';

/**
 * Enshrining a statue (圣像供奉) on /powerdekorDetail: the choices, a niche on the seat map (the
 * invoked seat-selection machine `seats`, alive with the page), then the order.
 *
 * | state                  | the believer sees                                                      |
 * | ---------------------- | ---------------------------------------------------------------------- |
 * | editing                | material, statue, term, group, the seat map, the total, 提交             |
 * | awaitingLogin          | the login dialog; the order continues after the login                  |
 * | notice                 | 温馨提示 (10000 and above): the seat is kept 7 days, come to the temple  |
 * | ordering.confirming    | 订单确认: the choices, 功德芳名 and 备注 with their messages, the total  |
 * | ordering.checkingOut   | the invoked checkout: the dialog, 确定 pending; the QR 2 s after (001 §4) |
 * | reserved               | 预定成功: the seat kept 7 days (the answer 办理成功, no QR)               |
 * | paid (final)           | /success?no=…                                                          |
 *
 * `choices.change` (editing only: elsewhere a dialog covers the choices) picks the map: `seats`
 * is told the area of the location, material and group (none until both are chosen), and another
 * area forgets the seat chosen on the old one; the message beside 提交 goes, as with `form.edit`.
 * 提交 with a choice or the seat missing says 请选择材质类型,佛像类型，期限以及佛像位置; logged out,
 * the login comes first. The shared checkout makes or resumes the order with the 提交's key. A
 * refusal (该位置已被选择) stays in the dialog; a QR closed unpaid comes back to the dialog with
 * 功德芳名 and 备注, its seat still theirs (`mine`): 确定 again resumes the same order; a
 * reservation's 确定 goes back to the page. Each asks the map again.
 */
export interface StatueOrderContext extends StatuePlace {
  /** The seat chosen on the map (the child's selection). */
  position: string | null;
  error: string | null;
  draft: StatueDraft | null;
  mobile: string | null;
  idempotencyKey: string | null;
  donor: string;
  remark: string;
  fieldErrors: Partial<Record<StatueDialogField, string>>;
  orderError: string | null;
}

export type StatueOrderEvent =
  | { type: 'order.submit'; form: StatueForm; mobile: string | null; key: string }
  | { type: 'choices.change'; material: number | null; group: string | null }
  | { type: 'form.edit' }
  | { type: 'notice.confirm' }
  | { type: 'notice.cancel' }
  | { type: 'donor.change'; donor: string }
  | { type: 'remark.change'; remark: string }
  | { type: 'order.confirm' }
  | { type: 'order.cancel' }
  | { type: 'reserved.close' };

type SubmitEvent = Extract<StatueOrderEvent, { type: 'order.submit' }>;
type ChoicesEvent = Extract<StatueOrderEvent, { type: 'choices.change' }>;

const judge = (c: StatueOrderContext, e: SubmitEvent) => judgeStatueForm(c, e.form, c.position);
const draftOf = (c: StatueOrderContext, e: SubmitEvent) => statueDraftOf(judge(c, e));
const dialogErrors = (c: StatueOrderContext) => judgeStatueDialog(c);
const cleared = () => ({ donor: '', remark: '', fieldErrors: {}, orderError: null });
/** The order as the dialog completes it, the 提交's key, and the QR 2 s after the answer (001 §4). */
const checkoutInput = (c: StatueOrderContext) => ({
  order: { ...(c.draft as StatueDraft), GD_NAMES: c.donor.trim(), REMARK: c.remark, MOBILE: c.mobile ?? '' },
  idempotencyKey: c.idempotencyKey as string,
  qrDelay: 2000,
});

export const statueOrderMachine = setup({
  types: {
    context: {} as StatueOrderContext,
    events: {} as StatueOrderEvent,
    input: {} as StatuePlace,
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
    isReservation: ({ context }) => isReservationTotal(context.draft?.GFJ_TOTAL ?? 0),
    submitsReservation: ({ context }, e: SubmitEvent) =>
      isReservationTotal(draftOf(context, e)?.GFJ_TOTAL ?? 0),
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
    /** The choices' map (none until material and group are chosen); another one forgets the seat. */
    chooseArea: ({ self, context }, e: ChoicesEvent) =>
      chooseSeatArea(self, statueArea(context.location, e.material, e.group)),
    /** A snapshot without a context (a stand-in child's) leaves the seat as it was. */
    assignPosition: assign({
      position: ({ context }, position: string | null | undefined) =>
        position === undefined ? context.position : position,
    }),
    assignError: assign({ error: ({ context }, e: SubmitEvent) => statueFormError(judge(context, e)) }),
    clearError: assign({ error: null }),
    assignSubmission: assign(({ context }, e: SubmitEvent) => ({
      ...cleared(),
      error: null,
      draft: draftOf(context, e),
      mobile: e.mobile,
      idempotencyKey: e.key,
    })),
    assignMobile: assign({ mobile: (_, mobile: string) => mobile }),
    assignDonor: assign(({ context }, donor: string) => ({
      donor,
      fieldErrors: { ...context.fieldErrors, donor: undefined },
      orderError: null,
    })),
    assignRemark: assign(({ context }, remark: string) => ({
      remark,
      fieldErrors: { ...context.fieldErrors, remark: undefined },
      orderError: null,
    })),
    assignFieldErrors: assign({ fieldErrors: ({ context }) => dialogErrors(context) }),
    assignRefusal: assign({ orderError: (_, output: CheckoutOutput) => output.message }),
    clearOrder: assign(cleared),
  },
}).createMachine({
  id: 'statueOrder',
  context: ({ input }) => ({
    ...input,
    position: null,
    error: null,
    draft: null,
    mobile: null,
    idempotencyKey: null,
    ...cleared(),
  }),
  // The map lives with the page; its selection is the order's seat.
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
            target: 'notice',
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
        input: { notice: STATUE_MESSAGES.loginFirst },
        onDone: [
          {
            guard: 'isReservation',
            target: 'notice',
            actions: { type: 'assignMobile', params: ({ event }) => event.output },
          },
          { target: 'ordering', actions: { type: 'assignMobile', params: ({ event }) => event.output } },
        ],
        onError: 'editing',
      },
    },
    notice: { on: { 'notice.confirm': 'ordering', 'notice.cancel': 'editing' } },
    ordering: {
      initial: 'confirming',
      states: {
        confirming: {
          on: {
            'donor.change': { actions: { type: 'assignDonor', params: ({ event }) => event.donor } },
            'remark.change': { actions: { type: 'assignRemark', params: ({ event }) => event.remark } },
            'order.confirm': [
              { guard: 'hasDialogProblem', actions: 'assignFieldErrors' },
              { target: 'checkingOut' },
            ],
            'order.cancel': { target: '#statueOrder.editing', actions: 'clearOrder' },
          },
        },
        checkingOut: {
          invoke: {
            id: 'checkout',
            src: 'checkout',
            input: ({ context }) => checkoutInput(context),
            onDone: [
              {
                guard: { type: 'isPaid', params: ({ event }) => event.output },
                target: '#statueOrder.paid',
                actions: {
                  type: 'goToSuccess',
                  params: ({ event }) => ({ outTradeNo: event.output.outTradeNo }),
                },
              },
              {
                guard: { type: 'isReserved', params: ({ event }) => event.output },
                target: '#statueOrder.reserved',
              },
              {
                guard: { type: 'isRefused', params: ({ event }) => event.output },
                target: 'confirming',
                actions: [{ type: 'assignRefusal', params: ({ event }) => event.output }, 'refreshSeats'],
              },
              // Closed unpaid: back in the dialog with 功德芳名 and 备注; the order is kept for its hold
              // (我的订单), its seat `mine`: 确定 again resumes it.
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
