import { HOE_TYPES, type HoeType } from '@contract/assembly';
import { addDaysYmd } from '@contract/ceremony';
import { CONSOLE_MESSAGES, ROSTER_RECENT_DAYS, type Roster, type RosterEntry } from '@contract/console';
import type { OrderMoney } from '@contract/order-money';
import { ORDER_TYPES } from '@contract/order-types';
import { maskPhone } from '@contract/phone';
import { templeToday } from '@contract/temple-day';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { HELD_ALWAYS, holdsPlaceSql } from '../holds-place';
import { moneyOf, moneySelection } from '../order-money';
import { readSiteConfig } from '../site';
import { namesWithDates, petitionersOf } from './entry-names';

/** An order on a roster: who, what it holds, and how its entries are grouped. */
interface RosterOrder {
  id: number;
  out_trade_no: string;
  state: number;
  real_name: string | null;
  phone: string;
  group: string;
  tablet_type: string;
  seat: string;
  /** The kind a row takes when the order has no entries (its type's own). */
  fallbackKind: '往生' | '延生';
  /** What the believer typed for a single-family ceremony ('' for other kinds). */
  cause: string;
  address: string;
  remark: string;
  money: OrderMoney;
}

/** The columns every roster reads of its orders: who, the state, and the money's facts. */
const rosterOrderColumns = [
  'orders.id',
  'orders.out_trade_no',
  'orders.state',
  'orders.reservation',
  'orders.amount_fen',
  'orders.price_fen',
  'orders.hold_until',
  'users.real_name',
  'users.phone',
] as const;

/**
 * Each order's entries as entered (empty names dropped, none trimmed or changed), in the orders'
 * order then by position; an order without entries still has its one row, so no paid order is
 * missing from a roster.
 */
const entriesOf = async (db: Db, orders: RosterOrder[]): Promise<RosterEntry[]> => {
  if (orders.length === 0) return [];
  const rows = await db
    .selectFrom('order_entries')
    .selectAll()
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  return orders.flatMap((order) => {
    const base = {
      outTradeNo: order.out_trade_no,
      paid: (HELD_ALWAYS as readonly number[]).includes(order.state),
      donor: order.real_name ?? '',
      phone: maskPhone(order.phone),
      group: order.group,
      tabletType: order.tablet_type,
      seat: order.seat,
      cause: order.cause,
      address: order.address,
      remark: order.remark,
      money: order.money,
    };
    const own = rows.filter((row) => row.order_id === order.id);
    if (own.length === 0)
      return [{ ...base, kind: order.fallbackKind, tablets: [], births: [], deaths: [], ys: [] }];
    return own.map((e) => ({ ...base, kind: e.kind, ...namesWithDates(e), ys: petitionersOf(e) }));
  });
};

/**
 * The rosters the 客堂 prints (issue 24): every entry of the orders that still hold their place
 * (paid, or unpaid with a live hold; closed orders never), with the names exactly as entered.
 */
