import { type Kysely, sql } from 'kysely';

/**
 * WeChat's web login (issue 37): a visit is what the page in WeChat holds after the server
 * exchanged its code (the openid stays here, the page has a token whose hash is kept), so that
 * it can pay by JSAPI; a binding is a believer's consent, after their SMS login, to keep the
 * openid with their account (docs/privacy.md). One openid is bound to one believer at most.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table wechat_visits (
      token_hash text primary key,
      openid text not null,
      created_at timestamptz not null
    );
    create index wechat_visits_created on wechat_visits (created_at);
    create table wechat_bindings (
      user_id integer primary key references users (id),
      openid text not null unique,
      bound_at timestamptz not null
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table wechat_bindings; drop table wechat_visits;`.execute(db);
}
