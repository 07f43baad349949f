import { Solar } from 'lunar-javascript';

/** lunar-javascript converts reliably only for these years; the calendar never leaves them. */
export const LUNAR_MIN_YEAR = 1900;
export const LUNAR_MAX_YEAR = 2100;

/** What the calendar shows under a solar date, and why. */
export interface LunarDay {
  /** The text under the date: a festival, else a solar term, else the month name on 初一, else the day. */
  text: string;
  kind: 'festival' | 'term' | 'month' | 'day';
  /** The lunar month's name, e.g. 正月, 闰六月, 腊月. */
  monthName: string;
  /** The lunar day's name, e.g. 初一, 十五, 三十. */
  dayName: string;
  /** The lunar day of the month, 1 to 30. */
  day: number;
}

/** Year, month and day of 'YYYY-MM-DD' (leading zeros optional, as the calendar data sends them). */
const parse = (date: string): [number, number, number] | null => {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < LUNAR_MIN_YEAR || year > LUNAR_MAX_YEAR || month < 1 || month > 12 || day < 1 || day > 31)
    return null;
  return [year, month, day];
};

/**
 * Each date's lunar day, computed once: a month's cells render again on every hover, focus and
 * answer, and lunar-javascript's conversion is the costly part of a cell. A few years of dates at
 * most (a calendar pages through months), so the cache is cleared rather than evicted.
 */
const computed = new Map<string, LunarDay | null>();
const CACHE_LIMIT = 2000;

/** The lunar day of a solar date 'YYYY-MM-DD', or null outside 1900-2100 or for a malformed date. */
export function lunarDay(date: string): LunarDay | null {
  const known = computed.get(date);
  if (known !== undefined) return known;
  if (computed.size >= CACHE_LIMIT) computed.clear();
  const day = convert(date);
  computed.set(date, day);
  return day;
}

function convert(date: string): LunarDay | null {
  const ymd = parse(date);
  if (!ymd) return null;
  const lunar = Solar.fromYmd(...ymd).getLunar();
  const monthName = `${lunar.getMonthInChinese()}月`;
  const dayName = lunar.getDayInChinese();
  const day = lunar.getDay();
  const festival = lunar.getFestivals()[0];
  if (festival) return { text: festival, kind: 'festival', monthName, dayName, day };
  const term = lunar.getJieQi();
  if (term) return { text: term, kind: 'term', monthName, dayName, day };
  if (day === 1) return { text: monthName, kind: 'month', monthName, dayName, day };
  return { text: dayName, kind: 'day', monthName, dayName, day };
}

/** The text shown under a solar date ('' outside 1900-2100). */
export const lunarText = (date: string): string => lunarDay(date)?.text ?? '';

/** Whether a solar date falls on the 1st or the 15th of a lunar month (000 section 9 disables those). */
export function isLunarFirstOrFifteenth(date: string): boolean {
  const lunar = lunarDay(date);
  return lunar !== null && (lunar.day === 1 || lunar.day === 15);
}
