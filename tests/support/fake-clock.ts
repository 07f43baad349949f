import { createShiftableClock, type ShiftableClock } from '@server/clock';

/** Where every test's clock starts unless told otherwise (the day the test databases are seeded for). */
export const TEST_START = new Date('2026-11-22T02:00:00Z');

/** A clock that moves only when told: expiries are tested by advancing it, never by sleeping. */
export const createFakeClock = (start = TEST_START): ShiftableClock =>
  createShiftableClock({ now: () => start });
