/** Time is injected, so holds, expiries and cooldowns are tested without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface ShiftableClock extends Clock {
  advance(seconds: number): void;
}

/**
 * Real time plus an offset that only grows. Outside production the end-to-end tests move it
 * forward through `POST /dev/clock/advance` (a code's cooldown, an order's 15-minute hold).
 */
export const createShiftableClock = (base: Clock = systemClock): ShiftableClock => {
  let offsetMs = 0;
  return {
    now: () => new Date(base.now().getTime() + offsetMs),
    advance: (seconds) => {
      offsetMs += seconds * 1000;
    },
  };
};
