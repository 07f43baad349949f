import type { Db } from '../../db/database';
import { messageTime, reminderDue } from '../notifications';

/**
 * A reservation's hold moved (staff extended it): its messages follow. The reminder is due a day
 * before the NEW end and says the new deadline; one already sent is queued again, so the believer
 * is reminded before the end that now counts. The reservation's first message says the new
 * deadline too if it has not gone out yet. In the transaction that moves the hold.
 */
export const moveReservationMessages = async (
  trx: Db,
  orderId: number,
  holdUntil: Date,
  now: Date,
): Promise<void> => {
  const rows = await trx
    .selectFrom('notifications')
    .select(['id', 'kind', 'params', 'sent_at'])
    .where('subject', '=', `order:${orderId}`)
    .where('kind', 'in', ['reservation_made', 'reservation_reminder'])
    .execute();
  for (const row of rows) {
    const params = JSON.stringify({ ...row.params, deadline: messageTime(holdUntil) });
    if (row.kind === 'reservation_made') {
      if (row.sent_at === null)
        await trx.updateTable('notifications').set({ params }).where('id', '=', row.id).execute();
      continue;
    }
    await trx
      .updateTable('notifications')
      .set({
        params,
        due_at: reminderDue(holdUntil, now),
        sent_at: null,
        dropped_at: null,
        claimed_until: null,
        attempts: 0,
        last_error: null,
      })
      .where('id', '=', row.id)
      .execute();
  }
};
