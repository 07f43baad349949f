import { type Kysely, sql } from 'kysely';

/**
 * The console's search and lists at a temple's tenth year (issue 38): a million orders.
 *
 * - search_names: every name the counter may type, in one place with a trigram index (pg_trgm,
 *   in PGlite too) for a part of a name and a prefix index for a name's first characters (each
 *   twice: for the orders' names and for the believers', so neither search reads the other's): the
 *   names on an order (its entries' tablets and 阳上, its lines' 功德主 and a statue's names, a
 *   tablet order's names), keyed by the order, and each believer's own name, keyed by the
 *   believer. Triggers keep it: a name added is added at once, a change or a deletion rebuilds
 *   that order's (or believer's) names, so no writer of an order has to remember it.
 * - the order number and the phone by their beginning or their end, each through an index (a
 *   trigram index on digits would read a tenth of all phones for every three digits).
 * - the lists' keyset paging: orders by (time, id), (amount, id), (hold, id), the state filter
 *   by (state, time, id); the audit log by (at, id), by staff, action, both, and subject.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create extension if not exists pg_trgm;

    create table search_names (
      name text not null,
      order_id integer references orders (id),
      user_id integer references users (id),
      check ((order_id is null) <> (user_id is null))
    );
    create unique index search_names_order on search_names (order_id, name) where order_id is not null;
    create index search_names_user on search_names (user_id) where user_id is not null;
    create index search_names_order_part on search_names using gin (name gin_trgm_ops) where order_id is not null;
    create index search_names_order_start on search_names (name text_pattern_ops) where order_id is not null;
    create index search_names_believer_part on search_names using gin (name gin_trgm_ops) where user_id is not null;
    create index search_names_believer_start on search_names (name text_pattern_ops) where user_id is not null;

    create function search_names_rebuild(changed integer) returns void language sql as $$
      delete from search_names where order_id = changed;
      insert into search_names (order_id, name)
      select distinct changed, n from (
        select unnest(array[e.tablet1, e.tablet2, e.tablet3, e.ys1, e.ys2, e.ys3, e.ys4, e.ys5, e.ys6]) as n
          from order_entries e where e.order_id = changed
        union all
        select i.donor_name from order_items i where i.order_id = changed
        union all
        select t.name from tablet_order_names t where t.order_id = changed
      ) x where n is not null and btrim(n) <> '';
    $$;

    create function search_names_add(changed integer, names text[]) returns void language sql as $$
      insert into search_names (order_id, name)
      select distinct changed, n from unnest(names) n where n is not null and btrim(n) <> ''
      on conflict (order_id, name) where order_id is not null do nothing;
    $$;

    create function search_names_entry_added() returns trigger language plpgsql as $$
    begin
      perform search_names_add(new.order_id,
        array[new.tablet1, new.tablet2, new.tablet3, new.ys1, new.ys2, new.ys3, new.ys4, new.ys5, new.ys6]);
      return null;
    end $$;

    create function search_names_item_added() returns trigger language plpgsql as $$
    begin
      perform search_names_add(new.order_id, array[new.donor_name]);
      return null;
    end $$;

    create function search_names_tablet_added() returns trigger language plpgsql as $$
    begin
      perform search_names_add(new.order_id, array[new.name]);
      return null;
    end $$;

    create function search_names_order_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then perform search_names_rebuild(old.order_id); end if;
      if tg_op = 'UPDATE' and new.order_id <> old.order_id then perform search_names_rebuild(new.order_id); end if;
      return null;
    end $$;

    create function search_names_believer_changed() returns trigger language plpgsql as $$
    begin
      delete from search_names where user_id = new.id;
      if new.real_name is not null and btrim(new.real_name) <> '' then
        insert into search_names (user_id, name) values (new.id, new.real_name);
      end if;
      return null;
    end $$;

    create trigger search_names_entry_added after insert on order_entries
      for each row execute function search_names_entry_added();
    create trigger search_names_item_added after insert on order_items
      for each row execute function search_names_item_added();
    create trigger search_names_tablet_added after insert on tablet_order_names
      for each row execute function search_names_tablet_added();
    create trigger search_names_entry_changed after update or delete on order_entries
      for each row execute function search_names_order_changed();
    create trigger search_names_item_changed after update or delete on order_items
      for each row execute function search_names_order_changed();
    create trigger search_names_tablet_changed after update or delete on tablet_order_names
      for each row execute function search_names_order_changed();
    create trigger search_names_believer_changed after insert or update of real_name on users
      for each row execute function search_names_believer_changed();

    insert into search_names (order_id, name)
    select distinct order_id, n from (
      select e.order_id, unnest(array[e.tablet1, e.tablet2, e.tablet3, e.ys1, e.ys2, e.ys3, e.ys4, e.ys5, e.ys6]) as n
        from order_entries e
      union all
      select i.order_id, i.donor_name from order_items i
      union all
      select t.order_id, t.name from tablet_order_names t
    ) x where n is not null and btrim(n) <> '';
    insert into search_names (user_id, name)
    select id, real_name from users where real_name is not null and btrim(real_name) <> '';

    create index orders_number_start on orders (out_trade_no text_pattern_ops);
    create index orders_number_end on orders (reverse(out_trade_no) text_pattern_ops);
    create index users_phone_start on users (phone text_pattern_ops);
    create index users_phone_end on users (reverse(phone) text_pattern_ops);
    create index orders_created on orders (created_at, id);
    create index orders_amount on orders (amount_fen, id);
    create index orders_hold on orders (hold_until, id);
    create index orders_state_created on orders (state, created_at, id);
    create index orders_reservation_created on orders (created_at, id) where reservation;

    -- 今日's count of refunds to give back reads only the payments that owe one.
    create index payments_refund_due on payments (id) where refund_due;

    drop index staff_audit_at;
    drop index staff_audit_subject;
    create index staff_audit_at on staff_audit (at, id);
    create index staff_audit_staff on staff_audit (username, at, id);
    create index staff_audit_staff_action on staff_audit (username, action, at, id);
    create index staff_audit_action on staff_audit (action, at, id);
    create index staff_audit_subject on staff_audit (subject text_pattern_ops, at, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index staff_audit_at, staff_audit_staff, staff_audit_staff_action, staff_audit_action, staff_audit_subject;
    create index staff_audit_at on staff_audit (at desc);
    create index staff_audit_subject on staff_audit (subject);
    drop index payments_refund_due, orders_number_start, orders_number_end, users_phone_start, users_phone_end, orders_created, orders_amount, orders_hold,
      orders_state_created, orders_reservation_created;
    drop trigger search_names_entry_added on order_entries;
    drop trigger search_names_item_added on order_items;
    drop trigger search_names_tablet_added on tablet_order_names;
    drop trigger search_names_entry_changed on order_entries;
    drop trigger search_names_item_changed on order_items;
    drop trigger search_names_tablet_changed on tablet_order_names;
    drop trigger search_names_believer_changed on users;
    drop function search_names_entry_added, search_names_item_added, search_names_tablet_added,
      search_names_order_changed, search_names_believer_changed, search_names_add, search_names_rebuild;
    drop table search_names;
  `.execute(db);
}
