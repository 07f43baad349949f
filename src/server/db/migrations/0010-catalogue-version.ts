import { type Kysely, sql } from 'kysely';
import { addCatalogueTriggers, dropCatalogueTriggers } from '../catalogue-tables';

/**
 * The catalogue's version: one counter that every change to what a catalogue answer shows moves
 * on, inside the changing transaction, whoever makes it (the app, a staff command, an operator's
 * SQL, the seed). Each app instance keeps its encoded answers per version and reads this one row
 * before answering (`catalogue-cache.ts`), so an answer never outlives a committed change.
 *
 * What moves it: every row of the catalogue tables (texts, prices, layouts, capacities, seats,
 * closures, festivals, news, wishes, site settings), and what places are held: `order_places`,
 * `seat_holders`, `statue_orders` (offered), and an order's state or hold. A new order holds
 * nothing until its place rows are written (which move it), so inserting an order does not.
 *
 * The triggers are deferred to the commit: the counter row is locked only while the transaction
 * commits, not while it works, so orders on different places never queue behind one another; and
 * a transaction moves it once, however many rows it changes (the seed writes thousands).
 *
 * The catalogue's tables as they were then; db/catalogue-tables.ts names today's, and a later
 * migration gives a new one its triggers with the same addCatalogueTriggers.
 */
const CATALOGUE_TABLES_THEN = [
  'site_settings',
  'dictionary_items',
  'assemblies',
  'assembly_places',
  'assembly_prices',
  'assembly_merit_items',
  'merit_items',
  'ceremony_types',
  'ceremony_prices',
  'ceremony_slots',
  'festival_days',
  'statue_locations',
  'statues',
  'statue_materials',
  'statue_groups',
  'statue_seats',
  'tablet_types',
  'tablet_categories',
  'tablet_groups',
  'tablet_seats',
  'news',
  'wishes',
  'order_places',
  'seat_holders',
  'statue_orders',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table catalogue_version (
      id smallint primary key default 1 check (id = 1),
      version bigint not null
    );
    insert into catalogue_version (id, version) values (1, 1);

    create function catalogue_changed() returns trigger language plpgsql as $$
    begin
      if current_setting('temple.catalogue_moved', true) is distinct from txid_current()::text then
        perform set_config('temple.catalogue_moved', txid_current()::text, true);
        update catalogue_version set version = version + 1 where id = 1;
      end if;
      return null;
    end $$;
  `.execute(db);
  await addCatalogueTriggers(db, CATALOGUE_TABLES_THEN);
  await sql`
    create constraint trigger catalogue_changed after update on orders
      deferrable initially deferred for each row
      when (old.state is distinct from new.state or old.hold_until is distinct from new.hold_until)
      execute function catalogue_changed();
    create constraint trigger catalogue_order_deleted after delete on orders
      deferrable initially deferred for each row execute function catalogue_changed();
    create trigger catalogue_truncated after truncate on orders
      for each statement execute function catalogue_changed();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropCatalogueTriggers(db, [...CATALOGUE_TABLES_THEN, 'orders']);
  await sql`
    drop trigger if exists catalogue_order_deleted on orders;
    drop function catalogue_changed();
    drop table catalogue_version;
  `.execute(db);
}
