import { ORDER_STATE } from '@contract/payment';
import { type DatabaseHandle, openPglite, openPostgres } from '@server/db/database';
import {
  holdHasEnded,
  holdHasEndedSql,
  holdsPlace,
  holdsPlaceSql,
  isLiveHold,
  isLiveHoldSql,
} from '@server/services/holds-place';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/test-databases';

/**
 * "This order holds its place" is one rule with a TypeScript and an SQL form. Every stored state,
 * at the instants just before, at and just after the hold's end: both forms answer the same, on
 * both databases, and they answer what the order machine's states say.
 */
const end = new Date('2026-11-26T08:15:00.000Z');
const instants = {
  before: new Date(end.getTime() - 1),
  at: end,
  after: new Date(end.getTime() + 1),
} as const;
type Instant = keyof typeof instants;

/** Per stored state: [holds its place, live unpaid hold, hold ended] before / at / after the end. */
const expected: Record<string, { state: number; holds: Instant[]; live: Instant[]; ended: Instant[] }> = {
  'awaiting payment or reserved at the temple (0)': {
    state: ORDER_STATE.reserved,
    holds: ['before'],
    live: ['before'],
    ended: ['at', 'after'],
  },
  'paid (1)': { state: ORDER_STATE.paid, holds: ['before', 'at', 'after'], live: [], ended: [] },
  'refunding (3)': { state: ORDER_STATE.refunding, holds: ['before', 'at', 'after'], live: [], ended: [] },
  'refunded (4)': { state: ORDER_STATE.refunded, holds: [], live: [], ended: [] },
  'closed (5)': { state: ORDER_STATE.closed, holds: [], live: [], ended: [] },
};

const rows = Object.entries(expected).flatMap(([name, row]) =>
  (Object.keys(instants) as Instant[]).map((instant) => ({ name, instant, ...row })),
);

describe.each(databaseKinds())('one rule for a held place, on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = kind === 'pglite' ? await openPglite() : openPostgres(process.env.TEST_DATABASE_URL ?? '');
  });
  afterAll(async () => handle.close());

  /** The SQL forms over one order row of the given state and hold (`orders` as the rule names it). */
  const inSql = async (state: number, now: Date) => {
    const { rows: answer } = await sql<{ holds: boolean; live: boolean; ended: boolean }>`
      select ${holdsPlaceSql(now)} as holds, ${isLiveHoldSql(now)} as live, ${holdHasEndedSql(now)} as ended
      from (values (${state}::int, ${end}::timestamptz)) as orders(state, hold_until)`.execute(handle.db);
    return answer[0];
  };

  it.each(rows)('$name, $instant the hold’s end', async ({ state, instant, holds, live, ended }) => {
    const now = instants[instant];
    const order = { state, hold_until: end };
    const want = {
      holds: holds.includes(instant),
      live: live.includes(instant),
      ended: ended.includes(instant),
    };
    expect({
      holds: holdsPlace(order, now),
      live: isLiveHold(order, now),
      ended: holdHasEnded(order, now),
    }).toEqual(want);
    expect(await inSql(state, now)).toEqual(want);
  });
});
