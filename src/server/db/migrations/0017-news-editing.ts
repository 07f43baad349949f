import { type Kysely, sql } from 'kysely';

/**
 * News edited in the staff console (issue 25):
 * - `version`: moves on every console save; a save read at an older version is refused (409).
 * - `publish_at`: when a published item (status 1) shows, at the earliest. NULL (the seed's, the
 *   old rows') means at once; a later instant is a scheduled publication, which the public lists
 *   and the detail leave out until then (the cached answers expire at that instant: answer
 *   horizons). A draft or an unpublished item is status 0, as before.
 * - `carousel_position`: the home carousel's order (menu 1): positioned items first, in that order,
 *   then the others newest first.
 * - `updated_by`, `updated_at`: who changed it last in the console, and when.
 * The news table is already part of the catalogue (migration 0010 moves its version).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table news
      add column version integer not null default 1,
      add column publish_at timestamptz,
      add column carousel_position integer,
      add column updated_by integer references staff_accounts (id),
      add column updated_at timestamptz;
    create index news_publish_at on news (publish_at) where status = 1 and publish_at is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index news_publish_at;
    alter table news
      drop column version,
      drop column publish_at,
      drop column carousel_position,
      drop column updated_by,
      drop column updated_at;
  `.execute(db);
}
