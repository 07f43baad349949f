import { addDays, format } from 'date-fns';
import { Lunar, LunarMonth, Solar } from 'lunar-javascript';

export interface LunarDay {
  month: number;
  /** A day of the lunar month; 30 means the month's last day (29 in a short month). */
  day: number;
}

export interface Occurrence {
  lunarYear: number;
  solar: Date;
}

const toDate = (solar: Solar): Date => new Date(solar.getYear(), solar.getMonth() - 1, solar.getDay());

const solarOf = (lunarYear: number, { month, day }: LunarDay): Date => {
  const lastDay = LunarMonth.fromYm(lunarYear, month).getDayCount();
  return toDate(Lunar.fromYmd(lunarYear, month, Math.min(day, lastDay)).getSolar());
};

/** The next time a lunar day falls at least `leadDays` after `from`, with its lunar year. */
export const nextOccurrence = (lunarDay: LunarDay, from: Date, leadDays = 7): Occurrence => {
  const earliest = addDays(from, leadDays);
  const thisYear = Solar.fromDate(from).getLunar().getYear();
  for (const lunarYear of [thisYear - 1, thisYear, thisYear + 1]) {
    const solar = solarOf(lunarYear, lunarDay);
    if (solar >= earliest) return { lunarYear, solar };
  }
  return { lunarYear: thisYear + 1, solar: solarOf(thisYear + 1, lunarDay) };
};

export const ymd = (date: Date): string => format(date, 'yyyy-MM-dd');

/** 农历十月初三 */
export const lunarText = (date: Date): string => {
  const lunar = Solar.fromDate(date).getLunar();
  return `农历${lunar.getMonthInChinese()}月${lunar.getDayInChinese()}`;
};
