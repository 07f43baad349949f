import { type Kysely, sql } from 'kysely';

/**
 * The catalogue's tables: every table whose rows a catalogue answer shows (texts, prices, layouts,
 * capacities, seats, closures, festivals, news, wishes, site settings) and those saying which
 * places are held (`order_places`, `seat_holders`, `statue_orders`). A change to any of them moves
 * the catalogue's version (migration 0010, `catalogue-cache.ts`) through the triggers below, so an
 * encoded answer never outlives it. `orders` moves it by triggers of its own, narrower (a state or
 * a hold changed, an order deleted: migration 0010).
 *
 * A new catalogue table is named here, and the migration that creates it calls
 * `addCatalogueTriggers` for it. tests/server/catalogue-triggers.test.ts fails for a table named
 * here without its triggers, for triggers on a table not named here, and for a table of the schema
 * that is named neither here nor in OTHER_TABLES.
 */
export const CATALOGUE_TABLES = [
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
  'ceremony_closed_days',
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

/**
 * Every other table of the schema, and why no catalogue answer needs its changes: a table added
 * to the schema is named in one of the two lists, so nobody forgets to decide.
 */
export const OTHER_TABLES = {
  /** Its own triggers move the version when a state or a hold changes (migration 0010). */
  orders: ['orders'],
  /** Believers, their sign-ins and their records: no catalogue answer shows them. */
  believers: [
    'users',
    'sms_codes',
    'auth_tokens',
    'rate_limits',
    'believer_profiles',
    'believer_photos',
    'activity_records',
    'memberships',
    'member_lookup_tokens',
    'volunteer_photos',
    'volunteer_applications',
    'wechat_visits',
    'wechat_bindings',
  ],
  /** What an order recorded; the places it holds are in the catalogue's order_places, seat_holders, statue_orders. */
  orderRecords: [
    'order_items',
    'order_entries',
    'payments',
    'payment_attempts',
    'assembly_orders',
    'ceremony_orders',
    'merit_orders',
    'tablet_orders',
    'tablet_order_names',
    'membership_orders',
    'statue_renewals',
    'notifications',
  ],
  /**
   * The console's own: staff, the audit, the names its search finds (kept by triggers from the
   * orders' and believers' tables), uploads (catalogue rows name them by address), and the
   * slots' list version (only the console reads it; a slots save writes ceremony_slots too).
   */
  console: [
    'staff_accounts',
    'staff_sessions',
    'staff_audit',
    'search_names',
    'content_images',
    'content_image_variants',
    'video_files',
    'ceremony_slot_list',
  ],
  /** The machinery: the catalogue's version itself, the sweeper, the migrations, WeChat's access_token. */
  machinery: [
    'catalogue_version',
    'sweeper_runs',
    'kysely_migration',
    'kysely_migration_lock',
    'wechat_access_tokens',
  ],
} as const;

/**
 * Gives `tables` their catalogue triggers: a constraint trigger deferred to the commit for every
 * row inserted, updated or deleted, and a statement trigger for TRUNCATE, both calling
 * `catalogue_changed()` (migration 0010), which moves the version once per transaction. Migrations
 * call it: what it creates is part of released migrations, so it never changes (other triggers
 * would be a new function and a new migration).
 */
export const addCatalogueTriggers = async (db: Kysely<unknown>, tables: readonly string[]) => {
  for (const table of tables) {
    await sql`
      create constraint trigger catalogue_changed after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred for each row execute function catalogue_changed();
      create trigger catalogue_truncated after truncate on ${sql.table(table)}
        for each statement execute function catalogue_changed();
    `.execute(db);
  }
};

/** Takes the triggers addCatalogueTriggers gave (a migration's down). */
export const dropCatalogueTriggers = async (db: Kysely<unknown>, tables: readonly string[]) => {
  for (const table of tables) {
    await sql`
      drop trigger if exists catalogue_changed on ${sql.table(table)};
      drop trigger if exists catalogue_truncated on ${sql.table(table)};
    `.execute(db);
  }
};
