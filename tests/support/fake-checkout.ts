import type { PrePayAnswer } from '@contract/payment';
import { type CreateOrderInput, checkoutMachine } from '@machines/checkout.machine';
import { paymentMachine } from '@machines/payment.machine';
import { fromPromise } from 'xstate';
import { deferred } from './deferred';

/** An order call a journey holds: what the flow asked for, and the answer the test gives. */
export interface HeldOrder {
  input: CreateOrderInput;
  answer: ReturnType<typeof deferred<PrePayAnswer>>;
}

/**
 * The shared checkout for a flow's machine journeys: each order call is pushed to `orders` and
 * held until the test answers it; the QR's poll answers paid or not, as `isPaid` says then.
 */
export const fakeCheckout = (orders: HeldOrder[], isPaid: () => boolean) =>
  checkoutMachine.provide({
    actors: {
      createOrder: fromPromise(({ input }) => {
        const answer = deferred<PrePayAnswer>();
        orders.push({ input, answer });
        return answer.promise;
      }),
      payment: paymentMachine.provide({
        actors: { queryStatus: fromPromise(async () => ({ code: 0, msg: isPaid() ? '1' : '0' })) },
      }),
    },
  });
