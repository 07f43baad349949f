/**
 * The temple's calendar day. "Today" (bookable days, birth dates, membership end dates) is
 * counted in the temple's time zone, whatever the server's or the browser's.
 */
export const TEMPLE_TIME_ZONE = 'Asia/Shanghai';

const templeDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: TEMPLE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The temple's date of an instant (now, by default), YYYY-MM-DD. */
export const templeToday = (now: Date = new Date()): string => templeDay.format(now);

const templeTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: TEMPLE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
/** 2026-11-22 10:00:00, the temple's wall clock at an instant. */
export const templeDateTime = (at: Date): string => templeTime.format(at);
