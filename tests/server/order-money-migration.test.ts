import type { DatabaseHandle } from '@server/db/database';
import { migrateTo, migrateToLatest } from '@server/db/migrate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../support/migration-database';
import { databaseKinds } from '../support/test-databases';

/**
 * Migration 0024 over orders made before it: every order's price is what it was paid or owed
 * (its amount), but a single-family ceremony's is its booked price, of which the deposit is part.
 */
describe.each(databaseKinds())('the orders’ prices, migrated on %s', (kind) => {
  let handle: DatabaseHandle;
  let drop = async () => {};
  beforeAll(async () => {
    ({ handle, drop } = await emptyDatabase(kind));
  });
  afterAll(() => drop());

  it('a ceremony’s price is its booked price; any other order’s is its amount', async () => {
    const db = handle.db;
    await migrateTo(db, '0023-video-uploads');
    await sql`
      insert into users (id, phone, created_at) values (1, '13700000001', now());
      insert into ceremony_types (fs_type, name, image, particulars, sort) values ('2', '延生普佛', '', '', 1);
      insert into orders (id, out_trade_no, user_id, type, state, amount_fen, description, payload, created_at, hold_until)
      values (1, 'WF1', 1, 2, 1, 100000, '独姓佛事定金', '{}', now(), now()),
             (2, 'WF2', 1, 5, 1, 5000, '功德供养', '{}', now(), now());
      insert into ceremony_orders (order_id, fs_type, day, time_label, tablet_type, tier, price_fen, deposit_fen)
      values (1, '2', '2026-12-20', '13:30-15:00', '延生禄位', '一堂', 380000, 100000);
    `.execute(db);
    await migrateToLatest(db);
    const prices = await sql<{
      id: number;
      price_fen: number;
    }>`select id, price_fen from orders order by id`.execute(db);
    expect(prices.rows).toEqual([
      { id: 1, price_fen: 380000 },
      { id: 2, price_fen: 5000 },
    ]);
    // The price covers what settles the order: never less.
    await expect(sql`update orders set price_fen = 4999 where id = 2`.execute(db)).rejects.toThrow();
  });
});
