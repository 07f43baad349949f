import { type Kysely, sql } from 'kysely';
import { addCatalogueTriggers } from '../catalogue-tables';

/**
 * Days the temple closes to single-family ceremonies from the staff console, with the reason
 * believers read (issue 25). Part of the catalogue: a closed day moves the catalogue's version in
 * the closing transaction (the calendar answers are cached per version), as 0010's tables do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ceremony_closed_days (
      day date primary key,
      reason text not null,
      closed_by integer references staff_accounts (id),
      closed_at timestamptz not null
    );
  `.execute(db);
  await addCatalogueTriggers(db, ['ceremony_closed_days']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table ceremony_closed_days;`.execute(db);
}
