import { type Kysely, sql } from 'kysely';

/**
 * What an order is for (its kind's `subjectOf`: the assembly, the statue location, the renewed
 * enshrinement…), so that a believer's unpaid order for the same thing is resumed or replaced,
 * never duplicated. Orders made before this have none and are never resumed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table orders add column subject text;
    create index orders_open_subject on orders (user_id, type, subject) where state = 0;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index orders_open_subject;
    alter table orders drop column subject;
  `.execute(db);
}
