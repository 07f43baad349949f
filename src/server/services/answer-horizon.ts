import { addDaysYmd } from '@contract/ceremony';
import { templeToday } from '@contract/temple-day';

/**
 * The instant an answer is computed for, and the first later instant at which time alone changes
 * it (a hold running out frees its place; the temple's next day moves what can be booked). A
 * cached answer is good until then (`catalogue-cache.ts`); a service that reads the clock takes
 * one, so that everything it derives comes from one `now`.
 */
export interface Horizon {
  readonly now: Date;
  /** Notes an instant at which the answer changes; instants not after `now` are ignored. */
  changesAt(at: Date): void;
  /** The earliest instant noted (ms since the epoch), Infinity when time does not change the answer. */
  readonly until: number;
}

export const horizonAt = (now: Date): Horizon => {
  let until = Number.POSITIVE_INFINITY;
  return {
    now,
    changesAt(at) {
      const ms = at.getTime();
      if (ms > now.getTime() && ms < until) until = ms;
    },
    get until() {
      return until;
    },
  };
};

/** The first instant of the temple's next day (Asia/Shanghai, UTC+8 all year). */
export const nextTempleDay = (now: Date): Date =>
  new Date(`${addDaysYmd(templeToday(now), 1)}T00:00:00+08:00`);