export const createRosterService = (db: Db) => ({
  /**
   * The assemblies, newest first, each with its types and (ended within ROSTER_RECENT_DAYS or to
   * come) its roster's rows, and the ceremony days with bookings from as long ago, each with its rows.
   */
  async choices(now: Date) {
    // What the list counts is bounded by the calendar, not by the temple's history: assemblies
    // ended within ROSTER_RECENT_DAYS (or to come) and ceremony days from as long ago.
    const since = addDaysYmd(templeToday(now), -ROSTER_RECENT_DAYS);
    const assemblies = await db
      .selectFrom('assemblies')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('assembly_orders')
            .innerJoin('assemblies as recent', 'recent.id', 'assembly_orders.assembly_id')
            .innerJoin('orders', 'orders.id', 'assembly_orders.order_id')
            .leftJoin('order_entries', 'order_entries.order_id', 'orders.id')
            .select((e) => ['assembly_orders.assembly_id', e.fn.countAll<number>().as('rows')])
            .where('recent.end_date', '>=', since)
            .where('orders.type', '=', ORDER_TYPES.assembly)
            .where(holdsPlaceSql(now))
            .groupBy('assembly_orders.assembly_id')
            .as('held'),
        (join) => join.onRef('held.assembly_id', '=', 'assemblies.id'),
      )
      .select([
        'assemblies.id',
        'assemblies.name',
        sql<string>`assemblies.start_date::text`.as('start_date'),
        sql<boolean>`assemblies.end_date >= ${since}`.as('recent'),
        'held.rows',
      ])
      .orderBy('assemblies.start_date', 'desc')
      .orderBy('assemblies.id', 'desc')
      .execute();
    const days = await db
      .selectFrom('ceremony_orders')
      .innerJoin('orders', 'orders.id', 'ceremony_orders.order_id')
      .leftJoin('order_entries', 'order_entries.order_id', 'orders.id')
      .select((e) => [sql<string>`ceremony_orders.day::text`.as('day'), e.fn.countAll<number>().as('rows')])
      .where('ceremony_orders.day', '>=', since)
      .where('orders.type', '=', ORDER_TYPES.ceremony)
      .where(holdsPlaceSql(now))
      .groupBy('ceremony_orders.day')
      .orderBy('ceremony_orders.day', 'desc')
      .execute();
    // Every type an assembly has, withdrawn ones too (their registrations are still on its roster).
    const types = await db
      .selectFrom('assembly_places')
      .select(['assembly_id', 'hoe_type'])
      .orderBy('assembly_id')
      .orderBy('sort')
      .orderBy('hoe_type')
      .execute();
    const typesOf = (id: number) =>
      types
        .filter((t) => t.assembly_id === id)
        .map((t) => t.hoe_type)
        .filter((type): type is HoeType => (HOE_TYPES as readonly string[]).includes(type));
    return {
      assemblies: assemblies.map((a) => ({
        id: a.id,
        name: a.name,
        startDate: a.start_date,
        count: a.recent ? Number(a.rows ?? 0) : null,
        hoeTypes: typesOf(a.id),
      })),
      ceremonyDays: days.map((d) => ({ day: d.day, count: Number(d.rows) })),
      ceremonyDaysFrom: since,
    };
  },

  /** An assembly's roster, or one of its types' (`hoeType`): by type, then order, then position. */
  async assembly(assemblyId: number, hoeType: string | undefined, now: Date): Promise<Roster> {
    const assembly = await db
      .selectFrom('assemblies')
      .select('name')
      .where('id', '=', assemblyId)
      .executeTakeFirst();
    if (!assembly) throw notFound(CONSOLE_MESSAGES.notFound);
    const orders = await db
      .selectFrom('orders')
      .innerJoin('assembly_orders', 'assembly_orders.order_id', 'orders.id')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .leftJoin('assembly_places', (join) =>
        join
          .onRef('assembly_places.assembly_id', '=', 'assembly_orders.assembly_id')
          .onRef('assembly_places.hoe_type', '=', 'assembly_orders.hoe_type'),
      )
      .select([...rosterOrderColumns, 'assembly_orders.hoe_type as group', 'assembly_orders.tablet_type'])
      .select(moneySelection('orders'))
      .where('orders.type', '=', ORDER_TYPES.assembly)
      .where('assembly_orders.assembly_id', '=', assemblyId)
      .$if(hoeType !== undefined, (q) => q.where('assembly_orders.hoe_type', '=', hoeType ?? ''))
      .where(holdsPlaceSql(now))
      .orderBy('assembly_places.sort')
      .orderBy('assembly_orders.hoe_type')
      .orderBy('orders.created_at')
      .orderBy('orders.id')
      .execute();
    return {
      title: hoeType ? `${assembly.name}·${hoeType}` : assembly.name,
      // The temple's phrases as the site has them now: the sheet prints what the believer's preview shows.
      tabletPhrases: (await readSiteConfig(db)).tabletPhrases,
      entries: await entriesOf(
        db,
        orders.map((o) => ({
          ...o,
          seat: '',
          fallbackKind: o.group === '往生' ? '往生' : '延生',
          cause: '',
          address: '',
          remark: '',
          money: moneyOf(o, now),
        })),
      ),
    };
  },

  /** A day's single-family ceremonies: by time slot, ceremony, then order and position. */
  async ceremony(day: string, now: Date): Promise<Roster> {
    const orders = await db
      .selectFrom('orders')
      .innerJoin('ceremony_orders', 'ceremony_orders.order_id', 'orders.id')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .leftJoin('ceremony_types', 'ceremony_types.fs_type', 'ceremony_orders.fs_type')
      .leftJoin('ceremony_slots', 'ceremony_slots.time_label', 'ceremony_orders.time_label')
      .select([
        ...rosterOrderColumns,
        'ceremony_orders.cause',
        'ceremony_orders.address',
        'ceremony_orders.remark',
        'ceremony_types.name',
        'ceremony_orders.fs_type',
        'ceremony_orders.tablet_type',
        'ceremony_orders.tier',
        'ceremony_orders.time_label',
      ])
      .select(moneySelection('orders'))
      .where('orders.type', '=', ORDER_TYPES.ceremony)
      .where('ceremony_orders.day', '=', day)
      .where(holdsPlaceSql(now))
      .orderBy('ceremony_slots.sort')
      .orderBy('ceremony_orders.time_label')
      .orderBy('ceremony_orders.fs_type')
      .orderBy('orders.created_at')
      .orderBy('orders.id')
      .execute();
    return {
      title: `${day} 独姓佛事`,
      // The temple's phrases as the site has them now: the sheet prints what the believer's preview shows.
      tabletPhrases: (await readSiteConfig(db)).tabletPhrases,
      entries: await entriesOf(
        db,
        orders.map((o) => ({
          ...o,
          group: `${o.name ?? o.fs_type}·${o.tier}`,
          seat: o.time_label,
          fallbackKind: o.tablet_type.includes('往生') ? '往生' : '延生',
          money: moneyOf(o, now),
        })),
      ),
    };
  },
});

export type RosterService = ReturnType<typeof createRosterService>;
