import { type Kysely, sql } from 'kysely';

/**
 * The assemblies kept from the staff console (issue 25). An assembly is a draft until 内容 staff
 * publish it (the seed's and earlier rows are published); each save carries the version it was
 * read at, so two editors never lose each other's change (409); an assembly type that registrations
 * hold can be withdrawn (no new registration) but never deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table assemblies
      add column published boolean not null default true,
      add column version integer not null default 1;
    alter table assembly_places
      add column withdrawn boolean not null default false;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table assembly_places drop column withdrawn;
    alter table assemblies drop column published, drop column version;
  `.execute(db);
}
