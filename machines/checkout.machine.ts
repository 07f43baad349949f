import { PAYMENT_MESSAGES, type PrePayAnswer } from '@contract/payment';
import { assign, setup } from 'xstate';
import { messageOf, unprovided } from './effects';
import { paymentOf } from './ordering';
import { type PayingDevice, type PaymentInput, type PaymentOutput, paymentMachine } from './payment.machine';

/**
 * One checkout for every ordering flow (DESIGN section 3): the order is created, or the
 * believer's unpaid order for the same thing resumed (the server answers the same order), then
 * paid by QR; a reservation (办理成功, no QR) ends at once. A flow invokes it from its ordering
 * state with the order it built and keeps only its own steps; the outcome says where it goes.
 *
 * | state         | the believer sees                                                        |
 * | ------------- | ------------------------------------------------------------------------ |
 * | creatingOrder | the flow's order dialog, its confirm button pending (tag busy)           |
 * | showingQr     | the same, pending: the QR opens `qrDelay` ms after the answer (tag busy) |
 * | paying        | the QR dialog (the invoked payment machine); on a phone, its way there   |
 * | paid          | final: the flow goes to its success page                                 |
 * | reserved      | final: the flow says the place is kept 7 days                            |
 * | closed        | final: the QR closed unpaid; the order is kept for its hold (我的订单)      |
 * | refused       | final: the server's words (or 下单失败…), shown in the flow's dialog      |
 */
export interface CheckoutInput {
  /** The order as the flow built it (the kind's `jsonObject`). */
  order: unknown;
  /** The key of this confirmation: every try of it answers the same order. */
  idempotencyKey: string;
  /** How long the dialog stays pending before the QR opens (statues: 2 s, 001 section 4). */
  qrDelay?: number;
  /** Where the page is shown (the view's, with 提交): the payment's way is chosen from it. */
  device: PayingDevice;
}

export interface CreateOrderInput {
  order: unknown;
  idempotencyKey: string;
}

/** How the checkout ended, the order's number (none when refused) and the refusal's words. */
export interface CheckoutOutput {
  outcome: 'paid' | 'reserved' | 'closed' | 'refused';
  outTradeNo: string;
  message: string | null;
}

const ended =
  (outcome: CheckoutOutput['outcome']) =>
  ({ context }: { context: CheckoutContext }) => ({
    outcome,
    outTradeNo: context.payment?.outTradeNo ?? '',
    message: outcome === 'refused' ? (context.refusal ?? PAYMENT_MESSAGES.orderFailed) : null,
  });

interface CheckoutContext extends Required<CheckoutInput> {
  payment: PaymentInput | null;
  refusal: string | null;
}

export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    output: {} as CheckoutOutput,
    children: {} as { createOrder: 'createOrder'; payment: 'payment' },
    tags: {} as 'busy',
  },
  actors: {
    createOrder: unprovided<PrePayAnswer, CreateOrderInput>('createOrder'),
    payment: paymentMachine,
  },
  delays: { qrDelay: ({ context }) => context.qrDelay },
  guards: {
    isReservation: (_, answer: PrePayAnswer) => answer.code_img_url === '',
    isPaid: (_, output: PaymentOutput) => output.paid,
  },
  actions: {
    assignPayment: assign({
      payment: ({ context }, answer: PrePayAnswer) => paymentOf(answer, context.device),
    }),
    assignRefusal: assign({ refusal: (_, error: unknown) => messageOf(error, PAYMENT_MESSAGES.orderFailed) }),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({ qrDelay: 0, ...input, payment: null, refusal: null }),
  initial: 'creatingOrder',
  states: {
    creatingOrder: {
      tags: ['busy'],
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => ({ order: context.order, idempotencyKey: context.idempotencyKey }),
        onDone: [
          {
            guard: { type: 'isReservation', params: ({ event }) => event.output },
            target: 'reserved',
            actions: { type: 'assignPayment', params: ({ event }) => event.output },
          },
          { target: 'showingQr', actions: { type: 'assignPayment', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'refused',
          actions: {
            type: 'assignRefusal',
            params: ({ event }: { event: { error: unknown } }) => event.error,
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
          { target: 'closed' },
        ],
      },
    },
    paid: { type: 'final', output: ended('paid') },
    reserved: { type: 'final', output: ended('reserved') },
    closed: { type: 'final', output: ended('closed') },
    refused: { type: 'final', output: ended('refused') },
  },
  output: ({ event }) => event.output as CheckoutOutput,
});

/** The outcome guards a flow's `xstate.done.actor.checkout` transitions read. */
export const outcomeIs =
  (outcome: CheckoutOutput['outcome']) =>
  (_: unknown, output: CheckoutOutput): boolean =>
    output.outcome === outcome;
