import { type Kysely, sql } from 'kysely';

/**
 * The volunteer application (spec 002 sections 2-5): its photos and the applications.
 *
 * A volunteer photo is not the believer's profile photo: its own rows (a believer may upload
 * several while filling the form), over 120 KB and at most 5 MB, judged by its bytes. An
 * application references one photo of its own believer. One OPEN (pending) application per phone:
 * a partial unique index, so two submits racing for one phone cannot both be stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table volunteer_photos (
      id text primary key,
      user_id integer not null references users (id),
      content_type text not null check (content_type in ('image/png', 'image/gif', 'image/jpeg')),
      bytes bytea not null,
      byte_size integer not null check (byte_size between 122881 and 5242880),
      created_at timestamptz not null
    );
  `.execute(db);
  await sql`create index volunteer_photos_user on volunteer_photos (user_id);`.execute(db);
  await sql`
    create table volunteer_applications (
      id serial primary key,
      user_id integer not null references users (id),
      status text not null default 'pending'
        check (status in ('pending', 'approved', 'rejected', 'withdrawn')),
      data_source integer not null check (data_source = 6),
      name text not null,
      id_card text not null,
      mobile text not null,
      sex text not null check (sex in ('1', '2')),
      nation text not null,
      address text not null,
      employer text not null,
      photo_id text not null references volunteer_photos (id),
      birth_date text not null,
      age text not null,
      fo_date text not null,
      post_code text not null,
      wechat text not null,
      degree text not null,
      physical_conditions text not null,
      bool_convert smallint not null check (bool_convert in (0, 1)),
      bool_gc smallint not null check (bool_gc in (0, 1)),
      convert_date text not null,
      convert_legal_name text not null,
      convert_temple text not null,
      ssq_code text not null,
      ssq_name text not null,
      time_available smallint not null check (time_available in (1, 2)),
      week_days text[] not null check (cardinality(week_days) between 1 and 7),
      project_hc_ids integer[] not null,
      project_hd_ids integer[] not null,
      talent_ids integer[] not null,
      created_at timestamptz not null
    );
  `.execute(db);
  await sql`
    create unique index volunteer_applications_open_phone
      on volunteer_applications (mobile) where status = 'pending';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table volunteer_applications;`.execute(db);
  await sql`drop table volunteer_photos;`.execute(db);
}
