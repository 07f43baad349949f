import { ORDER_TYPES } from '@contract/order-types';
import {
  positionOf,
  SEAT_MESSAGES,
  SEAT_RULES,
  SEAT_STATUS,
  type SeatMap,
  type ServerSeatStatus,
} from '@contract/seats';
import type { Db } from '../db/database';
import type { Horizon } from './answer-horizon';
import type { HoldCap } from './hold-cap';
import { holdsPlace, isLiveHold } from './holds-place';
import type { StoredOrder } from './order-kinds';

/**
 * Seats shared by the statue niches (order kind 7) and the tablet places (order kind 3): a seat's
 * holder, its derived state, and the per-believer cap on unpaid seats.
 */

export type SeatKind = 'statue' | 'tablet';

/** The order kinds that hold seats. */
export const SEAT_ORDER_TYPES = [ORDER_TYPES.tablet, ORDER_TYPES.statue] as const;

/** What a seat's state is derived from: its own flag, its group, and its holder's order. */
export interface SeatFacts {
  base_status: number;
  group_closed: boolean;
  order_state: number | null;
  hold_until: Date | null;
  offered_at: Date | null;
}

/**
 * A seat's state (PW_STATUS), never stored: a paid (or refunding) holder is sold (4 once staff marked it offered,
 * else 3); an unpaid holder within its hold is reserved (2); otherwise the seat is blocked (1) when
 * the temple closed it or its group, else free (5). A holder whose hold ran out counts for nothing,
 * whether or not the sweeper closed its order yet.
 */
export const seatStatusOf = (seat: SeatFacts, now: Date): ServerSeatStatus => {
  if (seat.order_state !== null) {
    const holder = { state: seat.order_state, hold_until: seat.hold_until };
    // An unpaid holder within its hold reserves the seat; any other holder that holds its place
    // (paid, or a refund under way) has it sold.
    if (isLiveHold(holder, now)) return SEAT_STATUS.reserved;
    if (holdsPlace(holder, now))
      return seat.offered_at ? SEAT_STATUS.soldOffered : SEAT_STATUS.soldNotOffered;
  }
  if (seat.base_status === SEAT_STATUS.blocked || seat.group_closed) return SEAT_STATUS.blocked;
  return SEAT_STATUS.free;
};

/**
 * A seat map of rows with their states derived at the answer's instant (its size is the furthest
 * seat); a reserved seat frees up when its hold runs out, so the answer changes then.
 */
export const seatMapOf = (
  seats: (SeatFacts & { row_no: number; col_no: number })[],
  at: Horizon,
): SeatMap => ({
  ROWS: Math.max(0, ...seats.map((s) => s.row_no)),
  COLS: Math.max(0, ...seats.map((s) => s.col_no)),
  seats: seats.map((s) => {
    const status = seatStatusOf(s, at.now);
    if (status === SEAT_STATUS.reserved && s.hold_until) at.changesAt(s.hold_until);
    return { POSITION: positionOf(s.row_no, s.col_no), ROW: s.row_no, COL: s.col_no, PW_STATUS: status };
  }),
});

/** Row and column of a POSITION ('row_col'; the schema checked its form). */
export const rowColOf = (position: string): { row: number; col: number } => {
  const [row = 0, col = 0] = position.split('_').map(Number);
  return { row, col };
};

/** Unpaid seats, statues and tablets together, that one believer may hold at once. */
export const SEAT_HOLD_CAP: HoldCap = {
  name: 'seat',
  types: SEAT_ORDER_TYPES,
  max: SEAT_RULES.maxUnpaidHolds,
  message: SEAT_MESSAGES.holdCap,
};

/**
 * Takes a seat for an order, in the order's transaction: the seat row locked FOR UPDATE queues
 * every taker of that seat across processes; a holder that is this order keeps it; a live holder
 * (paid, refunding, or unpaid within its hold) refuses it; a stale one (closed, or its hold ran
 * out before the sweeper came) is replaced. The holder table's primary key backs the lock: an
 * insert that meets another holder inserts nothing and the seat is refused.
 */
export const takeSeat = async (
  trx: Db,
  kind: SeatKind,
  seatId: number,
  order: StoredOrder,
  now: Date,
): Promise<boolean> => {
  const table = kind === 'statue' ? 'statue_seats' : 'tablet_seats';
  const seat = await trx
    .selectFrom(table)
    .select('id')
    .where('id', '=', seatId)
    .forUpdate()
    .executeTakeFirst();
  if (!seat) return false;
  const holder = await trx
    .selectFrom('seat_holders')
    .innerJoin('orders', 'orders.id', 'seat_holders.order_id')
    .select(['seat_holders.order_id', 'orders.state', 'orders.hold_until'])
    .where('seat_holders.seat_kind', '=', kind)
    .where('seat_holders.seat_id', '=', seatId)
    .executeTakeFirst();
  if (holder) {
    if (holder.order_id === order.id) return true;
    if (holdsPlace(holder, now)) return false;
    await trx
      .deleteFrom('seat_holders')
      .where('seat_kind', '=', kind)
      .where('seat_id', '=', seatId)
      .where('order_id', '=', holder.order_id)
      .execute();
  }
  const inserted = await trx
    .insertInto('seat_holders')
    .values({ seat_kind: kind, seat_id: seatId, order_id: order.id })
    .onConflict((oc) => oc.columns(['seat_kind', 'seat_id']).doNothing())
    .returning('order_id')
    .executeTakeFirst();
  return inserted !== undefined;
};

/** Gives an order's seat back (the order closed, by whatever path). */
export const releaseSeat = async (trx: Db, order: StoredOrder): Promise<void> => {
  await trx.deleteFrom('seat_holders').where('order_id', '=', order.id).execute();
};
