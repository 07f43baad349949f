import { addDaysYmd } from '@contract/ceremony';
import type { AuditSearch } from '@contract/console';
import type { AuditEntry } from '@contract/staff';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { likeLiteral } from '../../db/like';
import { type KeysetOrder, keysetPage } from './keyset';

/** Who did it: the signed-in staff member (null for a sign-in that failed or a command). */
export interface StaffActor {
  id: number | null;
  username: string;
}

/**
 * Writes one line of the audit log, in the caller's transaction when it has one (the change and
 * its line commit together). `before` and `after` are what the staff member changed, as JSON.
 */
export const audit = async (
  db: Db,
  actor: StaffActor,
  action: string,
  subject: string,
  change: { before?: unknown; after?: unknown },
  at: Date,
): Promise<void> => {
  await db
    .insertInto('staff_audit')
    .values({
      at,
      staff_id: actor.id,
      username: actor.username,
      action,
      subject,
      before: change.before === undefined ? null : JSON.stringify(change.before),
      after: change.after === undefined ? null : JSON.stringify(change.after),
    })
    .execute();
};

/** The first instant of a day of the temple's calendar (Shanghai keeps +08:00 all year). */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

/**
 * The audit log's lines, newest first, narrowed by staff
 * member, action, subject (its beginning) and the temple's days from and to: each filter has
 * its index by (at, id), so the deepest line costs what the newest does.
 */
export const auditSearch = (db: Db, search: AuditSearch) => {
  const found = db
    .selectFrom('staff_audit')
    .selectAll()
    .$if(search.staff !== '', (qb) => qb.where('username', '=', search.staff))
    .$if(search.action !== '', (qb) => qb.where('action', '=', search.action))
    .$if(search.subject !== '', (qb) => qb.where('subject', 'like', `${likeLiteral(search.subject)}%`))
    .$if(search.from !== '', (qb) => qb.where('at', '>=', dayStart(search.from)))
    .$if(search.to !== '', (qb) => qb.where('at', '<', dayStart(addDaysYmd(search.to, 1))));
  const order: KeysetOrder = { key: sql.ref('at'), id: sql.ref('id'), keyIsTime: true, dir: 'desc' };
  return { found, order };
};

/** One page of the audit log as 操作记录 shows it. */
export const auditPage = (db: Db, search: AuditSearch) => {
  const { found, order } = auditSearch(db, search);
  return keysetPage(
    db,
    { found, counted: found },
    order,
    search,
    (row): AuditEntry => ({
      id: Number(row.id),
      at: new Date(row.at).toISOString(),
      staffId: row.staff_id,
      username: row.username,
      action: row.action,
      subject: row.subject,
      before: row.before,
      after: row.after,
    }),
  );
};
