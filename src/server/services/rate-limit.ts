import { sql } from 'kysely';
import type { Db } from '../db/database';

/** The start of the fixed window of `windowSeconds` that `at` falls in. */
const windowStartOf = (at: Date, windowSeconds: number): Date => {
  const windowMs = windowSeconds * 1000;
  return new Date(Math.floor(at.getTime() / windowMs) * windowMs);
};

/**
 * Counts a hit of `bucket` in the fixed window `now` falls in and answers the seconds until the
 * window ends when the count is over `limit` (null while within it). The counter is one row per
 * bucket and window, incremented by one atomic upsert, so every instance on the database shares
 * it; it commits on its own, before (and whatever) the limited call answers.
 */
export const hitRateLimit = async (
  db: Db,
  bucket: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<number | null> => {
  const windowMs = windowSeconds * 1000;
  const windowStart = windowStartOf(now, windowSeconds);
  const row = await db
    .insertInto('rate_limits')
    .values({ bucket, window_start: windowStart, hits: 1 })
    .onConflict((oc) =>
      oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limits.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  if (row.hits === 1) {
    // A new window: forget the windows of before yesterday.
    await db
      .deleteFrom('rate_limits')
      .where('window_start', '<', new Date(now.getTime() - 86_400_000))
      .execute();
  }
  return row.hits > limit ? Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000) : null;
};

/**
 * Takes back a hit that `hitRateLimit` counted at `at` (the same instant, so the same window's
 * counter, even when the window has ended since): a limit of failures counts every call first,
 * then forgives the ones that succeeded, so calls sent at once cannot slip past it uncounted.
 */
export const forgiveRateLimitHit = async (
  db: Db,
  bucket: string,
  windowSeconds: number,
  at: Date,
): Promise<void> => {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql<number>`hits - 1` })
    .where('bucket', '=', bucket)
    .where('window_start', '=', windowStartOf(at, windowSeconds))
    .where('hits', '>', 0)
    .execute();
};

/**
 * Counts a hit in the windows of `bucket`, shortest first, and answers the wait of the first
 * one over its limit (null while every window is within its limit). A call refused by one window
 * is not counted in the longer ones: a daily count is of the calls let through, plus those the
 * day itself refused. The window's length is part of the counter's name: an hourly and a daily
 * window of one bucket that start at the same instant are two counters.
 */
export const hitRateLimits = async (
  db: Db,
  bucket: string,
  windows: readonly { limit: number; windowSeconds: number }[],
  now: Date,
): Promise<number | null> => {
  for (const { limit, windowSeconds } of windows) {
    const wait = await hitRateLimit(db, `${bucket}:${windowSeconds}`, limit, windowSeconds, now);
    if (wait !== null) return wait;
  }
  return null;
};
