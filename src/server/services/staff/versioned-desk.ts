import { VERSIONED_ITEM_MESSAGES } from '@contract/versioned-item';
import { type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { audit, type StaffActor } from './audit';

/**
 * What every catalogue desk of the console does the same way (issue 35): an item is read with its
 * version; every write is one transaction that locks the item's row, refuses a version other than
 * the one the form read (409, the contract's one `stale` message: of two saves read at one
 * version, the second waits for the first and finds the version moved), writes with the version
 * moved on, and appends one audit line with what changed before and after. 发布/撤下 checks the
 * version but does not move it: the version is the content's, so the form open beside the bar
 * saves on after publishing. A list's order is saved against the order it was read in. The
 * catalogue tables' triggers (db/catalogue-tables.ts) move the catalogue's version in the same
 * transaction, so the site shows a change at once.
 *
 * A desk keeps only what is its own: its rows' shapes, its guards (live orders, names taken), and
 * the rows it writes besides the item's.
 */

/** The tables whose rows the console saves at a version (a `version` column). */
export type VersionedTable = {
  [T in keyof Database]: Database[T] extends { version: unknown } ? T : never;
}[keyof Database];

type Row<T extends VersionedTable> = Selectable<Database[T]> & { version: number };

/** What a write sets besides the version, which only the desk moves. */
export type Changes<T extends VersionedTable> = Omit<Updateable<Database[T]>, 'version'>;

/** The columns that name one item: each equal to its value, or one of a list's. */
type Naming<T extends VersionedTable> = { [C in keyof Row<T>]?: Row<T>[C] | readonly Row<T>[C][] };

/**
 * How the queries below see the spec's table: Kysely cannot resolve the columns of a table the
 * type parameter names, so they run on this shape; the spec's types keep every caller typed.
 */
type AnyTable = Kysely<Record<string, { version: number; [column: string]: unknown }>>;
const anyTable = (trx: Db) => trx as unknown as AnyTable;

/** The one version check: a write read at `version` goes on only while the item is still at it. */
export const atVersion = <R extends { version: number }>(item: R, version: number): R => {
  if (item.version !== version) throw conflict(VERSIONED_ITEM_MESSAGES.stale);
  return item;
};

/** The version a write moves its item to (the form then holds this one). */
export const nextVersion = (version: number): number => version + 1;

/** One kind of item a desk saves at a version: its table, how a key names its row, its audit subject. */
export interface VersionedItemSpec<T extends VersionedTable, K> {
  table: T;
  /** The columns naming the row of `key`. */
  naming: (key: K) => Naming<T>;
  /** The 404's message when `key` names no row. */
  notFound: string;
  /** The subject of the item's audit lines (`merit:3`). */
  subject: (key: K) => string;
  /**
   * How a write locks the row: FOR UPDATE, or FOR NO KEY UPDATE where orders' foreign keys take
   * KEY SHARE on it (an order being made then does not wait for the editor).
   */
  lock?: 'update' | 'noKeyUpdate';
  /** Rows a write locks after the item's (an assembly's types, which a registration locks to take a place). */
  alsoLocks?: (trx: Db, key: K) => Promise<unknown>;
  /** 发布/撤下, for an item believers see only once published. */
  publishing?: {
    /** The audit's action is `<noun>.published` or `<noun>.unpublished`. */
    noun: string;
    /** The columns 发布 or 撤下 sets. */
    set: (published: boolean, actor: StaffActor, at: Date) => Changes<T>;
    /** Whether a stored row is published (the audit's before). */
    isPublished: (row: Row<T>) => boolean;
  };
}

/** A list's order saved against the order it was read in (merit items, the home carousel). */
export interface Reordering<R extends { id: number }> {
  /** The list as it stands, read under the caller's lock, in its order. */
  rows: R[];
  /** The ids as the console read them, and as it wants them. */
  from: number[];
  to: number[];
  /** 409's message when the list is no longer `from`; 400's when `to` is not the same ids. */
  changed: string;
  invalid: string;
  /** Writes a row's new position (1 is first). */
  place: (id: number, position: number) => Promise<unknown>;
  /** How the audit line names a row. */
  name: (row: R) => string;
  action: string;
  subject: string;
}

const sameOrder = (a: number[], b: number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

export const createVersionedDesk = ({ db, clock }: { db: Db; clock: Clock }) => {
  /** One audit line, in the write's transaction (the change and its line commit together). */
  const record = (
    trx: Db,
    actor: StaffActor,
    action: string,
    subject: string,
    change: { before?: unknown; after?: unknown },
  ) => audit(trx, actor, action, subject, change, clock.now());

  const item = <T extends VersionedTable, K>(spec: VersionedItemSpec<T, K>) => {
    const condition = (key: K) =>
      sql<boolean>`${sql.join(
        Object.entries(spec.naming(key)).map(([column, value]) =>
          Array.isArray(value)
            ? sql`${sql.ref(column)} in (${sql.join(value)})`
            : sql`${sql.ref(column)} = ${value}`,
        ),
        sql` and `,
      )}`;

    const select = async (trx: Db, key: K, lock: boolean): Promise<Row<T>> => {
      let query = anyTable(trx)
        .selectFrom(spec.table as string)
        .selectAll()
        .where(condition(key));
      if (lock) query = spec.lock === 'noKeyUpdate' ? query.forNoKeyUpdate() : query.forUpdate();
      const row = (await query.executeTakeFirst()) as Row<T> | undefined;
      if (!row) throw notFound(spec.notFound);
      return row;
    };

    const self = {
      /** The item as stored (404 when none). */
      read: (trx: Db, key: K) => select(trx, key, false),

      /** The item, refused unless still at `version`, unlocked: an early refusal before slow work. */
      readAt: async (trx: Db, key: K, version: number) => atVersion(await select(trx, key, false), version),

      /** The item's row locked for this write, refused (409) unless still at `version`. */
      lockAt: async (trx: Db, key: K, version: number) => {
        const row = await select(trx, key, true);
        await spec.alsoLocks?.(trx, key);
        return atVersion(row, version);
      },

      /** Writes `changes` to the item locked at `version` and moves its version on; answers the row. */
      save: async (trx: Db, key: K, version: number, changes: Changes<T> = {} as Changes<T>) =>
        (await anyTable(trx)
          .updateTable(spec.table as string)
          .set({ ...changes, version: nextVersion(version) })
          .where(condition(key))
          .returningAll()
          .executeTakeFirstOrThrow()) as Row<T>,

      /** The item's audit line. */
      record: (
        trx: Db,
        actor: StaffActor,
        key: K,
        action: string,
        change: { before?: unknown; after?: unknown },
      ) => record(trx, actor, action, spec.subject(key), change),

      /**
       * 发布 (believers see it at once) or 撤下 (new orders refused; orders made are kept): one
       * transaction that locks the item at `version` (never publishes what changed unseen), sets
       * the flag without moving the version, audits the flag before and after, and answers.
       */
      publish: <A>(
        key: K,
        published: boolean,
        version: number,
        actor: StaffActor,
        answer: (trx: Db) => Promise<A>,
      ): Promise<A> => {
        const publishing = spec.publishing;
        if (!publishing) throw new Error(`${spec.table} is not published`);
        return db.transaction().execute(async (trx) => {
          const before = await self.lockAt(trx, key, version);
          await anyTable(trx)
            .updateTable(spec.table as string)
            .set(publishing.set(published, actor, clock.now()))
            .where(condition(key))
            .execute();
          await self.record(
            trx,
            actor,
            key,
            `${publishing.noun}.${published ? 'published' : 'unpublished'}`,
            {
              before: { published: publishing.isPublished(before) },
              after: { published },
            },
          );
          return answer(trx);
        });
      },
    };
    return self;
  };

  /**
   * Saves a list's order against the order read: 409 when the list changed meanwhile (a row added,
   * removed or moved), 400 when `to` is not the same rows; writes every position and audits the
   * rows by name before and after. Runs in the caller's transaction, which holds the list's lock.
   */
  const reorder = async <R extends { id: number }>(trx: Db, actor: StaffActor, order: Reordering<R>) => {
    const ids = order.rows.map((row) => row.id);
    if (!sameOrder(ids, order.from)) throw conflict(order.changed);
    if (order.to.length !== ids.length || !order.to.every((id) => ids.includes(id)))
      throw badRequest(order.invalid);
    for (const [index, id] of order.to.entries()) await order.place(id, index + 1);
    const names = (list: number[]) =>
      list.map((id) => {
        const row = order.rows.find((r) => r.id === id);
        return row ? order.name(row) : String(id);
      });
    await record(trx, actor, order.action, order.subject, { before: names(ids), after: names(order.to) });
  };

  return { item, reorder, record };
};

export type VersionedDesk = ReturnType<typeof createVersionedDesk>;
