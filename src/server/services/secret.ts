import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

/** The server secret: APP_SECRET when given, else one made on first start and kept in the database. */
export const loadSecret = async (db: Db, given?: string): Promise<string> => {
  if (given) return given;
  await db
    .insertInto('site_settings')
    .values({ key: 'secret', value: JSON.stringify(randomBytes(32).toString('hex')) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('site_settings')
    .select('value')
    .where('key', '=', 'secret')
    .executeTakeFirstOrThrow();
  return String(row.value);
};
