import { type Kysely, sql } from 'kysely';

/**
 * The user centre and the charity society: the believer's profile, the activities the temple
 * records by phone, memberships (the member code issued on the first payment), what each
 * membership (type 6) and renewal (type 4) order was priced with, the term of a yearly statue,
 * the proxy lookup's short-lived tokens and the rate-limit counters every instance shares.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table believer_profiles (
      user_id integer primary key references users (id),
      address text not null default '',
      card_id text not null default '',
      tel_number text not null default '',
      post_code text not null default '',
      photo text not null default '',
      ssq_name text not null default '',
      ssq_code text not null default '',
      birth_date text not null default '',
      gender text not null default '',
      email text not null default '',
      updated_at timestamptz not null
    );

    create table activity_records (
      id serial primary key,
      phone text not null,
      active_name text not null,
      start_date date not null,
      end_date date not null,
      create_user_name text not null,
      created_at timestamptz not null,
      amount_fen integer not null default 0 check (amount_fen >= 0),
      status text not null
    );
    create index activity_records_phone on activity_records (phone, created_at desc);

    create sequence member_code_seq;
    create table memberships (
      id serial primary key,
      user_id integer not null unique references users (id),
      hy_code text unique,
      name text not null,
      sex text not null,
      birth_date date not null,
      mobile text not null,
      ssq_name text[] not null,
      ssq text[] not null,
      address text not null,
      gfr text[] not null,
      ys text[] not null,
      photo text not null,
      join_date date,
      end_date date,
      hy_status text not null default '0',
      created_at timestamptz not null
    );

    create table membership_orders (
      order_id integer primary key references orders (id),
      membership_id integer not null references memberships (id),
      kind text not null check (kind in ('join', 'renew', 'proxy')),
      product_id text not null,
      years integer not null check (years > 0),
      price_fen integer not null,
      relation text
    );

    create table member_lookup_tokens (
      token text primary key,
      user_id integer not null references users (id),
      membership_id integer not null references memberships (id),
      expires_at timestamptz not null
    );

    alter table statue_orders add column ends_on date;
    create table statue_renewals (
      order_id integer primary key references orders (id),
      statue_order_id integer not null references statue_orders (order_id),
      years integer not null check (years between 1 and 3),
      price_fen integer not null,
      fx_yd_flag text not null
    );

    create table rate_limits (
      bucket text not null,
      window_start timestamptz not null,
      hits integer not null,
      primary key (bucket, window_start)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table rate_limits, statue_renewals, member_lookup_tokens, membership_orders, memberships,
      activity_records, believer_profiles;
    drop sequence member_code_seq;
    alter table statue_orders drop column ends_on;
  `.execute(db);
}
