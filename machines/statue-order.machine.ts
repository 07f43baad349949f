import type { PrePayAnswer } from '@contract/payment';
import { STATUE_MESSAGES, type StatueOrderRequest } from '@contract/statue';
import {
  isReservationTotal,
  judgeStatueDialog,
  judgeStatueForm,
  type StatueDialogField,
  type StatueDraft,
  type StatueForm,
  type StatuePlace,
} from '@contract/statue-form';
import { type AnyActorRef, assign, setup } from 'xstate';
import { awaitLoginStandIn, messageOf, paymentOf, unprovided } from './ordering';
import { type PaymentInput, type PaymentOutput, paymentMachine } from './payment.machine';
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
 * | ordering.creatingOrder | the same dialog, 确定 pending (tag busy)                                 |
 * | showingQr              | the same dialog, pending: the QR opens 2 s after the answer (001 §4)   |
 * | paying                 | the QR dialog (the invoked payment machine)                            |
 * | reserved               | 预定成功: the seat kept 7 days (the answer 办理成功, no QR)               |
 * | paid (final)           | /success?no=…                                                          |
 *
 * 提交 with a choice or the seat missing says 请选择材质类型,佛像类型，期限以及佛像位置; logged out,
 * the login comes first. A refusal (the seat taken meanwhile: 该位置已被选择) stays in the dialog
 * and the map is asked again; so does an unpaid QR closed, and a reservation's 确定.
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
  payment: PaymentInput | null;
}

export type StatueOrderEvent =
  | { type: 'order.submit'; form: StatueForm; mobile: string | null; key: string }
  | { type: 'form.edit' }
  | { type: 'notice.confirm' }
  | { type: 'notice.cancel' }
  | { type: 'donor.change'; donor: string }
  | { type: 'remark.change'; remark: string }
  | { type: 'order.confirm' }
  | { type: 'order.cancel' }
  | { type: 'reserved.close' };

type SubmitEvent = Extract<StatueOrderEvent, { type: 'order.submit' }>;
export interface CreateStatueOrderInput {
  order: StatueOrderRequest;
  idempotencyKey: string;
}

const judge = (c: StatueOrderContext, e: SubmitEvent) => judgeStatueForm(c, e.form, c.position);
const dialogErrors = (c: StatueOrderContext) => judgeStatueDialog(c);
const refusalOf = (error: unknown) => messageOf(error, '下单失败，请稍后再试');
const cleared = () => ({ donor: '', remark: '', fieldErrors: {}, orderError: null });

export const statueOrderMachine = setup({
  types: {
    context: {} as StatueOrderContext,
    events: {} as StatueOrderEvent,
    input: {} as StatuePlace,
    children: {} as {
      createOrder: 'createOrder';
      awaitLogin: 'awaitLogin';
      seats: 'seatSelection';
      payment: 'payment';
    },
    tags: {} as 'busy',
  },
  actors: {
    createOrder: unprovided<PrePayAnswer, CreateStatueOrderInput>('createOrder'),
    awaitLogin: awaitLoginStandIn,
    seatSelection: seatSelectionMachine,
    payment: paymentMachine,
  },
  delays: { qrDelay: 2000 },
  guards: {
    hasFormProblem: ({ context }, e: SubmitEvent) => judge(context, e).outcome === 'invalid',
    isLoggedOut: (_, e: SubmitEvent) => e.mobile === null,
    isReservation: ({ context }) => isReservationTotal(context.draft?.GFJ_TOTAL ?? 0),
    submitsReservation: ({ context }, e: SubmitEvent) => {
      const judged = judge(context, e);
      return judged.outcome === 'valid' && isReservationTotal(judged.draft.GFJ_TOTAL);
    },
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
    /** A snapshot without a context (a stand-in child's) leaves the seat as it was. */
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
    assignRefusal: assign({ orderError: (_, error: unknown) => refusalOf(error) }),
    clearOrder: assign(cleared),
    assignPayment: assign({ payment: (_, answer: PrePayAnswer) => paymentOf(answer) }),
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
    payment: null,
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
              { target: 'creatingOrder' },
            ],
            'order.cancel': { target: '#statueOrder.editing', actions: 'clearOrder' },
          },
        },
        creatingOrder: {
          tags: ['busy'],
          invoke: {
            id: 'createOrder',
            src: 'createOrder',
            input: ({ context }) => ({
              order: {
                ...(context.draft as StatueDraft),
                GD_NAMES: context.donor.trim(),
                REMARK: context.remark,
                MOBILE: context.mobile ?? '',
              },
              idempotencyKey: context.idempotencyKey as string,
            }),
            onDone: [
              {
                guard: { type: 'isReservedAnswer', params: ({ event }) => event.output },
                target: '#statueOrder.reserved',
                actions: { type: 'assignPayment', params: ({ event }) => event.output },
              },
              {
                target: '#statueOrder.showingQr',
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
    showingQr: { tags: ['busy'], after: { qrDelay: 'paying' } },
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
        params: ({ context }: { context: StatueOrderContext }) => ({
          outTradeNo: context.payment?.outTradeNo ?? '',
        }),
      },
    },
  },
});
