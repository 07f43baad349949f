import {
  addDaysYmd,
  type BookableFacts,
  bookingRefusal,
  type CalendarData,
  type CalendarRangeRequest,
  CEREMONY_MESSAGES,
  type CeremonyPrice,
  type CeremonyTypeDetail,
  type CeremonyTypeItem,
  daysBetween,
  defaultCalendarRange,
  type FsType,
  toDateStr,
} from '@contract/ceremony';
import { templeToday } from '@contract/temple-day';
import { Solar } from 'lunar-javascript';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { notFound } from '../errors';
import { horizonAt, nextTempleDay } from './answer-horizon';
import { heldPlacesAt } from './assembly';

/** Whether a date is the 1st or the 15th of its lunar month (lunar-javascript). */
export const isLunarFirstOrFifteenth = (ymd: string): boolean => {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const day = Solar.fromYmd(y, m, d).getLunar().getDay();
  return day === 1 || day === 15;
};

/** The place a ceremony booking holds: one session of a date's slot (order_places.place). */
export const ceremonyPlace = (date: string, slot: string) => `ceremony:${date}:${slot}`;

/** Whether an assembly is held on the date. */
export const hasAssemblyOn = async (db: Db, date: string): Promise<boolean> =>
  (await db
    .selectFrom('assemblies')
    .select('id')
    .where('published', '=', true)
    .where('start_date', '<=', date)
    .where('end_date', '>=', date)
    .executeTakeFirst()) !== undefined;

/** The facts `bookingRefusal` needs for a date, from lunar-javascript and the assemblies. */
export const bookableFacts = async (db: Db, date: string): Promise<BookableFacts> => ({
  lunarFirstOrFifteenth: isLunarFirstOrFifteenth(date),
  hasAssembly: await hasAssemblyOn(db, date),
  closedReason:
    (await db.selectFrom('ceremony_closed_days').select('reason').where('day', '=', date).executeTakeFirst())
      ?.reason ?? null,
});

const daysOf = (startDate: string, endDate: string): string[] =>
  Array.from({ length: daysBetween(startDate, endDate) + 1 }, (_, k) => addDaysYmd(startDate, k));

export const createCeremonyService = (db: Db, clock: Clock) => {
  const types = async (): Promise<CeremonyTypeItem[]> => {
    const rows = await db.selectFrom('ceremony_types').selectAll().orderBy('sort').execute();
    return rows.map((r) => ({
      FS_TYPE: r.fs_type as FsType,
      FS_NAME: r.name,
      IMAGE: r.image,
      PARTICULARS: r.particulars,
    }));
  };

  const prices = async (fsType: FsType): Promise<CeremonyPrice[]> => {
    const rows = await db
      .selectFrom('ceremony_prices')
      .selectAll()
      .where('fs_type', '=', fsType)
      // A withdrawn price takes no new booking (those made keep their place).
      .where('withdrawn', '=', false)
      // The plainer tablet type first, and its tiers from the smallest: the map reads as a price list.
      .orderBy('price_fen')
      .orderBy('sort')
      .execute();
    return rows.map((r) => ({
      FS_TYPE: fsType,
      FS_CONTENT: r.tablet_type,
      MANY: r.tier,
      PRICE: r.price_fen / 100,
    }));
  };

  /** The slots taking bookings (a withdrawn one is neither shown nor counted). */
  const slots = () =>
    db.selectFrom('ceremony_slots').selectAll().where('withdrawn', '=', false).orderBy('sort').execute();

  return {
    types,
    prices,

    async typeDetail(fsType: FsType): Promise<CeremonyTypeDetail> {
      const type = (await types()).find((t) => t.FS_TYPE === fsType);
      if (!type) throw notFound(CEREMONY_MESSAGES.unknownType);
      return {
        ...type,
        priceList: await prices(fsType),
        SLOTS: (await slots()).map((s) => s.time_label),
      };
    },

    /**
     * Each day of the range with its slots' sessions left (paid and unexpired bookings held),
     * whether the temple takes a booking that day, the festivals and the assembly days; the
     * default range (002 section 7) when none is given, counted from the temple's today.
     */
    async calendar(range: CalendarRangeRequest, at = horizonAt(clock.now())): Promise<CalendarData> {
      const today = templeToday(at.now);
      // Tomorrow the default range and the days that can be booked move.
      at.changesAt(nextTempleDay(at.now));
      const { startDate, endDate } =
        range.startDate && range.endDate
          ? { startDate: range.startDate, endDate: range.endDate }
          : defaultCalendarRange(today);
      const days = daysOf(startDate, endDate);
      const slotRows = await slots();
      const held = await heldPlacesAt(
        db,
        days.flatMap((day) => slotRows.map((s) => ceremonyPlace(day, s.time_label))),
        at,
      );
      const assemblies = await db
        .selectFrom('assemblies')
        .select(['name', 'start_date', 'end_date'])
        .where('published', '=', true)
        .where('start_date', '<=', endDate)
        .where('end_date', '>=', startDate)
        .orderBy('start_date')
        .execute();
      const hoeDataList = days.flatMap((day) =>
        assemblies
          .filter((a) => a.start_date <= day && a.end_date >= day)
          .map((a) => ({ HOE_DATE: day, HOE_NAME: a.name })),
      );
      const assemblyDays = new Set(hoeDataList.map((h) => h.HOE_DATE));
      const festivals = await db
        .selectFrom('festival_days')
        .select(['day', 'name'])
        .where('day', '>=', startDate)
        .where('day', '<=', endDate)
        .orderBy('day')
        .execute();
      const closed = new Map(
        (
          await db
            .selectFrom('ceremony_closed_days')
            .select(['day', 'reason'])
            .where('day', '>=', startDate)
            .where('day', '<=', endDate)
            .execute()
        ).map((row) => [row.day, row.reason]),
      );
      return {
        startDate,
        endDate,
        fsDataCcList: days.map((day) => {
          const refusal = bookingRefusal(day, today, {
            lunarFirstOrFifteenth: isLunarFirstOrFifteenth(day),
            hasAssembly: assemblyDays.has(day),
            closedReason: closed.get(day) ?? null,
          });
          return {
            DATE_STR: toDateStr(day),
            TIME_MAP: Object.fromEntries(
              slotRows.map((s) => [
                s.time_label,
                Math.max(0, s.sessions - (held.get(ceremonyPlace(day, s.time_label)) ?? 0)),
              ]),
            ),
            BOOKABLE: refusal === null,
            REFUSAL: refusal,
          };
        }),
        jrDataList: festivals.map((f) => ({ YL_DATE: f.day, NAME: f.name })),
        hoeDataList,
      };
    },
  };
};

export type CeremonyService = ReturnType<typeof createCeremonyService>;
