import { AUTH_MESSAGES } from '@contract/auth';
import { PAYMENT_MESSAGES } from '@contract/payment';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { notFound, unauthorized } from '../errors';
import type { Logger } from '../logger';
import {
  endedSessions,
  type Revoked,
  readSession,
  type SessionRow,
  type SessionUser,
  sessionUser,
  tokenHash,
} from './auth';
import { changedOrderStates, type OrderState, pollAnswer, readOrderState } from './orders';

/** How often every polled session and order is read again: one batched read of each. */
export const REFRESH_MS = 250;
/**
 * No answer is built from a reading started longer ago than this; past it (a late refresh, a
 * database away) the poll reads the database itself. Bounds how stale a payment or a revocation
 * made on another instance can look: the dialog polls every second, so a payment shows within 1.5 s.
 */
export const MAX_AGE_MS = 500;
/** A session or order not polled for this long is let go (the dialog polls every second). */
const IDLE_MS = 3_000;
/** Beyond this many held rows of a kind, new ones are answered from the database without being kept. */
const MAX_HELD = 100_000;

interface Held<T> {
  value: T;
  /** When the reading that gave `value` started (performance.now()). */
  readAt: number;
  polledAt: number;
}

/** How one kind of row is read: whole on first sight; then, for all held rows at once, only what changed. */
interface RowSource<T> {
  read(key: string): Promise<T | undefined>;
  /** The held rows that changed since they were read: the new row, or undefined when it is gone. */
  changes(held: readonly (readonly [string, T])[]): Promise<Map<string, T | undefined>>;
}

/**
 * Rows of one kind held by key: read directly on first sight, then kept fresh by `refresh`,
 * which checks every held key in one query. A row forgotten while a read is in flight is not
 * kept from that read, so a logout or a payment on this instance is never undone by an older reading.
 */
const createHeldRows = <T>(source: RowSource<T>) => {
  const held = new Map<string, Held<T>>();
  const inFlight = new Map<string, { cancelled: boolean; answer: Promise<T | undefined> }>();

  const firstSight = (key: string) => {
    const joined = inFlight.get(key);
    if (joined) return joined.answer;
    const readAt = performance.now();
    const flight = {
      cancelled: false,
      answer: source
        .read(key)
        .then((value) => {
          if (!flight.cancelled) {
            if (value === undefined) held.delete(key);
            else if (held.size < MAX_HELD || held.has(key))
              held.set(key, { value, readAt, polledAt: readAt });
          }
          return value;
        })
        .finally(() => {
          if (inFlight.get(key) === flight) inFlight.delete(key);
        }),
    };
    inFlight.set(key, flight);
    return flight.answer;
  };

  return {
    get size() {
      return held.size;
    },

    /** The held row while its reading is at most MAX_AGE_MS old; undefined otherwise. */
    fresh(key: string): T | undefined {
      const now = performance.now();
      const row = held.get(key);
      if (!row || now - row.readAt > MAX_AGE_MS) return undefined;
      row.polledAt = now;
      return row.value;
    },

    get(key: string): Promise<T | undefined> {
      const value = this.fresh(key);
      return value === undefined ? firstSight(key) : Promise.resolve(value);
    },

    /** Drops the rows `matches`; reads in flight for a key `matches` (or for any key, given none) are not kept. */
    forget(matches: (key: string, value?: T) => boolean) {
      for (const [key, row] of held) if (matches(key, row.value)) held.delete(key);
      for (const [key, flight] of inFlight) {
        if (matches(key)) {
          flight.cancelled = true;
          inFlight.delete(key);
        }
      }
    },

    /** Lets idle rows go, then checks the rest in one query; a row forgotten or replaced meanwhile is left alone. */
    async refresh() {
      const started = performance.now();
      for (const [key, row] of held) if (started - row.polledAt > IDLE_MS) held.delete(key);
      if (held.size === 0) return;
      const snapshot = [...held];
      const changes = await source.changes(snapshot.map(([key, row]) => [key, row.value] as const));
      for (const [key, row] of snapshot) {
        if (held.get(key) !== row) continue;
        if (!changes.has(key)) row.readAt = started;
        else {
          const value = changes.get(key);
          if (value === undefined) held.delete(key);
          else Object.assign(row, { value, readAt: started });
        }
      }
    },
  };
};

