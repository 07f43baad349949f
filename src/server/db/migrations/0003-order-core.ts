import { type Kysely, sql } from 'kysely';

/**
 * The order core for places and reservations: reservation-only orders, idempotent creation,
 * the facts a kind needs at settlement in typed columns and rows (the places an order holds),
 * and flagged payments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table orders add column reservation boolean not null default false;
    alter table orders add column idempotency_key text;
    create unique index orders_idempotency on orders (user_id, idempotency_key)
      where idempotency_key is not null;

    alter table order_items add column donor_name text;
    update order_items set donor_name = orders.payload ->> 'GD_FM'
      from orders where orders.id = order_items.order_id and orders.type = 5;

    alter table payments add column flag text;

    create table order_places (
      order_id integer not null references orders (id),
      place text not null,
      quantity integer not null check (quantity > 0),
      primary key (order_id, place)
    );
    create index order_places_place on order_places (place);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table order_places;
    alter table payments drop column flag;
    alter table order_items drop column donor_name;
    drop index orders_idempotency;
    alter table orders drop column idempotency_key, drop column reservation;
  `.execute(db);
}
