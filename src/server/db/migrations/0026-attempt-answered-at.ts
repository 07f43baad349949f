import { type Kysely, sql } from 'kysely';

/**
 * When the gateway's answer of an attempt was stored (issue 37): an H5 cashier address lives 5
 * minutes from then, after which the same trade is asked again for a fresh one. The attempts made
 * before this migration are Native QRs, answered when they were made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table payment_attempts add column answered_at timestamptz;
    update payment_attempts set answered_at = created_at
      where code_url is not null or prepay_id is not null or h5_url is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payment_attempts drop column answered_at`.execute(db);
}
