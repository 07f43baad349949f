import { type Kysely, sql } from 'kysely';

/**
 * An order's money made explicit (issue 34): `price_fen` is the whole price of what was ordered;
 * `amount_fen` stays what settles the order (paid online, or at the counter for a reservation).
 * They differ only where a deposit settles the order: a single-family ceremony's 1000 yuan, the
 * rest owed at the temple. What was paid is its payments (not flagged); what is still owed is the
 * price less that (src/contract/order-money.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table orders add column price_fen integer;
    update orders set price_fen = amount_fen;
    update orders o set price_fen = greatest(c.price_fen, o.amount_fen)
      from ceremony_orders c where c.order_id = o.id;
    alter table orders alter column price_fen set not null;
    alter table orders add constraint orders_price_covers_amount check (price_fen >= amount_fen);
    -- The day's board lists the balances due about now.
    create index ceremony_orders_come_by on ceremony_orders (come_by) where come_by is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ceremony_orders_come_by; alter table orders drop constraint orders_price_covers_amount, drop column price_fen;`.execute(
    db,
  );
}
