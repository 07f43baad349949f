import { type MembershipPackage, membershipEndDate, packageTerms } from '@contract/membership';
import { templeToday } from '@contract/temple-day';

/**
 * The end date a purchase of `pkg` gives (001 section 4): from the current end date while the
 * membership runs, from today once it has ended (or never began: an empty end date).
 */
export const renewedEndDate = (currentEnd: string, pkg: MembershipPackage, now: Date = new Date()): string =>
  membershipEndDate(currentEnd || null, templeToday(now), packageTerms(pkg).years);
