import { yuanToFen } from '@contract/money';
import { ORDER_TYPES } from '@contract/order-types';
import { ORDER_STATE } from '@contract/payment';
import { isReservationTotal, SEAT_MESSAGES, SEAT_STATUS } from '@contract/seats';
import { GF_TYPE_TEXT, STATUE_MESSAGES, statueOrderRequest } from '@contract/statue';
import { STATUE_CATALOGUE_MESSAGES } from '@contract/statue-catalogue';
import type { Db } from '../db/database';
import { badRequest } from '../errors';
import { guardHoldCap } from './hold-cap';
import { defineOrderKind, REMOVED_PLACE } from './order-kinds';
import { releaseSeat, rowColOf, SEAT_HOLD_CAP, takeSeat } from './seats';

const seatOf = (trx: Db, orderId: number) =>
  trx.selectFrom('statue_orders').select('seat_id').where('order_id', '=', orderId).executeTakeFirst();

/**
 * Statue enshrinement (order type 7, spec 001 sections 3-5 and 9): a niche of a location, material
 * and position group for a statue, permanent (常供, CG_PRICE) or yearly (年供, NG_PRICE). The price
 * is the server's; at 10000 yuan and above the niche is reserved 7 days and paid at the temple,
 * otherwise paid by QR within 15 minutes. The niche is taken in the creating transaction.
 */
export const statueOrderKind = defineOrderKind({
  type: ORDER_TYPES.statue,
  schema: statueOrderRequest,
  /**
   * The niche: chosen again (the believer's own unpaid niche), the same order is resumed, or
   * replaced when the statue, term or names changed. Another niche is an order of its own.
   */
  subjectOf: (order) => [order.LOCATION, order.FX_GROUP, order.POSITION],
  async price(trx, order) {
    const location = Number(order.LOCATION);
    const place = await trx
      .selectFrom('statue_locations')
      .select('name')
      .where('location', '=', location)
      .executeTakeFirst();
    const material = await trx
      .selectFrom('statue_materials')
      .select(['name', 'withdrawn'])
      .where('id', '=', order.MATERIAL)
      .where('location', '=', location)
      .executeTakeFirst();
    const statue = await trx
      .selectFrom('statues')
      .select(['name', 'withdrawn'])
      .where('id', '=', order.STATUE)
      .where('location', '=', location)
      .executeTakeFirst();
    const group = await trx
      .selectFrom('statue_groups')
      .selectAll()
      .where('location', '=', location)
      .where('fx_group', '=', order.FX_GROUP)
      .executeTakeFirst();
    if (!place || !material || !statue || !group) throw badRequest(STATUE_MESSAGES.unknownChoice);
    // Withdrawn by the temple (console): no new order; orders made keep theirs.
    if (statue.withdrawn) throw badRequest(STATUE_CATALOGUE_MESSAGES.statueWithdrawn);
    if (material.withdrawn) throw badRequest(STATUE_CATALOGUE_MESSAGES.materialWithdrawn);
    const { row, col } = rowColOf(order.POSITION);
    const seat = await trx
      .selectFrom('statue_seats')
      .select(['id', 'base_status'])
      .where('location', '=', location)
      .where('fx_group', '=', order.FX_GROUP)
      .where('row_no', '=', row)
      .where('col_no', '=', col)
      .executeTakeFirst();
    if (!seat) throw badRequest(SEAT_MESSAGES.unknown);
    if (group.closed || seat.base_status === SEAT_STATUS.blocked) throw badRequest(SEAT_MESSAGES.blocked);

    const priceFen = order.GF_TYPE === '1' ? group.cg_price_fen : group.ng_price_fen;
    if (yuanToFen(order.GFJ_TOTAL) !== priceFen) throw badRequest(STATUE_MESSAGES.totalMismatch);
    const term = GF_TYPE_TEXT[order.GF_TYPE];
    const name = `${statue.name}（${material.name}）·${term}`;
    return {
      amountFen: priceFen,
      description: `圣像供奉·${place.name}${group.name}${row}排${col}号·${name}`,
      mode: isReservationTotal(priceFen / 100) ? 'reservation' : 'online',
      items: [
        {
          name,
          itemCode: `statue:${seat.id}`,
          quantity: 1,
          unitPriceFen: priceFen,
          amountFen: priceFen,
          wish: null,
          donorName: order.GD_NAMES,
        },
      ],
      places: [{ place: `statue:${seat.id}`, quantity: 1 }],
      async store(trx, stored) {
        await guardHoldCap(trx, stored, SEAT_HOLD_CAP);
        await trx
          .insertInto('statue_orders')
          .values({
            order_id: stored.id,
            seat_id: seat.id,
            location,
            material_id: order.MATERIAL,
            statue_id: order.STATUE,
            fx_group: order.FX_GROUP,
            gf_type: order.GF_TYPE,
            price_fen: priceFen,
            donor_names: order.GD_NAMES,
            remark: order.REMARK,
            offered_at: null,
          })
          .execute();
      },
    };
  },
  places: {
    soldOut: SEAT_MESSAGES.taken,
    async take(trx, order, now) {
      const seat = await seatOf(trx, order.id);
      return seat ? takeSeat(trx, 'statue', seat.seat_id, order, now) : false;
    },
    release: (trx, order) => releaseSeat(trx, order),
  },
  /** Its page in the console: the niche, or that the catalogue no longer has it. */
  async orderPage(db, orderId) {
    const rows = await db
      .selectFrom('statue_orders as so')
      // A niche removed from the catalogue since (nobody held it then) still leaves its order readable.
      .leftJoin('statue_seats as s', 's.id', 'so.seat_id')
      .leftJoin('statue_locations as l', 'l.location', 's.location')
      .leftJoin('statue_groups as g', (j) =>
        j.onRef('g.location', '=', 's.location').onRef('g.fx_group', '=', 's.fx_group'),
      )
      .select(['l.name as place', 'g.name as group', 's.row_no', 's.col_no'])
      .where('so.order_id', '=', orderId)
      .execute();
    return {
      places: rows.map((s) =>
        s.row_no === null ? `圣像·${REMOVED_PLACE}` : `圣像·${s.place}${s.group}${s.row_no}排${s.col_no}号`,
      ),
    };
  },
});

/**
 * Staff put a sold statue in its niche (已售已供): the order must be paid; answers false when it
 * is not a paid statue order. Marking twice keeps the first time.
 */
export const markStatueOffered = async (trx: Db, outTradeNo: string, now: Date): Promise<boolean> => {
  const order = await trx
    .selectFrom('orders')
    .innerJoin('statue_orders', 'statue_orders.order_id', 'orders.id')
    .select(['orders.id', 'orders.state', 'statue_orders.offered_at'])
    .where('orders.out_trade_no', '=', outTradeNo)
    .forUpdate()
    .executeTakeFirst();
  if (order?.state !== ORDER_STATE.paid) return false;
  if (!order.offered_at)
    await trx
      .updateTable('statue_orders')
      .set({ offered_at: now })
      .where('order_id', '=', order.id)
      .execute();
  return true;
};
