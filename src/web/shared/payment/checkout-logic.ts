import { IDEMPOTENCY_HEADER, payApi } from '@contract/payment';
import { checkoutMachine } from '@machines/checkout.machine';
import { useSelector } from '@xstate/react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { portalClient } from '../../api/client';
import { paymentLogic } from './payment-logic';
import { withoutWordsUnlessRefused } from './refusal';

/**
 * The checkout with its real effects, for every ordering flow to invoke: the order call (quiet:
 * a refusal is shown in the flow's dialog, where the believer is looking) with the confirmation's
 * idempotency key, and the payment poll.
 */
export const checkoutLogic = checkoutMachine.provide({
  actors: {
    createOrder: fromPromise(async ({ input: { order, idempotencyKey } }) =>
      portalClient(payApi.prePay, order, {
        quiet: true,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }).then(
        (answer) => answer.data,
        (error: unknown) => {
          throw withoutWordsUnlessRefused(error);
        },
      ),
    ),
    payment: paymentLogic,
  },
});

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

/**
 * What a flow's view reads of its invoked checkout (`snapshot.children.checkout`): busy while the
 * order is made (the confirm button pending), paying while the QR shows (the order dialog
 * hidden), and the payment actor the QR dialog renders.
 */
export const useCheckout = (checkout: CheckoutActor | undefined) => {
  const busy = useSelector(checkout, (s) => s?.hasTag('busy') ?? false);
  const paying = useSelector(checkout, (s) => s?.matches('paying') ?? false);
  const payment = useSelector(checkout, (s) => s?.children.payment);
  return { busy, paying, payment };
};
