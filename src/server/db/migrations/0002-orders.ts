import { type Kysely, sql } from 'kysely';

/** Orders of every kind, their lines and the payments that settle them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table orders (
      id serial primary key,
      out_trade_no text not null unique,
      user_id integer not null references users (id),
      type integer not null,
      state integer not null default 0,
      amount_fen integer not null check (amount_fen > 0),
      description text not null,
      payload jsonb not null,
      created_at timestamptz not null,
      hold_until timestamptz not null,
      paid_at timestamptz,
      closed_at timestamptz
    );
    create index orders_user on orders (user_id, created_at desc);
    create index orders_open_holds on orders (hold_until) where state = 0;

    create table order_items (
      id serial primary key,
      order_id integer not null references orders (id),
      name text not null,
      item_code text,
      quantity integer not null check (quantity > 0),
      unit_price_fen integer not null check (unit_price_fen >= 0),
      amount_fen integer not null check (amount_fen >= 0),
      wish text
    );
    create index order_items_order on order_items (order_id);

    create table payments (
      id serial primary key,
      order_id integer not null references orders (id),
      gateway text not null,
      transaction_id text not null unique,
      amount_fen integer not null,
      paid_at timestamptz not null,
      received_at timestamptz not null,
      refund_due boolean not null default false
    );
    create index payments_order on payments (order_id);

    alter table wishes add column order_id integer references orders (id);
    create unique index wishes_order on wishes (order_id) where order_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table wishes drop column order_id;
    drop table payments, order_items, orders;
  `.execute(db);
}
