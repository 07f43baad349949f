/**
 * The reservation hold (DESIGN section 4): an order paid at the temple (a reservation-only order
 * of 10000 yuan and more, or a ceremony's slot after its deposit) keeps its place this many days.
 * The server sets the hold from it, and every notice and console text that says how long a place
 * is kept is built from it.
 */
export const RESERVATION_HOLD_DAYS = 7;
