import { type Kysely, sql } from 'kysely';

/**
 * Statue enshrinement kept from the staff console (issue 25): a location's form is saved under
 * its version, a group's niches under the group's (two editors never lose each other's change:
 * 409); a statue or material that orders name is withdrawn (no new order; orders made keep it),
 * never deleted. The tables already move the catalogue version (migration 0010).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table statue_locations add column version integer not null default 1;
    alter table statue_groups add column version integer not null default 1;
    alter table statues add column withdrawn boolean not null default false;
    alter table statue_materials add column withdrawn boolean not null default false;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table statue_materials drop column withdrawn;
    alter table statues drop column withdrawn;
    alter table statue_groups drop column version;
    alter table statue_locations drop column version;
  `.execute(db);
}
