import { PAGE_SIZE } from '@contract/console';
import type { AuditEntry } from '@contract/staff';
import type { Db } from '../../db/database';

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

/** The audit log, newest first, a page at a time. */
export const auditPage = async (db: Db, page: number) => {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('staff_audit')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE)
      .execute(),
    db
      .selectFrom('staff_audit')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map(
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
    ),
    total: Number(count.n),
    page,
    pageSize: PAGE_SIZE,
  };
};
