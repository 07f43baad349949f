import { ORDER_STATE } from '@contract/payment';
import { SEAT_STATUS } from '@contract/seats';
import { type SeatFacts, seatStatusOf } from '@server/services/seats';
import { describe, expect, it } from 'vitest';

const now = new Date('2026-11-22T08:00:00Z');
const later = new Date(now.getTime() + 60_000);
const earlier = new Date(now.getTime() - 60_000);
const seat = (facts: Partial<SeatFacts>): SeatFacts => ({
  base_status: SEAT_STATUS.free,
  group_closed: false,
  order_state: null,
  hold_until: null,
  offered_at: null,
  ...facts,
});

describe('a seat’s state as the seat map shows it', () => {
  it.each([
    ['no holder', seat({}), SEAT_STATUS.free],
    [
      'a paid holder',
      seat({ order_state: ORDER_STATE.paid, hold_until: earlier }),
      SEAT_STATUS.soldNotOffered,
    ],
    [
      'a paid holder, offered',
      seat({ order_state: ORDER_STATE.paid, offered_at: earlier }),
      SEAT_STATUS.soldOffered,
    ],
    // takeSeat refuses a seat whose order is being refunded: the map must not offer it as free.
    [
      'a refund under way',
      seat({ order_state: ORDER_STATE.refunding, hold_until: earlier }),
      SEAT_STATUS.soldNotOffered,
    ],
    [
      'an unpaid holder within its hold',
      seat({ order_state: ORDER_STATE.reserved, hold_until: later }),
      SEAT_STATUS.reserved,
    ],
    [
      'an unpaid holder whose hold ran out',
      seat({ order_state: ORDER_STATE.reserved, hold_until: earlier }),
      SEAT_STATUS.free,
    ],
    ['a refunded holder', seat({ order_state: ORDER_STATE.refunded }), SEAT_STATUS.free],
    ['a closed group', seat({ group_closed: true }), SEAT_STATUS.blocked],
  ])('%s', (_, facts, status) => {
    expect(seatStatusOf(facts, now)).toBe(status);
  });
});
