import { type Kysely, sql } from 'kysely';

/**
 * The believer's photo (spec 001 section 5: one photo per believer): its bytes in the database,
 * so every instance serves it, on PGlite and PostgreSQL alike. `id` is the random part of its URL;
 * a new upload replaces the row (and so the URL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table believer_photos (
      user_id integer primary key references users (id),
      id text not null unique,
      content_type text not null check (content_type in ('image/png', 'image/gif', 'image/jpeg')),
      bytes bytea not null,
      byte_size integer not null check (byte_size between 1 and 2097152),
      created_at timestamptz not null
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table believer_photos;`.execute(db);
}
