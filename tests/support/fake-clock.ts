import { createShiftableClock, type ShiftableClock } from '@server/clock';

/** A clock that moves only when told: expiries are tested by advancing it, never by sleeping. */
export const createFakeClock = (start = new Date('2026-11-22T02:00:00Z')): ShiftableClock =>
  createShiftableClock({ now: () => start });
