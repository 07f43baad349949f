import { type MembershipPackage, membershipEndDate, packageTerms } from '@contract/membership';

/** The temple's time zone: its "today" decides whether a membership still runs. */
const templeDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The temple's date of an instant, YYYY-MM-DD. */
export const templeToday = (now: Date = new Date()): string => templeDay.format(now);

/**
 * The end date a purchase of `pkg` gives (001 section 4): from the current end date while the
 * membership runs, from today once it has ended (or never began: an empty end date).
 */
export const renewedEndDate = (currentEnd: string, pkg: MembershipPackage, now: Date = new Date()): string =>
  membershipEndDate(currentEnd || null, templeToday(now), packageTerms(pkg).years);
