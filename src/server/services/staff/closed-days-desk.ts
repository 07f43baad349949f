import { CLOSED_DAY_MESSAGES, type ClosedDay, type ClosedDayRow } from '@contract/closed-days';
import { templeToday } from '@contract/temple-day';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict } from '../../errors';
import { holdsPlaceSql } from '../holds-place';
import { audit, type StaffActor } from './audit';

/**
 * Days the temple closes to ceremonies (佛事日历). A closed day is refused to new bookings (the
 * calendar shows it grey with its reason, prePay refuses it); bookings that already hold a session
 * that day are kept and counted, for the temple to call those believers. Days before tomorrow
 * cannot be closed (nothing can be booked there any more). Every change is audited.
 */
export const createClosedDaysDesk = ({ db, clock }: { db: Db; clock: Clock }) => {
  const bookingsOn = async (trx: Db, days: string[], now: Date) => {
    if (days.length === 0) return new Map<string, number>();
    const rows = await trx
      .selectFrom('ceremony_orders')
      .innerJoin('orders', 'orders.id', 'ceremony_orders.order_id')
      .select((eb) => ['ceremony_orders.day', eb.fn.countAll<string>().as('n')])
      .where('ceremony_orders.day', 'in', days)
      .where(holdsPlaceSql(now))
      .groupBy('ceremony_orders.day')
      .execute();
    return new Map(rows.map((row) => [row.day, Number(row.n)]));
  };

  return {
    async list(): Promise<ClosedDayRow[]> {
      const now = clock.now();
      const rows = await db
        .selectFrom('ceremony_closed_days')
        .select(['day', 'reason'])
        .where('day', '>=', templeToday(now))
        .orderBy('day')
        .execute();
      const bookings = await bookingsOn(
        db,
        rows.map((row) => row.day),
        now,
      );
      return rows.map((row) => ({ ...row, bookings: bookings.get(row.day) ?? 0 }));
    },

    async close({ day, reason }: ClosedDay, actor: StaffActor): Promise<ClosedDayRow> {
      const now = clock.now();
      if (day <= templeToday(now)) throw badRequest(CLOSED_DAY_MESSAGES.dayPast);
      try {
        return await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('ceremony_closed_days')
            .values({ day, reason, closed_by: actor.id, closed_at: now })
            .execute();
          await audit(trx, actor, 'ceremonyDay.closed', `ceremony-day:${day}`, { after: { reason } }, now);
          return { day, reason, bookings: (await bookingsOn(trx, [day], now)).get(day) ?? 0 };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(CLOSED_DAY_MESSAGES.alreadyClosed);
        throw error;
      }
    },

    async reopen(day: string, actor: StaffActor): Promise<void> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('ceremony_closed_days')
          .where('day', '=', day)
          .returning('reason')
          .executeTakeFirst();
        if (!removed) throw conflict(CLOSED_DAY_MESSAGES.notClosed);
        await audit(
          trx,
          actor,
          'ceremonyDay.reopened',
          `ceremony-day:${day}`,
          { before: { reason: removed.reason } },
          now,
        );
      });
    },
  };
};
