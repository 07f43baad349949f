import { type Kysely, sql } from 'kysely';

/**
 * The ceremonies kept from the staff console (issue 25, 佛事设置). A ceremony type is saved with the
 * version its form read (two editors never lose each other's change: 409), and so is the list of
 * slots, whose version is one row of its own (the slots are edited as one list). A price (tablet
 * type × tier) or a slot that bookings hold is withdrawn (no new booking), never deleted. The
 * tables are already the catalogue's (0010): their changes move its version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ceremony_types add column version integer not null default 1;
    alter table ceremony_prices add column withdrawn boolean not null default false;
    alter table ceremony_slots add column withdrawn boolean not null default false;
    create table ceremony_slot_list (
      id smallint primary key default 1 check (id = 1),
      version integer not null
    );
    insert into ceremony_slot_list (id, version) values (1, 1);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table ceremony_slot_list;
    alter table ceremony_slots drop column withdrawn;
    alter table ceremony_prices drop column withdrawn;
    alter table ceremony_types drop column version;
  `.execute(db);
}
