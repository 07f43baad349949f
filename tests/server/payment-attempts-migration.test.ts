import type { DatabaseHandle } from '@server/db/database';
import { migrateTo, migrateToLatest } from '@server/db/migrate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../support/migration-database';
import { databaseKinds } from '../support/test-databases';

/**
 * Migration 0025 over orders made before it: an order's QR becomes its first payment attempt
 * (Native, under the order's own number, as last asked about), a reservation gets none, and a
 * payment made online keeps the order's number as the trade it came through; one taken at the
 * temple keeps none.
 */
describe.each(databaseKinds())('payment attempts, migrated on %s', (kind) => {
  let handle: DatabaseHandle;
  let drop = async () => {};
  beforeAll(async () => {
    ({ handle, drop } = await emptyDatabase(kind));
  });
  afterAll(() => drop());

  it('an order’s QR is its first attempt; its payments keep the trade they came through', async () => {
    const db = handle.db;
    await migrateTo(db, '0024-order-money');
    await sql`
      insert into users (id, phone, created_at) values (1, '13700000001', now());
      insert into orders (id, out_trade_no, user_id, type, state, amount_fen, price_fen, description, payload,
                          created_at, hold_until, code_url, gateway_checked_at, reservation)
      values (1, 'WF1', 1, 5, 0, 5000, 5000, '功德供养', '{}', '2026-11-01T02:00:00Z', now(), 'weixin://wxpay/bizpayurl?pr=a1',
              '2026-11-01T02:05:00Z', false),
             (2, 'WF2', 1, 5, 1, 5000, 5000, '功德供养', '{}', '2026-11-02T02:00:00Z', now(), 'weixin://wxpay/bizpayurl?pr=b2',
              null, false),
             (3, 'WF3', 1, 2, 0, 100000, 380000, '独姓佛事', '{}', '2026-11-03T02:00:00Z', now(), null, null, true);
      insert into payments (order_id, gateway, transaction_id, amount_fen, paid_at, received_at)
      values (2, 'wechat', '4200000001', 5000, now(), now()),
             (3, 'temple', 'T-1', 100000, now(), now());
    `.execute(db);
    await migrateToLatest(db);
    const attempts = await sql<{
      order_id: number;
      out_trade_no: string;
      channel: string;
      code_url: string | null;
      created_at: Date;
      gateway_checked_at: Date | null;
      closed_at: Date | null;
    }>`select order_id, out_trade_no, channel, code_url, created_at, gateway_checked_at, closed_at
       from payment_attempts order by id`.execute(db);
    expect(attempts.rows).toEqual([
      {
        order_id: 1,
        out_trade_no: 'WF1',
        channel: 'native',
        code_url: 'weixin://wxpay/bizpayurl?pr=a1',
        created_at: new Date('2026-11-01T02:00:00Z'),
        gateway_checked_at: new Date('2026-11-01T02:05:00Z'),
        closed_at: null,
      },
      {
        order_id: 2,
        out_trade_no: 'WF2',
        channel: 'native',
        code_url: 'weixin://wxpay/bizpayurl?pr=b2',
        created_at: new Date('2026-11-02T02:00:00Z'),
        gateway_checked_at: null,
        closed_at: null,
      },
    ]);
    const payments = await sql<{ order_id: number; out_trade_no: string | null }>`
      select order_id, out_trade_no from payments order by id`.execute(db);
    expect(payments.rows).toEqual([
      { order_id: 2, out_trade_no: 'WF2' },
      { order_id: 3, out_trade_no: null },
    ]);
    // One place for what the gateway returned: the orders no longer hold a QR.
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = 'orders' and column_name in ('code_url', 'gateway_checked_at')`.execute(db);
    expect(columns.rows).toEqual([]);
    // A trade number is one attempt's.
    await expect(
      sql`insert into payment_attempts (order_id, out_trade_no, channel, created_at) values (1, 'WF1', 'jsapi', now())`.execute(
        db,
      ),
    ).rejects.toThrow();
  });
});
