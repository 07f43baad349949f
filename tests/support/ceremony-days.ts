import { type APIRequestContext, expect } from '@playwright/test';
import { addDaysYmd, type CalendarData, ceremonyApi } from '../../src/contract/ceremony';

/** The slot the e2e bookings take. */
export const CEREMONY_SLOT = '08:30-10:00';

/** Today in the temple's zone, as the server counts it. */
export const templeToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', dateStyle: 'short' }).format(new Date());

/** 2026年12月8日: the start of a calendar cell's accessible name. */
export const spokenDay = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number);
  return `${y}年${m}月${d}日`;
};

/**
 * The bookable days from `fromDays` to `toDays` ahead whose slot has both sessions left, as the
 * server's own calendar says (YYYY-MM-DD), at least one.
 */
export const freeCeremonyDays = async (
  request: APIRequestContext,
  fromDays: number,
  toDays: number,
): Promise<string[]> => {
  const today = templeToday();
  const range = await request.get(
    `${ceremonyApi.calendarInterval.path}?startDate=${addDaysYmd(today, fromDays)}&endDate=${addDaysYmd(today, toDays)}`,
  );
  const { data } = (await range.json()) as { data: CalendarData };
  const days = data.fsDataCcList
    .filter((d) => d.BOOKABLE && d.TIME_MAP[CEREMONY_SLOT] === 2)
    .map((d) => d.DATE_STR.replace(/-(\d)(?=-|$)/g, '-0$1'));
  expect(days.length, `a bookable day ${fromDays} to ${toDays} days ahead`).toBeGreaterThan(0);
  return days;
};
