import { randomUUID } from 'node:crypto';
import type { Db } from '@server/db/database';
import { holdsPlaceSql } from '@server/services/holds-place';
import { defineOrderKind, placesOf } from '@server/services/order-kinds';
import { sql } from 'kysely';
import * as v from 'valibot';

/**
 * An order kind with places, for testing the order core as the seat, slot and quota flows will
 * use it: each slot has a capacity; an order holds `quantity` of one slot while it is paid or
 * its hold has not run out. Every release is written down, so a test can count them.
 */
export const PLACES_KIND_TYPE = 99;
export const SOLD_OUT = '该时段已约满，请选择其他时段';

const request = v.object({
  type: v.literal(PLACES_KIND_TYPE, '订单类型不正确'),
  slot: v.pipe(v.string('请选择时段'), v.regex(/^[a-z0-9-]{1,20}$/, '时段不正确')),
  quantity: v.optional(
    v.pipe(v.number('数量不正确'), v.integer('数量不正确'), v.minValue(1, '数量不正确')),
    1,
  ),
  yuan: v.pipe(v.number('金额不正确'), v.integer('金额不正确'), v.minValue(1, '金额不正确')),
  reserve: v.optional(v.boolean('预订标记不正确'), false),
});

export const createPlacesTables = async (db: Db) => {
  await sql`
    create table if not exists test_slots (slot text primary key, capacity integer not null);
    create table if not exists test_releases (id serial primary key, order_id integer not null, released_at timestamptz not null);
  `.execute(db);
};

export const setCapacity = async (db: Db, slot: string, capacity: number) => {
  await sql`insert into test_slots (slot, capacity) values (${slot}, ${capacity})
    on conflict (slot) do update set capacity = excluded.capacity`.execute(db);
};

/** How many times the places kind released order `orderId`'s place (once, whatever the path). */
export const releasesOf = async (db: Db, orderId: number): Promise<number> => {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from test_releases where order_id = ${orderId}`.execute(db);
  return Number(rows[0]?.n);
};

/** Places of `slot` held now by orders other than `exceptOrder` (the one rule: holdsPlace). */
const heldBy = async (trx: Db, slot: string, exceptOrder: number, now: Date) => {
  const row = await trx
    .selectFrom('order_places')
    .innerJoin('orders', 'orders.id', 'order_places.order_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('order_places.quantity'), eb.lit(0)).as('held'))
    .where('order_places.place', '=', slot)
    .where('orders.id', '!=', exceptOrder)
    .where(holdsPlaceSql(now))
    .executeTakeFirst();
  return Number(row?.held ?? 0);
};

export const placesKind = defineOrderKind({
  type: PLACES_KIND_TYPE,
  schema: request,
  // Every order of the test kind is a thing of its own: the tests of this kind count holds and
  // races per order. Resuming an unpaid order is the real kinds' (order-resume.test.ts).
  subjectOf: () => [randomUUID()],
  async price(_trx, order) {
    const amountFen = order.yuan * 100;
    return {
      amountFen,
      description: `测试时段·${order.slot}`,
      mode: order.reserve ? 'reservation' : 'online',
      items: [
        {
          name: order.slot,
          itemCode: order.slot,
          quantity: order.quantity,
          unitPriceFen: Math.floor(amountFen / order.quantity),
          amountFen,
          wish: null,
          donorName: null,
        },
      ],
      places: [{ place: order.slot, quantity: order.quantity }],
    };
  },
  places: {
    soldOut: SOLD_OUT,
    async take(trx, order, now) {
      for (const { place, quantity } of await placesOf(trx, order.id)) {
        // The slot's row lock queues every taker of this slot, across processes.
        const slot = await sql<{
          capacity: number;
        }>`select capacity from test_slots where slot = ${place} for update`
          .execute(trx)
          .then((r) => r.rows[0]);
        if (!slot || (await heldBy(trx, place, order.id, now)) + quantity > slot.capacity) return false;
      }
      return true;
    },
    async release(trx, order, now) {
      await sql`insert into test_releases (order_id, released_at) values (${order.id}, ${now})`.execute(trx);
    },
  },
});
