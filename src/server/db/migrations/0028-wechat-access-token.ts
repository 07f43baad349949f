import { type Kysely, sql } from 'kysely';

/**
 * The 服务号's access_token (issue 37): WeChat gives one per AppID at a time, and asking for a new
 * one voids the old within minutes, so every instance shares the one kept here and only the
 * instance holding the AppID's lock asks WeChat for the next.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table wechat_access_tokens (
      appid text primary key,
      token text not null,
      expires_at timestamptz not null
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table wechat_access_tokens;`.execute(db);
}
