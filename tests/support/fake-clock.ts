import type { Clock } from '@server/clock';
import { addSeconds } from 'date-fns';

export interface FakeClock extends Clock {
  advance(seconds: number): void;
}

/** A clock that moves only when told: expiries are tested by advancing it, never by sleeping. */
export const createFakeClock = (start = new Date('2026-11-22T02:00:00Z')): FakeClock => {
  let now = start;
  return {
    now: () => now,
    advance: (seconds) => {
      now = addSeconds(now, seconds);
    },
  };
};
