import { type Kysely, sql } from 'kysely';

/**
 * The temple's own photographs (issue 25), uploaded by 内容 staff: each upload re-encoded once into
 * WebP at the widths of CONTENT_IMAGE_WIDTHS (never wider than the upload), the bytes kept in the
 * database as the believers' photos are (0008), so every instance serves them on PGlite and
 * PostgreSQL alike. `id` is the random part of the address `/uploads/<id>`; the content of an id
 * never changes (it is served as immutable), so nothing here is ever updated.
 *
 * Not part of the catalogue's version (0010): a new image changes no answer until a catalogue row
 * names it, and that row's own change moves the version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table content_images (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      -- The upload as it came, upright: its pixels and its size in bytes.
      width integer not null check (width >= 480),
      height integer not null check (height > 0),
      byte_size integer not null check (byte_size between 1 and 10485760),
      -- Who uploaded it: a staff member (null for the seed), and the name as it was then.
      uploaded_by integer references staff_accounts (id),
      uploaded_by_name text not null,
      uploaded_at timestamptz not null
    );
    create table content_image_variants (
      image_id text not null references content_images (id) on delete cascade,
      -- The width it is served as (480, 960, 1600); the picture is at most that wide.
      width integer not null check (width in (480, 960, 1600)),
      bytes bytea not null,
      primary key (image_id, width)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table content_image_variants; drop table content_images;`.execute(db);
}
