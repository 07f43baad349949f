import { type KeysetPage, PAGE_SIZE, TOTAL_CAP } from '@contract/console';
import { type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Keyset paging for the console's long lists (issue 38): a page starts after (or ends before) the
 * row a cursor names, by its sort value and id, so every page costs one index range whatever its
 * depth, and no page number limits how far back the temple can look. The total is counted up to
 * TOTAL_CAP rows: past that a list says 超过 1000 条 instead of counting a million rows a page.
 */

/** A cursor's parts: the sort value (a time in µs since 1970, or an integer) and the row's id. */
interface Cursor {
  key: string;
  id: string;
}

const parse = (cursor: string): Cursor => {
  const [key = '0', id = '0'] = cursor.split('_');
  return { key, id };
};

/** How a list is sorted: by `key` (a time or an integer column) then by `id`, one way. */
export interface KeysetOrder {
  key: RawBuilder<unknown>;
  id: RawBuilder<unknown>;
  keyIsTime: boolean;
  dir: 'asc' | 'desc';
}

/** A sort value as a cursor writes it: a time in microseconds, exactly (PostgreSQL keeps µs). */
export const cursorKey = (order: KeysetOrder) =>
  order.keyIsTime
    ? sql<string>`(extract(epoch from ${order.key}) * 1000000)::bigint::text`
    : sql<string>`${order.key}::bigint::text`;

const keyValue = (order: KeysetOrder, key: string) =>
  order.keyIsTime
    ? sql`(timestamptz 'epoch' + ${key}::bigint * interval '1 microsecond')`
    : sql`${key}::bigint`;

/** Rows beyond `cursor` in the direction read: (key, id) compared as one, which an index on both answers. */
const beyond = (order: KeysetOrder, cursor: Cursor, forward: boolean) => {
  const later = (order.dir === 'desc') !== forward;
  const value = sql`(${keyValue(order, cursor.key)}, ${cursor.id}::bigint)`;
  return later
    ? sql<SqlBool>`(${order.key}, ${order.id}) > ${value}`
    : sql<SqlBool>`(${order.key}, ${order.id}) < ${value}`;
};

/**
 * The query of one page's rows, and one more (is there a page beyond?): from the list's start, or
 * beyond `cursor` reading forward (the next page) or back (the page before, nearest first).
 */
export const pageQuery = <DB, TB extends keyof DB, R>(
  found: SelectQueryBuilder<DB, TB, R>,
  order: KeysetOrder,
  cursor?: string,
  forward = true,
) => {
  const dir = forward ? order.dir : order.dir === 'asc' ? 'desc' : 'asc';
  return (cursor === undefined ? found : found.where(beyond(order, parse(cursor), forward)))
    .select(cursorKey(order).as('place_key'))
    .select(sql<string>`${order.id}::text`.as('place_id'))
    .orderBy(order.key, dir)
    .orderBy(order.id, dir)
    .limit(PAGE_SIZE + 1);
};

/** A row as read: its own columns and the cursor of its place. */
type Placed<R> = R & { place: string };

/**
 * One page of `found` (the list's rows, filtered, their columns selected) in `order`, after
 * `search.after` or before `search.before`, with the total of `counted` (the same rows, nothing
 * selected, no join the count does not need) up to TOTAL_CAP and the cursors of the pages before
 * and after it; `toRow` makes each row the answer's.
 */
export const keysetPage = async <DB, TB extends keyof DB, R, T, CDB, CTB extends keyof CDB, CR>(
  db: Db,
  { found, counted }: { found: SelectQueryBuilder<DB, TB, R>; counted: SelectQueryBuilder<CDB, CTB, CR> },
  order: KeysetOrder,
  search: { after?: string | undefined; before?: string | undefined },
  toRow: (row: R) => T,
): Promise<KeysetPage<T>> => {
  const read = async (cursor: string | undefined, forward: boolean): Promise<Placed<R>[]> => {
    const rows = (await pageQuery(found, order, cursor, forward).execute()) as (R & {
      place_key: string;
      place_id: string;
    })[];
    return rows.map((row) => ({ ...row, place: `${row.place_key}_${row.place_id}` }));
  };
  const count = async () => {
    const capped = counted
      .clearSelect()
      .select(sql<number>`1`.as('one'))
      .limit(TOTAL_CAP + 1);
    const { rows } = await sql<{ n: string }>`select count(*) as n from (${capped}) c`.execute(db);
    return Number(rows[0]?.n ?? 0);
  };

  const before = search.before === undefined ? undefined : await read(search.before, false);
  // Back to the list's start: its first page, whole (not only the few rows before the cursor).
  const atStart = before === undefined ? search.after === undefined : before.length <= PAGE_SIZE;
  const [rows, total] = await Promise.all([
    before !== undefined && !atStart
      ? before.slice(0, PAGE_SIZE).reverse()
      : read(atStart ? undefined : search.after, true),
    count(),
  ]);
  const more = before !== undefined && !atStart ? true : rows.length > PAGE_SIZE;
  const shown = rows.slice(0, PAGE_SIZE);
  return {
    rows: shown.map(toRow),
    total: Math.min(total, TOTAL_CAP),
    totalCapped: total > TOTAL_CAP,
    prev: atStart ? null : (shown[0]?.place ?? null),
    next: more ? (shown.at(-1)?.place ?? null) : null,
    pageSize: PAGE_SIZE,
  };
};
