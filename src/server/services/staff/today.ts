import { addDaysYmd } from '@contract/ceremony';
import type { Today } from '@contract/console';
import { ORDER_STATE } from '@contract/payment';
import { templeToday } from '@contract/temple-day';
import { addHours } from 'date-fns';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { isLiveHoldSql } from '../holds-place';
import { moneySelection, paidFenSql } from '../order-money';
import { isoOrNull, namesOfOrder, orderRowColumns, ordersWithPhone, toOrderRow } from './order-rows';

/** Balances to come by within this many days, or this many days late, are on the board. */
const BALANCE_SOON_DAYS = 2;
const BALANCE_LATE_DAYS = 7;
/** At most this many balances on the board (the orders search finds the rest). */
const BALANCES_SHOWN = 50;

/** Reservations whose hold ends within this many hours are on the board, at most this many (to come first). */
export const ENDING_SOON_HOURS = 48;
export const RESERVATIONS_SHOWN = 50;

const paidCount = sql<string>`count(*) filter (where o.state = ${ORDER_STATE.paid})`;
const pendingCount = (now: Date) => sql<string>`count(*) filter (where ${isLiveHoldSql(now, 'o')})`;

/** A refund_due payment not given back yet (asked and failed, or never asked): the 财务's to do. */
export const refundWaitingSql = sql<SqlBool>`(payments.refund_due and (payments.refund_status is null
  or payments.refund_status not in ('processing', 'success')))`;

/**
 * The 客堂's day at a glance (the temple's calendar day): the assemblies running today and the
 * ceremonies booked today with their paid and pending registrations, reservations whose 7 days end
 * within 48 hours, ceremonies whose balance after the deposit is due about now, payments waiting for a refund, messages due and not sent, and when the sweeper
 * (any instance) last ran.
 */
export const todayBoard = async (db: Db, now: Date): Promise<Today> => {
  const day = templeToday(now);
  const endingSoon = (qb: ReturnType<typeof ordersWithPhone>) =>
    qb
      .where('o.reservation', '=', true)
      .where(isLiveHoldSql(now, 'o'))
      .where('o.hold_until', '<=', addHours(now, ENDING_SOON_HOURS));
  const [assemblies, ceremonies, ending, endingCount, balances, refunds, messages, sweep] = await Promise.all(
    [
      db
        .selectFrom('assemblies as a')
        .leftJoin('assembly_orders as ao', 'ao.assembly_id', 'a.id')
        .leftJoin('orders as o', 'o.id', 'ao.order_id')
        .select(['a.id', 'a.name', paidCount.as('paid'), pendingCount(now).as('pending')])
        .where('a.start_date', '<=', day)
        .where('a.end_date', '>=', day)
        .groupBy(['a.id', 'a.name', 'a.start_date', 'a.sort'])
        .orderBy('a.start_date')
        .orderBy('a.sort')
        .execute(),
      db
        .selectFrom('ceremony_orders as co')
        .innerJoin('orders as o', 'o.id', 'co.order_id')
        .leftJoin('ceremony_types as ct', 'ct.fs_type', 'co.fs_type')
        .leftJoin('ceremony_slots as cs', 'cs.time_label', 'co.time_label')
        .select(['co.time_label', 'ct.name', paidCount.as('paid'), pendingCount(now).as('pending')])
        .where('co.day', '=', day)
        .groupBy(['co.time_label', 'ct.name', 'cs.sort'])
        .orderBy('cs.sort')
        .orderBy('ct.name')
        .execute(),
      endingSoon(ordersWithPhone(db))
        .select(orderRowColumns)
        .select(namesOfOrder.as('names'))
        .select(moneySelection('o'))
        .orderBy('o.hold_until')
        .orderBy('o.id')
        .limit(RESERVATIONS_SHOWN)
        .execute(),
      endingSoon(ordersWithPhone(db))
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
      // Ceremonies paid by their deposit whose balance is due about now: the day's, and those to come
      // by within two days (or up to a week late).
      ordersWithPhone(db)
        .innerJoin('ceremony_orders as co', 'co.order_id', 'o.id')
        .select(orderRowColumns)
        .select(namesOfOrder.as('names'))
        .select(moneySelection('o'))
        .where('o.state', '=', ORDER_STATE.paid)
        .where(sql<SqlBool>`o.price_fen > ${paidFenSql('o')}`)
        .where((eb) =>
          eb.or([
            eb('co.day', '=', day),
            eb.and([
              eb('co.come_by', '>=', addDaysYmd(day, -BALANCE_LATE_DAYS)),
              eb('co.come_by', '<=', addDaysYmd(day, BALANCE_SOON_DAYS)),
            ]),
          ]),
        )
        .orderBy('co.come_by')
        .orderBy('o.id')
        .limit(BALANCES_SHOWN)
        .execute(),
      db
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where(refundWaitingSql)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('sent_at', 'is', null)
        .where('dropped_at', 'is', null)
        .where('due_at', '<=', now)
        .executeTakeFirstOrThrow(),
      db.selectFrom('sweeper_runs').select('last_run_at').where('id', '=', 1).executeTakeFirst(),
    ],
  );
  return {
    day,
    assemblies: assemblies.map((a) => ({
      id: a.id,
      name: a.name,
      paid: Number(a.paid),
      pending: Number(a.pending),
    })),
    ceremonies: ceremonies
      .map((c) => ({
        timeLabel: c.time_label,
        name: c.name ?? '佛事',
        paid: Number(c.paid),
        pending: Number(c.pending),
      }))
      .filter((c) => c.paid + c.pending > 0),
    reservationsEndingSoon: ending.map((row) => toOrderRow(row, now)),
    reservationsEndingSoonTotal: Number(endingCount.n),
    balancesDue: balances.map((row) => toOrderRow(row, now)),
    refundsWaiting: Number(refunds.n),
    messagesUnsent: Number(messages.n),
    sweeperLastRunAt: isoOrNull(sweep?.last_run_at ?? null),
  };
};
