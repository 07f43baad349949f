import { orderSearchSchema } from '@contract/console';
import { searchOrders } from '@server/services/staff/order-rows';
import { loadHistory, YEAR } from '@tests/bench/scale-loader';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

/**
 * The scale benchmark's loader (tests/bench/scale-loader.ts) writes straight into the schema: a
 * migration that changes a table it writes breaks it here, not in a bench run months later. At a
 * twentieth of a year it writes what the console then finds through its own reads.
 */
describe.each(databaseKinds())('the scale loader on %s', (kind) => {
  const t = useTestApp(kind);

  it('writes a history the console reads: every order listed, a name on an entry found, the believers’ names kept', async () => {
    const db = t.database.db;
    const loaded = await loadHistory(db, 0.05, t.clock.now());
    expect(loaded).toMatchObject({ orders: YEAR.orders * 0.05, believers: YEAR.believers * 0.05 });
    expect(loaded.entries).toBeGreaterThan(0);
    const search = (q: Record<string, string>) =>
      searchOrders(db, v.parse(orderSearchSchema, q), t.clock.now());

    const entry = await db
      .selectFrom('order_entries as e')
      .innerJoin('orders as o', 'o.id', 'e.order_id')
      .select(['e.tablet1', 'o.out_trade_no'])
      .where('o.description', '=', '历史订单')
      .executeTakeFirstOrThrow();
    expect((await search({ q: entry.tablet1 })).rows.map((r) => r.outTradeNo)).toContain(entry.out_trade_no);
    const believer = await db
      .selectFrom('users')
      .select(['real_name'])
      .where('phone', 'like', '199%')
      .where('real_name', 'is not', null)
      .executeTakeFirstOrThrow();
    expect((await search({ q: believer.real_name ?? '' })).total).toBeGreaterThan(0);

    let page = await search({});
    let walked = page.rows.length;
    while (page.next) {
      page = await search({ after: page.next });
      walked += page.rows.length;
    }
    const { n } = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(walked).toBe(Number(n));
  });
});
