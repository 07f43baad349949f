import { setup } from 'xstate';

/**
 * The server's order lifecycle (DESIGN section 4). The server applies its pure transition inside
 * the database transaction that changes the order, and carries out the named actions the
 * transition answers (take or release the place, mark paid, owe money back). Wire orderState in
 * brackets.
 *
 * | state                 | meaning                                                                 |
 * | --------------------- | ----------------------------------------------------------------------- |
 * | creating              | being written; never stored                                             |
 * | awaitingPayment (0)   | paid online by QR; holds its place for the QR's 15 minutes              |
 * | reservedAtTemple (0)  | reservation only (no QR): holds its place 7 days, paid at the temple    |
 * | paid (1)              | the money arrived (online, or marked by temple staff)                   |
 * | closed (5)            | the hold ran out or the order was cancelled; the place is released      |
 * | refunding (3)         | paid money to give back                                                 |
 * | refunded (4)          | given back                                                              |
 *
 * Tags say which states hold the order's place (`holdsPlace`), and of those which hold it only
 * until the order's hold ends (`untilHoldEnds`): the server derives its one rule from them
 * (src/server/services/holds-place.ts). A refund under way still holds the place: the place is
 * released when the refund is completed.
 *
 * Money that arrives after the hold ran out is re-checked: the order is paid if its place could
 * be taken again, otherwise it stays closed and the money is owed back. A second, different
 * payment of a paid order is owed back too; a repeated notification never reaches the machine.
 */
export type OrderEvent =
  | { type: 'order.created'; reservation: boolean }
  | { type: 'payment.confirmed'; placeAvailable: boolean }
  | { type: 'hold.expired' }
  | { type: 'order.cancelled' }
  | { type: 'staff.markedPaid' }
  | { type: 'refund.requested' }
  | { type: 'refund.completed' };

/** What the server does for a transition, inside the same database transaction. */
export type OrderAction = 'takePlace' | 'releasePlace' | 'markPaid' | 'markRefundDue';

type Created = Extract<OrderEvent, { type: 'order.created' }>;
type Confirmed = Extract<OrderEvent, { type: 'payment.confirmed' }>;

const serverAction = () => {};

export const orderMachine = setup({
  types: { events: {} as OrderEvent, tags: {} as 'holdsPlace' | 'untilHoldEnds' },
  actions: {
    takePlace: serverAction,
    releasePlace: serverAction,
    markPaid: serverAction,
    markRefundDue: serverAction,
  },
  guards: {
    isReservation: (_, event: Created) => event.reservation,
    isPlaceAvailable: (_, event: Confirmed) => event.placeAvailable,
  },
}).createMachine({
  id: 'order',
  initial: 'creating',
  states: {
    creating: {
      on: {
        'order.created': [
          {
            guard: { type: 'isReservation', params: ({ event }) => event },
            target: 'reservedAtTemple',
            actions: 'takePlace',
          },
          { target: 'awaitingPayment', actions: 'takePlace' },
        ],
      },
    },
    awaitingPayment: {
      tags: ['holdsPlace', 'untilHoldEnds'],
      on: {
        'payment.confirmed': { target: 'paid', actions: 'markPaid' },
        'hold.expired': { target: 'closed', actions: 'releasePlace' },
        'order.cancelled': { target: 'closed', actions: 'releasePlace' },
      },
    },
    reservedAtTemple: {
      tags: ['holdsPlace', 'untilHoldEnds'],
      on: {
        'staff.markedPaid': { target: 'paid', actions: 'markPaid' },
        // Money through a gateway for a reservation is still money for this order.
        'payment.confirmed': { target: 'paid', actions: 'markPaid' },
        'hold.expired': { target: 'closed', actions: 'releasePlace' },
        'order.cancelled': { target: 'closed', actions: 'releasePlace' },
      },
    },
    paid: {
      tags: ['holdsPlace'],
      on: {
        // A second, different payment: recorded and owed back; the order stays paid.
        'payment.confirmed': { actions: 'markRefundDue' },
        'refund.requested': 'refunding',
      },
    },
    closed: {
      on: {
        // Late money: paid if the place could be taken again (kinds without places: always).
        'payment.confirmed': [
          {
            guard: { type: 'isPlaceAvailable', params: ({ event }) => event },
            target: 'paid',
            actions: 'markPaid',
          },
          { actions: 'markRefundDue' },
        ],
      },
    },
    refunding: {
      tags: ['holdsPlace'],
      on: {
        'payment.confirmed': { actions: 'markRefundDue' },
        'refund.completed': { target: 'refunded', actions: 'releasePlace' },
      },
    },
    refunded: {
      type: 'final',
    },
  },
});

export type OrderStateName =
  | 'creating'
  | 'awaitingPayment'
  | 'reservedAtTemple'
  | 'paid'
  | 'closed'
  | 'refunding'
  | 'refunded';
