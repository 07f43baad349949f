import { type Kysely, sql } from 'kysely';

/**
 * Single-family ceremony booking (order kind 2): what a booking was priced with, its date and
 * slot (one session of the slot's `sessions` that day), and the date by which the believer comes
 * to the temple once the deposit is paid; the ceremony entries' birth and death dates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ceremony_orders (
      order_id integer primary key references orders (id),
      fs_type text not null references ceremony_types (fs_type),
      day date not null,
      -- No foreign key to ceremony_slots: its KEY SHARE lock would deadlock with the slot row's
      -- FOR UPDATE that queues the takers (the slot is checked when the booking is priced).
      time_label text not null,
      tablet_type text not null,
      tier text not null,
      price_fen integer not null check (price_fen >= 0),
      deposit_fen integer not null check (deposit_fen > 0),
      cause text not null default '',
      address text not null default '',
      remark text not null default '',
      come_by date
    );
    create index ceremony_orders_day on ceremony_orders (day, time_label);

    alter table order_entries
      add column birth1 text not null default '',
      add column birth2 text not null default '',
      add column birth3 text not null default '',
      add column death1 text not null default '',
      add column death2 text not null default '',
      add column death3 text not null default '';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table order_entries
      drop column death3, drop column death2, drop column death1,
      drop column birth3, drop column birth2, drop column birth1;
    drop table ceremony_orders;
  `.execute(db);
}
