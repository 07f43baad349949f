import { CONSOLE_MESSAGES, type SeatMapChoice } from '@contract/console';
import { SEAT_STATUS } from '@contract/seats';
import { sql } from 'kysely';
import * as v from 'valibot';
import type { Db } from '../../db/database';
import { conflict, notFound } from '../../errors';
import { parseWith } from '../../http';
import { holdsPlace } from '../holds-place';
import { type SeatFacts, type SeatKind, seatStatusOf } from '../seats';
import { floorName } from '../tablet';
import { audit, type StaffActor } from './audit';

/**
 * The seat maps as the 客堂 sees them: every seat of a statue group (`<location>-<fx_group>`) or a
 * tablet group (`<pw_type>-<floor>-<pw_group>`) with its state, derived by the one rule the public
 * maps use (seats.ts), and its holder; and a seat blocked or freed by the temple.
 */

export type ConsoleSeatState = 'free' | 'blocked' | 'held' | 'paid' | 'enshrined';

const STATE_OF: Record<number, ConsoleSeatState> = {
  [SEAT_STATUS.blocked]: 'blocked',
  [SEAT_STATUS.reserved]: 'held',
  [SEAT_STATUS.soldNotOffered]: 'paid',
  [SEAT_STATUS.soldOffered]: 'enshrined',
  [SEAT_STATUS.free]: 'free',
};

const mapKey = (kind: SeatKind) =>
  v.pipe(
    v.string(CONSOLE_MESSAGES.notFound),
    v.regex(
      kind === 'statue' ? /^\d{1,4}-[\w]{1,16}$/ : /^\d{1,4}-\d{1,2}-[\w]{1,16}$/,
      CONSOLE_MESSAGES.notFound,
    ),
  );
export const seatKindParam = v.picklist(['statue', 'tablet'], CONSOLE_MESSAGES.notFound);

/** The key of a map, judged against its kind: a malformed one is a 400 like any bad input. */
export const parseMapKey = (kind: SeatKind, key: string) => parseWith(mapKey(kind), key).split('-');

interface SeatRow extends SeatFacts {
  id: number;
  row_no: number;
  col_no: number;
  out_trade_no: string | null;
  holder_name: string | null;
}

/** The holder's name: its order's first line's donor (a statue's names, a tablet's first name). */
const holderName = sql<
  string | null
>`(select i.donor_name from order_items i where i.order_id = seat_holders.order_id order by i.id limit 1)`.as(
  'holder_name',
);

const toSeat = (s: SeatRow, now: Date) => {
  const holder = s.order_state === null ? null : { state: s.order_state, hold_until: s.hold_until };
  const holds = holder !== null && holdsPlace(holder, now);
  return {
    id: s.id,
    row: s.row_no,
    col: s.col_no,
    state: STATE_OF[seatStatusOf(s, now)] ?? 'blocked',
    holder: holds && s.out_trade_no ? { outTradeNo: s.out_trade_no, name: s.holder_name ?? '' } : null,
  };
};

const statueMap = async (db: Db, [location = '', group = ''] = [] as string[], now: Date) => {
  const head = await db
    .selectFrom('statue_groups as g')
    .innerJoin('statue_locations as l', 'l.location', 'g.location')
    .select(['l.name as place', 'g.name', 'g.closed'])
    .where('g.location', '=', Number(location))
    .where('g.fx_group', '=', group)
    .executeTakeFirst();
  if (!head) throw notFound(CONSOLE_MESSAGES.notFound);
  const seats = await db
    .selectFrom('statue_seats')
    .leftJoin('seat_holders', (j) =>
      j.onRef('seat_holders.seat_id', '=', 'statue_seats.id').on('seat_holders.seat_kind', '=', 'statue'),
    )
    .leftJoin('orders', 'orders.id', 'seat_holders.order_id')
    .leftJoin('statue_orders', 'statue_orders.order_id', 'seat_holders.order_id')
    .select([
      'statue_seats.id',
      'statue_seats.row_no',
      'statue_seats.col_no',
      'statue_seats.base_status',
      'orders.state as order_state',
      'orders.hold_until',
      'orders.out_trade_no',
      'statue_orders.offered_at',
      holderName,
    ])
    .where('statue_seats.location', '=', Number(location))
    .where('statue_seats.fx_group', '=', group)
    .orderBy('statue_seats.row_no')
    .orderBy('statue_seats.col_no')
    .execute();
  return {
    title: `圣像·${head.place}${head.name}`,
    seats: seats.map((s) => toSeat({ ...s, group_closed: head.closed }, now)),
  };
};

