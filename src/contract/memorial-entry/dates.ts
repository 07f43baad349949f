/** The ceremony's date pickers: pure limits, YYYY-MM-DD strings. */

export const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const isoDay = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const shiftDay = (today: string, days: number): string => {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return isoDay(new Date(y, m - 1, d + days));
};
export interface DateLimits {
  min: string | null;
  max: string | null;
}
/** Birth: not after the death date, or (with none) after yesterday. */
export const birthDateLimits = (death: string, today: string): DateLimits => ({
  min: null,
  max: death || shiftDay(today, -1),
});
/**
 * Death: not before the birth date. 000 says "or, with no birth date, before yesterday", which
 * would refuse every past death (the original site's copy-paste); we keep it no later than today.
 */
export const deathDateLimits = (birth: string, today: string): DateLimits => ({
  min: birth || null,
  max: today,
});
export const withinLimits = (day: string, limits: DateLimits) =>
  (!limits.min || day >= limits.min) && (!limits.max || day <= limits.max);
