import {
  floorGroupKey,
  type PwFloor,
  type PwType,
  TABLET_MESSAGES,
  type TabletCategory,
  type TabletCategoryItem,
  type TabletDictMaps,
  type TabletFloorItem,
  type TabletSeats,
  type TabletSeatsRequest,
  type TabletTypeItem,
} from '@contract/tablet';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { notFound } from '../errors';
import { horizonAt } from './answer-horizon';
import { seatMapOf } from './seats';

const FLOOR_NAMES = ['', '一层', '二层', '三层', '四层'];
export const floorName = (floor: number) => FLOOR_NAMES[floor] ?? `${floor}层`;

/** The tablet calls of spec 002 section 7: types, categories, the location cascader, maps, seats. */
export const createTabletService = (db: Db, clock: Clock) => {
  const groups = (pwType: PwType) =>
    db
      .selectFrom('tablet_groups')
      .selectAll()
      .where('pw_type', '=', Number(pwType))
      .orderBy('floor')
      .orderBy('sort')
      .execute();

  return {
    async types(): Promise<TabletTypeItem[]> {
      const rows = await db.selectFrom('tablet_types').selectAll().orderBy('sort').execute();
      return rows.map((r) => ({
        PW_TYPE: String(r.pw_type) as PwType,
        NAME: r.name,
        IMAGE: r.image,
        PARTICULARS: r.particulars,
      }));
    },

    async categories(): Promise<TabletCategoryItem[]> {
      const rows = await db.selectFrom('tablet_categories').selectAll().orderBy('fs_type').execute();
      return rows.map((r) => ({
        FS_TYPE: String(r.fs_type) as TabletCategory,
        NAME: r.name,
        IMAGE: r.image,
        PARTICULARS: r.particulars,
      }));
    },

    /** Floors 1-4 of a type, each with its groups (the cascader). */
    async locations(pwType: PwType): Promise<TabletFloorItem[]> {
      const rows = await groups(pwType);
      const floors = [...new Set(rows.map((r) => r.floor))];
      return floors.map((floor) => ({
        PW_LOCATION: floor as PwFloor,
        NAME: floorName(floor),
        groups: rows
          .filter((r) => r.floor === floor)
          .map((r) => ({ PW_GROUP: r.pw_group, NAME: r.name, CLOSED: r.closed })),
      }));
    },

    /** Group names, floor names, closed groups and prices (yuan) of a type. */
    async dictMaps(pwType: PwType): Promise<TabletDictMaps> {
      const rows = await groups(pwType);
      const prices = await db
        .selectFrom('tablet_seats')
        .select(['floor', 'pw_group', (eb) => eb.fn.min<number>('price_fen').as('price_fen')])
        .where('pw_type', '=', Number(pwType))
        .groupBy(['floor', 'pw_group'])
        .execute();
      return {
        pwGroupMap: Object.fromEntries(rows.map((r) => [r.pw_group, r.name])),
        locationMap: Object.fromEntries(rows.map((r) => [String(r.floor), floorName(r.floor)])),
        locationOffMap: Object.fromEntries(rows.map((r) => [floorGroupKey(r.floor, r.pw_group), r.closed])),
        priceMap: Object.fromEntries(
          prices.map((p) => [floorGroupKey(p.floor, p.pw_group), Number(p.price_fen) / 100]),
        ),
      };
    },

    /** The places of a floor, type and group, each with its state derived now, and their price. */
    async seats(q: TabletSeatsRequest, at = horizonAt(clock.now())): Promise<TabletSeats> {
      const floor = Number(q.pwLocation);
      const group = await db
        .selectFrom('tablet_groups')
        .select('closed')
        .where('pw_type', '=', Number(q.pwType))
        .where('floor', '=', floor)
        .where('pw_group', '=', q.pwGroup)
        .executeTakeFirst();
      if (!group) throw notFound(TABLET_MESSAGES.unknownGroup);
      const seats = await db
        .selectFrom('tablet_seats')
        .leftJoin('seat_holders', (j) =>
          j.onRef('seat_holders.seat_id', '=', 'tablet_seats.id').on('seat_holders.seat_kind', '=', 'tablet'),
        )
        .leftJoin('orders', 'orders.id', 'seat_holders.order_id')
        .select([
          'tablet_seats.row_no',
          'tablet_seats.col_no',
          'tablet_seats.base_status',
          'tablet_seats.price_fen',
          'orders.state as order_state',
          'orders.hold_until',
        ])
        .where('tablet_seats.pw_type', '=', Number(q.pwType))
        .where('tablet_seats.floor', '=', floor)
        .where('tablet_seats.pw_group', '=', q.pwGroup)
        .orderBy('tablet_seats.row_no')
        .orderBy('tablet_seats.col_no')
        .execute();
      if (seats.length === 0) throw notFound(TABLET_MESSAGES.unknownGroup);
      return {
        pwOrderDataMap: seatMapOf(
          seats.map((s) => ({ ...s, group_closed: group.closed, offered_at: null })),
          at,
        ),
        // One price per group (the seed's and the temple's practice); the order is checked per place.
        PW_PRICE: Math.min(...seats.map((s) => s.price_fen)) / 100,
      };
    },
  };
};

export type TabletService = ReturnType<typeof createTabletService>;
