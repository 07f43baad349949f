import { type Kysely, sql } from 'kysely';

/**
 * The video gallery kept in the console (issue 25): films and captions uploaded by 内容 staff.
 * - `video_files`: one line per file kept on disk under the media folder (MEDIA_DIR, by default
 *   `<DATA_DIR>/media`), named by a hash of its bytes (`<32 hex>.webm|mp4|vtt`), so a name's content
 *   never changes and it is served as immutable. The bytes are not in the database (a film may be
 *   200 MB): docs/deploy.md says to back the folder up with the database.
 * - `news.captions_url`: a video's captions (`/media/uploads/<name>.vtt`), NULL for none; a seed video
 *   keeps its shipped captions beside its film (`/media/videos/<n>.vtt`).
 * A video is a news row of menu 6, already part of the catalogue's version (0010); a file changes
 * no answer until a row names it, so video_files moves no version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table video_files (
      name text primary key check (name ~ '^[0-9a-f]{32}\\.(webm|mp4|vtt)$'),
      kind text not null check (kind in ('film', 'captions')),
      byte_size integer not null check (byte_size > 0),
      uploaded_by integer references staff_accounts (id),
      uploaded_by_name text not null,
      uploaded_at timestamptz not null
    );
    alter table news add column captions_url text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table news drop column captions_url; drop table video_files;`.execute(db);
}
