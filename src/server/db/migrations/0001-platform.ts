import { type Kysely, sql } from 'kysely';

/** Platform tables: settings, users and their login, and the catalogue every area reads. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table site_settings (key text primary key, value jsonb not null);

    create table users (
      id serial primary key,
      phone text not null unique,
      real_name text,
      user_type integer not null default 1,
      created_at timestamptz not null
    );

    create table sms_codes (
      id serial primary key,
      phone text not null,
      purpose text not null,
      code_hash text not null,
      wrong_tries integer not null default 0,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index sms_codes_phone on sms_codes (phone, created_at desc);

    create table auth_tokens (
      token_hash text primary key,
      user_id integer not null references users (id),
      created_at timestamptz not null,
      expires_at timestamptz not null,
      revoked_at timestamptz
    );
    create index auth_tokens_user on auth_tokens (user_id);

    create table dictionary_items (
      dict_key text not null,
      item_no text not null,
      cn_name text not null,
      ext_int1 integer,
      ext_int2 integer,
      ext_text1 text,
      sort integer not null default 0,
      primary key (dict_key, item_no)
    );

    create table assemblies (
      id serial primary key,
      name text not null,
      year integer not null,
      lunar_time text not null,
      start_date date not null,
      end_date date not null,
      image text not null,
      particulars text not null,
      has_leader_tablet boolean not null default false,
      sort integer not null default 0,
      unique (year, name)
    );
    create table assembly_prices (
      assembly_id integer not null references assemblies (id),
      hoe_type text not null,
      tablet_type text not null,
      tablet_price_fen integer not null check (tablet_price_fen >= 0),
      gdj_fen integer not null check (gdj_fen >= 0),
      primary key (assembly_id, hoe_type, tablet_type)
    );
    create table assembly_merit_items (
      assembly_id integer not null references assemblies (id),
      hoe_type text not null,
      item_no text not null,
      name text not null,
      unit_price_fen integer not null check (unit_price_fen > 0),
      sort integer not null default 0,
      primary key (assembly_id, hoe_type, item_no)
    );

    create table merit_items (
      id serial primary key,
      name text not null unique,
      image text not null,
      particulars text not null,
      price_model text not null,
      gd_type text not null,
      prices_fen jsonb not null default '[]',
      choices jsonb not null default '[]',
      sort integer not null default 0,
      channel integer not null default 1
    );

    create table ceremony_types (
      fs_type text primary key,
      name text not null,
      image text not null,
      particulars text not null,
      sort integer not null default 0
    );
    create table ceremony_prices (
      fs_type text not null references ceremony_types (fs_type),
      tablet_type text not null,
      tier text not null,
      price_fen integer not null check (price_fen > 0),
      sort integer not null default 0,
      primary key (fs_type, tablet_type, tier)
    );
    create table ceremony_slots (time_label text primary key, sessions integer not null, sort integer not null);
    create table festival_days (day date primary key, name text not null);

    create table statue_locations (
      location integer primary key,
      name text not null,
      en_name text not null,
      image text not null,
      particulars text not null
    );
    create table statues (
      id serial primary key,
      location integer not null references statue_locations (location),
      name text not null,
      en_name text not null,
      sort integer not null default 0
    );
    create table statue_materials (
      id serial primary key,
      location integer not null references statue_locations (location),
      name text not null,
      sort integer not null default 0
    );
    create table statue_groups (
      location integer not null references statue_locations (location),
      fx_group text not null,
      name text not null,
      ng_price_fen integer not null,
      cg_price_fen integer not null,
      closed boolean not null default false,
      sort integer not null default 0,
      primary key (location, fx_group)
    );
    create table statue_seats (
      id serial primary key,
      location integer not null,
      material_id integer not null references statue_materials (id),
      fx_group text not null,
      row_no integer not null,
      col_no integer not null,
      base_status integer not null,
      unique (location, material_id, fx_group, row_no, col_no),
      foreign key (location, fx_group) references statue_groups (location, fx_group)
    );

    create table tablet_types (
      pw_type integer primary key,
      name text not null,
      image text not null,
      particulars text not null,
      sort integer not null default 0
    );
    create table tablet_categories (
      fs_type integer primary key,
      name text not null,
      image text not null,
      particulars text not null
    );
    create table tablet_groups (
      pw_type integer not null references tablet_types (pw_type),
      floor integer not null check (floor between 1 and 4),
      pw_group text not null,
      name text not null,
      sort integer not null default 0,
      primary key (pw_type, floor, pw_group)
    );
    create table tablet_seats (
      id serial primary key,
      pw_type integer not null,
      floor integer not null,
      pw_group text not null,
      row_no integer not null,
      col_no integer not null,
      price_fen integer not null,
      base_status integer not null,
      unique (pw_type, floor, pw_group, row_no, col_no),
      foreign key (pw_type, floor, pw_group) references tablet_groups (pw_type, floor, pw_group)
    );

    create table news (
      id serial primary key,
      menu_id integer not null,
      title text not null,
      sub_title text not null default '',
      image_url text not null,
      content text not null,
      link text,
      video_url text,
      business_mode text not null,
      fh_name text,
      new_date date not null,
      status integer not null default 1
    );
    create index news_menu on news (menu_id, status, new_date desc);

    create table wishes (
      id serial primary key,
      name text not null,
      wish text not null,
      created_at timestamptz not null
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table wishes, news, tablet_seats, tablet_groups, tablet_categories, tablet_types,
      statue_seats, statue_groups, statue_materials, statues, statue_locations,
      festival_days, ceremony_slots, ceremony_prices, ceremony_types, merit_items,
      assembly_merit_items, assembly_prices, assemblies, dictionary_items,
      auth_tokens, sms_codes, users, site_settings;
  `.execute(db);
}
