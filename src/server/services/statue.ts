import {
  STATUE_MESSAGES,
  type StatueAll,
  type StatueGroup,
  type StatueItem,
  type StatueLocation,
  type StatueLocationItem,
  type StatueMaterial,
  type StatuePreview,
  type StatueSeats,
  type StatueSeatsRequest,
} from '@contract/statue';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { notFound } from '../errors';
import { horizonAt } from './answer-horizon';
import { seatMapOf } from './seats';

/** The statue calls of spec 001 section 7: locations, statues, materials and groups, seat maps. */
export const createStatueService = (db: Db, clock: Clock) => {
  const locationItem = (r: {
    location: number;
    name: string;
    en_name: string;
    image: string;
    particulars: string;
  }): StatueLocationItem => ({
    LOCATION: String(r.location) as StatueLocation,
    NAME: r.name,
    ENNAME: r.en_name,
    IMAGE: r.image,
    PARTICULARS: r.particulars,
  });

  const statues = async (location: number): Promise<StatueItem[]> =>
    (
      await db
        .selectFrom('statues')
        .select(['id', 'name', 'en_name'])
        .where('location', '=', location)
        .where('withdrawn', '=', false)
        .orderBy('sort')
        .orderBy('id')
        .execute()
    ).map((r) => ({ ID: r.id, NAME: r.name, EN_NAME: r.en_name }));

  const materials = async (location: number): Promise<StatueMaterial[]> =>
    (
      await db
        .selectFrom('statue_materials')
        .select(['id', 'name'])
        .where('location', '=', location)
        .where('withdrawn', '=', false)
        .orderBy('sort')
        .orderBy('id')
        .execute()
    ).map((r) => ({ ID: r.id, NAME: r.name }));

  const groupRows = (location: number) =>
    db.selectFrom('statue_groups').selectAll().where('location', '=', location).orderBy('sort').execute();
  const groupOf = (r: Awaited<ReturnType<typeof groupRows>>[number]): StatueGroup => ({
    FX_GROUP: r.fx_group,
    NAME: r.name,
    NG_PRICE: r.ng_price_fen / 100,
    CG_PRICE: r.cg_price_fen / 100,
  });

  return {
    async list(): Promise<StatueLocationItem[]> {
      const rows = await db.selectFrom('statue_locations').selectAll().orderBy('location').execute();
      return rows.map(locationItem);
    },

    statues: (location: StatueLocation) => statues(Number(location)),

    async preview(location: StatueLocation): Promise<StatuePreview> {
      const groups = await groupRows(Number(location));
      return {
        fxMaterialList: await materials(Number(location)),
        fxGroupMap: Object.fromEntries(groups.map((g) => [g.fx_group, groupOf(g)])),
        locationOffMap: Object.fromEntries(groups.map((g) => [g.fx_group, g.closed])),
      };
    },

    /**
     * The niches of a location and group, each with its state derived now. A niche is one place
     * whatever the material asked for: one sold in 铜鎏金 shows sold with 汉白玉 chosen too.
     */
    async seats(q: StatueSeatsRequest, at = horizonAt(clock.now())): Promise<StatueSeats> {
      const group = await db
        .selectFrom('statue_groups')
        .select('closed')
        .where('location', '=', Number(q.location))
        .where('fx_group', '=', q.fxGroup)
        .executeTakeFirst();
      const seats = await db
        .selectFrom('statue_seats')
        .leftJoin('seat_holders', (j) =>
          j.onRef('seat_holders.seat_id', '=', 'statue_seats.id').on('seat_holders.seat_kind', '=', 'statue'),
        )
        .leftJoin('orders', 'orders.id', 'seat_holders.order_id')
        .leftJoin('statue_orders', 'statue_orders.order_id', 'seat_holders.order_id')
        .select([
          'statue_seats.row_no',
          'statue_seats.col_no',
          'statue_seats.base_status',
          'orders.state as order_state',
          'orders.hold_until',
          'statue_orders.offered_at',
        ])
        .where('statue_seats.location', '=', Number(q.location))
        .where('statue_seats.fx_group', '=', q.fxGroup)
        .orderBy('statue_seats.row_no')
        .orderBy('statue_seats.col_no')
        .execute();
      if (!group || seats.length === 0) throw notFound(STATUE_MESSAGES.unknownChoice);
      return {
        fxOrderDataMap: seatMapOf(
          seats.map((s) => ({ ...s, group_closed: group.closed })),
          at,
        ),
      };
    },

    /** A location by its name, with its statues, materials and groups. */
    async all(name: string): Promise<StatueAll> {
      const row = await db
        .selectFrom('statue_locations')
        .selectAll()
        .where('name', '=', name)
        .executeTakeFirst();
      if (!row) throw notFound(STATUE_MESSAGES.unknownLocation);
      return {
        fx: {
          ...locationItem(row),
          statues: await statues(row.location),
          fxMaterialList: await materials(row.location),
          groups: (await groupRows(row.location)).map(groupOf),
        },
      };
    },
  };
};

export type StatueService = ReturnType<typeof createStatueService>;