const tabletMap = async (db: Db, [type = '', floor = '', group = ''] = [] as string[], now: Date) => {
  const head = await db
    .selectFrom('tablet_groups as g')
    .innerJoin('tablet_types as t', 't.pw_type', 'g.pw_type')
    .select(['t.name as type', 'g.name', 'g.closed'])
    .where('g.pw_type', '=', Number(type))
    .where('g.floor', '=', Number(floor))
    .where('g.pw_group', '=', group)
    .executeTakeFirst();
  if (!head) throw notFound(CONSOLE_MESSAGES.notFound);
  const seats = await db
    .selectFrom('tablet_seats')
    .leftJoin('seat_holders', (j) =>
      j.onRef('seat_holders.seat_id', '=', 'tablet_seats.id').on('seat_holders.seat_kind', '=', 'tablet'),
    )
    .leftJoin('orders', 'orders.id', 'seat_holders.order_id')
    .select([
      'tablet_seats.id',
      'tablet_seats.row_no',
      'tablet_seats.col_no',
      'tablet_seats.base_status',
      'orders.state as order_state',
      'orders.hold_until',
      'orders.out_trade_no',
      holderName,
    ])
    .where('tablet_seats.pw_type', '=', Number(type))
    .where('tablet_seats.floor', '=', Number(floor))
    .where('tablet_seats.pw_group', '=', group)
    .orderBy('tablet_seats.row_no')
    .orderBy('tablet_seats.col_no')
    .execute();
  return {
    title: `${head.type}·${floorName(Number(floor))}${head.name}`,
    seats: seats.map((s) => toSeat({ ...s, group_closed: head.closed, offered_at: null }, now)),
  };
};

/** One map with every seat's state and holder; 404 when the group does not exist. */
export const seatMapFor = (db: Db, kind: SeatKind, key: string, now: Date) =>
  kind === 'statue' ? statueMap(db, parseMapKey(kind, key), now) : tabletMap(db, parseMapKey(kind, key), now);

/** Every map a clerk can open, statues first, in the catalogue's order. */
export const seatMapChoices = async (db: Db): Promise<SeatMapChoice[]> => {
  const [statues, tablets] = await Promise.all([
    db
      .selectFrom('statue_groups as g')
      .innerJoin('statue_locations as l', 'l.location', 'g.location')
      .select(['g.location', 'g.fx_group', 'l.name as place', 'g.name'])
      .orderBy('g.location')
      .orderBy('g.sort')
      .execute(),
    db
      .selectFrom('tablet_groups as g')
      .innerJoin('tablet_types as t', 't.pw_type', 'g.pw_type')
      .select(['g.pw_type', 'g.floor', 'g.pw_group', 't.name as type', 'g.name'])
      .orderBy('t.sort')
      .orderBy('g.floor')
      .orderBy('g.sort')
      .execute(),
  ]);
  return [
    ...statues.map((g) => ({
      kind: 'statue' as const,
      key: `${g.location}-${g.fx_group}`,
      title: `${g.place}${g.name}`,
    })),
    ...tablets.map((g) => ({
      kind: 'tablet' as const,
      key: `${g.pw_type}-${g.floor}-${g.pw_group}`,
      title: `${g.type}·${floorName(g.floor)}${g.name}`,
    })),
  ];
};

/**
 * The temple blocks a seat (base_status 1) or frees it (5), in a transaction on the seat's locked
 * row (the lock every order taking it queues on): a seat with a live holder cannot be blocked. The
 * seat table's trigger moves the catalogue version in the same transaction (migration 0010), so
 * the public maps show the change at once. Answers nothing; an unchanged seat writes nothing.
 */
export const setSeatBlocked = async (
  db: Db,
  kind: SeatKind,
  seatId: number,
  change: { blocked: boolean; reason: string },
  actor: StaffActor,
  now: Date,
): Promise<void> => {
  const table = kind === 'statue' ? 'statue_seats' : 'tablet_seats';
  await db.transaction().execute(async (trx) => {
    const seat = await trx
      .selectFrom(table)
      .select(['id', 'base_status'])
      .where('id', '=', seatId)
      .forUpdate()
      .executeTakeFirst();
    if (!seat) throw notFound(CONSOLE_MESSAGES.seatNotFound);
    const holder = await trx
      .selectFrom('seat_holders')
      .innerJoin('orders', 'orders.id', 'seat_holders.order_id')
      .select(['orders.state', 'orders.hold_until'])
      .where('seat_holders.seat_kind', '=', kind)
      .where('seat_holders.seat_id', '=', seatId)
      .executeTakeFirst();
    if (change.blocked && holder && holdsPlace(holder, now)) throw conflict(CONSOLE_MESSAGES.seatHeld);
    const status = change.blocked ? SEAT_STATUS.blocked : SEAT_STATUS.free;
    if (seat.base_status === status) return;
    await trx.updateTable(table).set({ base_status: status }).where('id', '=', seatId).execute();
    await audit(
      trx,
      actor,
      change.blocked ? 'seat.blocked' : 'seat.unblocked',
      `seat:${kind}:${seatId}`,
      { before: { baseStatus: seat.base_status }, after: { baseStatus: status, reason: change.reason } },
      now,
    );
  });
};
