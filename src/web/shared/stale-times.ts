/**
 * How long a read is shown from the browser's cache before it is asked again.
 *
 * The catalogue (assembly, ceremony, merit, statue and tablet lists and details, prices, news,
 * videos, packages) changes when the temple edits it, a few times a day at most: five minutes
 * spares a believer who goes back and forth between list and detail every repeated call. It is
 * the query client's default.
 */
export const CATALOGUE_STALE_MS = 5 * 60_000;

/**
 * Places (seats, sessions and places left, quotas), payments and the believer's own records
 * change with every order: they are asked afresh each time a page shows them, so a sold seat
 * never shows as free from the cache.
 */
export const LIVE_STALE_MS = 0;
