import { setup } from 'xstate';

/**
 * The server's order lifecycle (DESIGN section 4); the server applies its pure transition
 * inside the database transaction that changes the order. Wire orderState in brackets.
 *
 * | state          | meaning                                                              |
 * | -------------- | -------------------------------------------------------------------- |
 * | reserved (0)   | created; holds its place until paid or until the hold runs out       |
 * | paid (1)       | the money arrived                                                    |
 * | closed (5)     | the hold ran out unpaid; the place is released                       |
 * | refunding (3)  | money to give back (a refund asked, or late money for a place gone)  |
 * | refunded (4)   | given back                                                           |
 *
 * A payment confirmation of a paid order changes nothing (notifications are repeated).
 */
export type OrderEvent =
  | { type: 'payment.confirmed'; placeAvailable: boolean }
  | { type: 'hold.expired' }
  | { type: 'refund.requested' }
  | { type: 'refund.completed' };

type Confirmed = Extract<OrderEvent, { type: 'payment.confirmed' }>;

export const orderMachine = setup({
  types: { events: {} as OrderEvent },
  guards: {
    isPlaceAvailable: (_, event: Confirmed) => event.placeAvailable,
  },
}).createMachine({
  id: 'order',
  initial: 'reserved',
  states: {
    reserved: {
      on: {
        'payment.confirmed': 'paid',
        'hold.expired': 'closed',
      },
    },
    paid: {
      on: { 'refund.requested': 'refunding' },
    },
    closed: {
      on: {
        // Money after the hold ran out: kept if the place is still free, else given back.
        'payment.confirmed': [
          { guard: { type: 'isPlaceAvailable', params: ({ event }) => event }, target: 'paid' },
          { target: 'refunding' },
        ],
      },
    },
    refunding: {
      on: { 'refund.completed': 'refunded' },
    },
    refunded: { type: 'final' },
  },
});

export type OrderStateName = 'reserved' | 'paid' | 'closed' | 'refunding' | 'refunded';
