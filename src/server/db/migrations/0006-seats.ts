import { type Kysely, sql } from 'kysely';

/**
 * Seats (statue niches and tablet places, order kinds 7 and 3): who holds a seat, and what each
 * order was priced with. A seat's state is never stored: it is derived from its holder's order
 * (unpaid and within its hold: reserved; paid: sold, offered once staff say so) and the seat's
 * own blocked flag (`base_status` 1) or its group's closure.
 *
 * `seat_holders` has one row per held seat: its primary key (seat_kind, seat_id) is the unique
 * index on a seat's active holder, so two live orders can never hold one seat. A holder row goes
 * when its order closes (the kind's `release`); a holder whose order closed or whose hold ran out
 * before the sweeper came is replaced by the next taker, under the seat row's lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table seat_holders (
      seat_kind text not null check (seat_kind in ('statue', 'tablet')),
      seat_id integer not null,
      order_id integer not null unique references orders (id),
      primary key (seat_kind, seat_id)
    );

    -- No foreign keys to the seat rows: their KEY SHARE lock, taken by these inserts before the
    -- seat is taken, would deadlock with the seat row's FOR UPDATE that queues the takers (the
    -- seat is checked when the order is priced).
    create table statue_orders (
      order_id integer primary key references orders (id),
      seat_id integer not null,
      location integer not null,
      material_id integer not null,
      statue_id integer not null,
      fx_group text not null,
      gf_type text not null check (gf_type in ('1', '2')),
      price_fen integer not null check (price_fen >= 0),
      donor_names text not null,
      remark text not null default '',
      offered_at timestamptz
    );
    create index statue_orders_seat on statue_orders (seat_id);

    create table tablet_orders (
      order_id integer primary key references orders (id),
      seat_id integer not null,
      fs_type text not null check (fs_type in ('1', '2')),
      pw_type integer not null,
      floor integer not null,
      pw_group text not null,
      price_fen integer not null check (price_fen >= 0)
    );
    create index tablet_orders_seat on tablet_orders (seat_id);

    -- The names on a tablet (FG_ZZ or FG_JY with BIRTH_DAY) and its descendants (YS), as entered.
    create table tablet_order_names (
      order_id integer not null references tablet_orders (order_id),
      role text not null check (role in ('tablet', 'descendant')),
      position integer not null,
      name text not null,
      birth_day text not null default '',
      primary key (order_id, role, position)
    );

    -- The per-believer cap counts a believer's unpaid seat orders.
    create index orders_user_open on orders (user_id, type) where state = 0;

    -- A tablet group the temple has closed (locationOffMap): its places are all 不可选.
    alter table tablet_groups add column closed boolean not null default false;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tablet_groups drop column closed;
    drop index orders_user_open;
    drop table tablet_order_names, tablet_orders, statue_orders, seat_holders;
  `.execute(db);
}
