const BEIJING_OFFSET_MS = 8 * 3600_000;

/** RFC 3339 in Beijing time, to the second, as WeChat Pay writes times: `2026-11-22T10:00:00+08:00`. */
export const beijingTime = (date: Date) =>
  `${new Date(date.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;

/**
 * `yyyy-MM-DDTHH:mm:ss+TIMEZONE`, the form the API documents for `time_expire`. Fractions of a
 * second and `Z` (what `toISOString()` gives) are refused, so an adapter that sends them is caught.
 */
export const RFC3339_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

export const isRfc3339Seconds = (text: string) =>
  RFC3339_SECONDS.test(text) && !Number.isNaN(Date.parse(text));
