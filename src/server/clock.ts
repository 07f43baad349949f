/** Time is injected, so holds, expiries and cooldowns are tested without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
