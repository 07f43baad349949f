import type { DatabaseHandle } from '@server/db/database';
import { migrateTo, migrateToLatest } from '@server/db/migrate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../support/migration-database';
import { databaseKinds } from '../support/test-databases';

/**
 * Migration 0011 over a database made before it: a niche had a copy per material, and two
 * believers had bought copies of one niche. After it: one row per niche, the earliest order keeps
 * the niche, both orders point at it, and the database refuses a second copy.
 */
describe.each(databaseKinds())('one row per physical niche, migrated on %s', (kind) => {
  let handle: DatabaseHandle;
  let drop = async () => {};
  beforeAll(async () => {
    ({ handle, drop } = await emptyDatabase(kind));
  });
  afterAll(() => drop());

  it('merges the copies, keeps the paid holder before an earlier unpaid one, and refuses a copy afterwards', async () => {
    const db = handle.db;
    await migrateTo(db, '0010-catalogue-version');
    await sql`
      insert into users (id, phone, created_at) values (1, '13700000001', now()), (2, '13700000002', now());
      insert into orders (id, out_trade_no, user_id, type, state, amount_fen, description, payload, created_at, hold_until)
      values (1, 'WF1', 1, 7, 0, 200000, 'a', '{}', now(), now() + interval '7 days'),
             (2, 'WF2', 2, 7, 1, 200000, 'b', '{}', now(), now()),
             (3, 'WF3', 1, 7, 5, 200000, 'c', '{}', now(), now());
      insert into statue_locations (location, name, en_name, image, particulars) values (2, '大殿外', 'OUT', '', '');
      insert into statue_materials (id, location, name) values (3, 2, '铜鎏金'), (4, 2, '汉白玉');
      insert into statue_groups (location, fx_group, name, ng_price_fen, cg_price_fen)
      values (2, '1', '东廊', 200000, 880000);
      insert into statue_seats (id, location, material_id, fx_group, row_no, col_no, base_status)
      values (10, 2, 3, '1', 4, 4, 5), (11, 2, 4, '1', 4, 4, 5), (12, 2, 4, '1', 4, 5, 5);
      insert into seat_holders (seat_kind, seat_id, order_id) values ('statue', 10, 1), ('statue', 11, 2), ('statue', 12, 3);
      insert into statue_orders (order_id, seat_id, location, material_id, statue_id, fx_group, gf_type, price_fen, donor_names)
      values (1, 10, 2, 3, 1, '1', '2', 200000, '甲'), (2, 11, 2, 4, 1, '1', '2', 200000, '乙');
    `.execute(db);
    await migrateToLatest(db);

    const seats = await sql<{ id: number; row_no: number; col_no: number }>`
      select id, row_no, col_no from statue_seats order by id`.execute(db);
    expect(seats.rows).toEqual([
      { id: 10, row_no: 4, col_no: 4 },
      { id: 12, row_no: 4, col_no: 5 },
    ]);
    const holders = await sql`select seat_id, order_id from seat_holders order by order_id`.execute(db);
    // The paid order 2 keeps the niche; the earlier unpaid order 1 loses it; the closed order 3's
    // holder of 4_5 is gone.
    expect(holders.rows).toEqual([{ seat_id: 10, order_id: 2 }]);
    const orders =
      await sql`select order_id, seat_id, material_id from statue_orders order by order_id`.execute(db);
    expect(orders.rows).toEqual([
      { order_id: 1, seat_id: 10, material_id: 3 },
      { order_id: 2, seat_id: 10, material_id: 4 },
    ]);
    await expect(
      sql`insert into statue_seats (location, fx_group, row_no, col_no, base_status) values (2, '1', 4, 4, 5)`.execute(
        db,
      ),
    ).rejects.toThrow();
  });
});
