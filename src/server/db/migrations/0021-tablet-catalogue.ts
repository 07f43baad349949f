import { type Kysely, sql } from 'kysely';

/**
 * The memorial tablets kept from the staff console (issue 25): each tablet type, category and
 * group carries the version it was read at, so two editors never lose each other's change (409).
 * A group's version also guards its price and its seat map. The tables already move the
 * catalogue's version (migration 0010), so the site shows a change at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tablet_types add column version integer not null default 1;
    alter table tablet_categories add column version integer not null default 1;
    alter table tablet_groups add column version integer not null default 1;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tablet_groups drop column version;
    alter table tablet_categories drop column version;
    alter table tablet_types drop column version;
  `.execute(db);
}
