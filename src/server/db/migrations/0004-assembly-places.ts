import { type Kysely, sql } from 'kysely';

/**
 * Dharma-assembly registration (order kind 1): the special rules of each assembly as typed flags,
 * the places of each assembly type (NULL: unlimited), and what a registration was priced with and
 * the entries it carries, in typed rows (settlement never re-parses the payload).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table assemblies
      add column new_year_eve boolean not null default false,
      add column seven_generations boolean not null default false,
      add column wisdom boolean not null default false,
      add column free_amount boolean not null default false,
      add column water_land boolean not null default false;
    update assemblies set new_year_eve = true where name like '除夕%';
    update assemblies set seven_generations = true where name like '盂兰盆%';
    update assemblies set wisdom = true where name like '文殊%';
    update assemblies set water_land = true where name like '水陆%';
    update assemblies set free_amount = true where name = '药师法会';

    create table assembly_places (
      assembly_id integer not null references assemblies (id),
      hoe_type text not null,
      capacity integer check (capacity is null or capacity >= 0),
      sort integer not null default 0,
      primary key (assembly_id, hoe_type)
    );
    insert into assembly_places (assembly_id, hoe_type, capacity, sort)
      select assembly_id, hoe_type, null, 0 from assembly_prices group by assembly_id, hoe_type;

    create table assembly_orders (
      order_id integer primary key references orders (id),
      assembly_id integer not null references assemblies (id),
      hoe_type text not null,
      tablet_type text not null,
      quantity integer not null check (quantity between 1 and 10),
      gdj_fen integer not null check (gdj_fen >= 0)
    );
    create index assembly_orders_assembly on assembly_orders (assembly_id, hoe_type);

    create table order_entries (
      order_id integer not null references orders (id),
      position integer not null check (position >= 0),
      kind text not null check (kind in ('往生', '延生')),
      tablet1 text not null,
      tablet2 text not null default '',
      tablet3 text not null default '',
      ys1 text not null default '',
      ys2 text not null default '',
      ys3 text not null default '',
      ys4 text not null default '',
      ys5 text not null default '',
      ys6 text not null default '',
      primary key (order_id, position)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table order_entries;
    drop table assembly_orders;
    drop table assembly_places;
    alter table assemblies
      drop column water_land, drop column free_amount, drop column wisdom,
      drop column seven_generations, drop column new_year_eve;
  `.execute(db);
}
