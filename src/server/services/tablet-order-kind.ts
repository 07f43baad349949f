import { yuanToFen } from '@contract/money';
import { ORDER_TYPES } from '@contract/order-types';
import { isReservationTotal, SEAT_MESSAGES, SEAT_STATUS } from '@contract/seats';
import { TABLET_MESSAGES, tabletOrderRequest } from '@contract/tablet';
import type { Db } from '../db/database';
import { badRequest } from '../errors';
import { guardHoldCap } from './hold-cap';
import { defineOrderKind, REMOVED_PLACE } from './order-kinds';
import { releaseSeat, rowColOf, SEAT_HOLD_CAP, takeSeat } from './seats';
import { floorName } from './tablet';

const seatOf = (trx: Db, orderId: number) =>
  trx.selectFrom('tablet_orders').select('seat_id').where('order_id', '=', orderId).executeTakeFirst();

/**
 * A memorial tablet place (order type 3, spec 002 sections 3-5, 8 and 9): a place of a pagoda
 * floor, tablet type and group, for a longevity blessing (延生禄位, names FG_ZZ) or a rebirth
 * merit tablet (往生莲位, names FG_JY with descendants YS). The place's price is the server's;
 * at 10000 yuan and above it is reserved 7 days and paid at the temple, otherwise paid by QR
 * within 15 minutes. The place is taken in the creating transaction.
 */
export const tabletOrderKind = defineOrderKind({
  type: ORDER_TYPES.tablet,
  schema: tabletOrderRequest,
  /** The tablet place: chosen again, the same order is resumed, or replaced when the names changed. */
  subjectOf: (order) => [order.PW_TYPE, order.PW_LOCATION, order.PW_GROUP, order.POSITION],
  async price(trx, order) {
    const pwType = Number(order.PW_TYPE);
    const category = await trx
      .selectFrom('tablet_categories')
      .select('name')
      .where('fs_type', '=', Number(order.FS_TYPE))
      .executeTakeFirst();
    if (!category) throw badRequest(TABLET_MESSAGES.unknownCategory);
    const type = await trx
      .selectFrom('tablet_types')
      .select('name')
      .where('pw_type', '=', pwType)
      .executeTakeFirst();
    if (!type) throw badRequest(TABLET_MESSAGES.unknownType);
    const group = await trx
      .selectFrom('tablet_groups')
      .select(['name', 'closed'])
      .where('pw_type', '=', pwType)
      .where('floor', '=', order.PW_LOCATION)
      .where('pw_group', '=', order.PW_GROUP)
      .executeTakeFirst();
    if (!group) throw badRequest(TABLET_MESSAGES.unknownGroup);
    const { row, col } = rowColOf(order.POSITION);
    const seat = await trx
      .selectFrom('tablet_seats')
      .select(['id', 'base_status', 'price_fen'])
      .where('pw_type', '=', pwType)
      .where('floor', '=', order.PW_LOCATION)
      .where('pw_group', '=', order.PW_GROUP)
      .where('row_no', '=', row)
      .where('col_no', '=', col)
      .executeTakeFirst();
    if (!seat) throw badRequest(SEAT_MESSAGES.unknown);
    // A group the temple closed (or one not yet opened) takes no new order; orders made keep their place.
    if (group.closed) throw badRequest(TABLET_MESSAGES.groupClosed);
    if (seat.base_status === SEAT_STATUS.blocked) throw badRequest(SEAT_MESSAGES.blocked);
    if (yuanToFen(order.PW_PRICE) !== seat.price_fen || yuanToFen(order.GFJ_TOTAL) !== seat.price_fen)
      throw badRequest(TABLET_MESSAGES.totalMismatch);

    const names =
      order.FS_TYPE === '1'
        ? order.zzList.map((e) => ({ name: e.FG_ZZ, birth_day: '' }))
        : order.jyList.map((e) => ({ name: e.FG_JY, birth_day: e.BIRTH_DAY }));
    const rows = [
      ...names
        .filter((n) => n.name !== '')
        .map((n, position) => ({ role: 'tablet' as const, position, ...n })),
      ...order.ysList
        .filter((e) => e.YS !== '')
        .map((e, position) => ({ role: 'descendant' as const, position, name: e.YS, birth_day: '' })),
    ];
    const where = `${floorName(order.PW_LOCATION)}${group.name}${row}排${col}号`;
    return {
      amountFen: seat.price_fen,
      description: `牌位供奉·${category.name}·${type.name}·${where}`,
      mode: isReservationTotal(seat.price_fen / 100) ? 'reservation' : 'online',
      items: [
        {
          name: `${category.name}·${type.name}·${where}`,
          itemCode: `tablet:${seat.id}`,
          quantity: 1,
          unitPriceFen: seat.price_fen,
          amountFen: seat.price_fen,
          wish: null,
          donorName: rows[0]?.name ?? null,
        },
      ],
      places: [{ place: `tablet:${seat.id}`, quantity: 1 }],
      async store(trx, stored) {
        await guardHoldCap(trx, stored, SEAT_HOLD_CAP);
        await trx
          .insertInto('tablet_orders')
          .values({
            order_id: stored.id,
            seat_id: seat.id,
            fs_type: order.FS_TYPE,
            pw_type: pwType,
            floor: order.PW_LOCATION,
            pw_group: order.PW_GROUP,
            price_fen: seat.price_fen,
          })
          .execute();
        await trx
          .insertInto('tablet_order_names')
          .values(rows.map((r) => ({ ...r, order_id: stored.id })))
          .execute();
      },
    };
  },
  places: {
    soldOut: SEAT_MESSAGES.taken,
    async take(trx, order, now) {
      const seat = await seatOf(trx, order.id);
      return seat ? takeSeat(trx, 'tablet', seat.seat_id, order, now) : false;
    },
    release: (trx, order) => releaseSeat(trx, order),
  },
  /** Its page in the console: the place (or that the catalogue no longer has it), and its names as one entry. */
  async orderPage(db, orderId) {
    const [row, names] = await Promise.all([
      db
        .selectFrom('tablet_orders as t')
        // A place removed from the catalogue since (nobody held it then) still leaves its order readable.
        .leftJoin('tablet_seats as s', 's.id', 't.seat_id')
        .leftJoin('tablet_groups as g', (j) =>
          j
            .onRef('g.pw_type', '=', 's.pw_type')
            .onRef('g.floor', '=', 's.floor')
            .onRef('g.pw_group', '=', 's.pw_group'),
        )
        .leftJoin('tablet_types as ty', 'ty.pw_type', 's.pw_type')
        .select(['t.fs_type', 'ty.name as type', 's.floor', 'g.name as group', 's.row_no', 's.col_no'])
        .where('t.order_id', '=', orderId)
        .executeTakeFirst(),
      db
        .selectFrom('tablet_order_names')
        .select(['role', 'name'])
        .where('order_id', '=', orderId)
        .orderBy('position')
        .execute(),
    ]);
    if (!row) return { places: [] };
    const of = (role: 'tablet' | 'descendant') => names.filter((n) => n.role === role).map((n) => n.name);
    const tablets = of('tablet');
    const none = tablets.map(() => '');
    const place =
      row.floor === null || row.row_no === null
        ? `牌位·${REMOVED_PLACE}`
        : `${row.type}·${floorName(row.floor)}${row.group}${row.row_no}排${row.col_no}号`;
    const kind = row.fs_type === '1' ? ('延生' as const) : ('往生' as const);
    return {
      places: [place],
      entries: [{ position: 0, kind, tablets, births: none, deaths: none, ys: of('descendant') }],
    };
  },
});