export interface PaymentStatusDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
}

/**
 * The 1-second payment poll answered from memory, per instance. The sessions and orders being
 * polled are read once on first sight, then every REFRESH_MS all of them in one batched read
 * each, whichever instance changed them; this instance's own payments and logouts drop them at
 * once. Expiry (the token's, the hold's) is judged against the clock on every answer, and a
 * believer reads only an order of their own, as with the database.
 */
export const createPaymentStatusCache = ({ db, clock, logger }: PaymentStatusDeps) => {
  const sessions = createHeldRows<SessionRow>({
    read: (hash) => readSession(db, hash),
    // A session only ends (revoked); its expiry is judged against the clock on every answer.
    changes: async (held) => {
      const ended = await endedSessions(
        db,
        held.map(([hash]) => hash),
      );
      return new Map(ended.map((hash) => [hash, undefined]));
    },
  });
  const orders = createHeldRows<OrderState>({
    read: (no) => readOrderState(db, no),
    changes: async (held) => {
      const changed = await changedOrderStates(
        db,
        held.map(([, order]) => order),
      );
      return new Map(changed.map((order) => [order.out_trade_no, order]));
    },
  });

  let timer: ReturnType<typeof setInterval> | undefined;
  let refreshing = false;
  let failing = false;
  const refresh = async () => {
    if (refreshing) return;
    refreshing = true;
    try {
      await Promise.all([sessions.refresh(), orders.refresh()]);
      failing = false;
    } catch (error) {
      // The held rows age past MAX_AGE_MS and the poll reads the database itself meanwhile.
      if (!failing) logger.warn('payment_status.refresh_failed', { error: String(error) });
      failing = true;
    } finally {
      refreshing = false;
      if (sessions.size === 0 && orders.size === 0) stop();
    }
  };
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const ticking = () => {
    timer ??= setInterval(refresh, REFRESH_MS);
    timer.unref?.();
  };

  return {
    /** The believer of a live session (requireUser's source on the poll): 401 otherwise, as auth answers. */
    async userForToken(token: string): Promise<SessionUser> {
      ticking();
      const session = await sessions.get(tokenHash(token));
      if (!session || session.expires_at <= clock.now()) throw unauthorized(AUTH_MESSAGES.unauthorized);
      return sessionUser(session);
    },

    /** The poll's answer for the believer's own order: 404 for an order that is not theirs or not there. */
    async status(outTradeNo: string, user: SessionUser): Promise<string> {
      const order = await orders.get(outTradeNo);
      // Held by trade number for whoever polls it: only the order's own believer reads it.
      if (!order || order.user_id !== user.id) throw notFound(PAYMENT_MESSAGES.notFound);
      return pollAnswer(order, clock.now());
    },

    /**
     * The answer when memory holds it fresh (a live session polling its own order, both read
     * within MAX_AGE_MS); undefined sends the poll the long way, which reads, refuses or answers.
     */
    heldAnswer(token: string, outTradeNo: string): string | undefined {
      const session = sessions.fresh(tokenHash(token));
      const order = orders.fresh(outTradeNo);
      const now = clock.now();
      if (!session || session.expires_at <= now || !order || order.user_id !== session.id) return undefined;
      return pollAnswer(order, now);
    },

    /** A committed logout or revocation on this instance: refused from the next poll on. */
    revoked(revoked: Revoked) {
      if ('tokenHash' in revoked) sessions.forget((hash) => hash === revoked.tokenHash);
      // Reads in flight have no user yet: none of them is kept.
      else sessions.forget((_, row) => row === undefined || row.id === revoked.userId);
    },

    /** A committed payment or staff change on this instance: the next poll reads the order. */
    stateChanged(outTradeNo: string) {
      orders.forget((no) => no === outTradeNo);
    },

    stop,
  };
};

export type PaymentStatusCache = ReturnType<typeof createPaymentStatusCache>;
