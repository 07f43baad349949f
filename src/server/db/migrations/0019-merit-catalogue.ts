import { type Kysely, sql } from 'kysely';

/**
 * The merit items kept from the staff console (issue 25). An item is a draft until 内容 staff
 * publish it, and withdrawn (not offered, new orders refused) when they take it down; the seed's
 * and earlier rows are published. Each save carries the version it was read at (409 when stale).
 * `merit_orders` names the item and choice each merit order (kind 5) was priced from, so a choice
 * that live orders hold is never deleted; orders made before this migration are named from the
 * request they stored (by GD_ID, else by GD_TYPE and GD_NAME as the portal names an item).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table merit_items
      add column published boolean not null default true,
      add column version integer not null default 1;
    create table merit_orders (
      order_id integer primary key references orders (id),
      merit_item_id integer not null references merit_items (id),
      choice_item text
    );
    create index merit_orders_item on merit_orders (merit_item_id);
    insert into merit_orders (order_id, merit_item_id, choice_item)
    select o.id, m.id, nullif(line ->> 'GD_ITEM', '')
      from orders o
      cross join lateral (select o.payload -> 'meritItemList' -> 0 as line) l
      join merit_items m on (
        case when jsonb_typeof(line -> 'GD_ID') = 'number'
          then m.id = (line ->> 'GD_ID')::numeric
          else m.gd_type = line ->> 'GD_TYPE' and m.name = line ->> 'GD_NAME' end)
     where o.type = 5
    on conflict do nothing;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table merit_orders;
    alter table merit_items drop column published, drop column version;
  `.execute(db);
}
