import { rolesText, timeText } from './staff-queries';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One value as the log shows it: roles in Chinese, times in the temple's clock, 是/否, — for none. */
const valueText = (key: string, value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (key === 'roles' && Array.isArray(value)) return rolesText(value.map(String)) || '—';
  if (Array.isArray(value)) return value.map((item) => valueText('', item)).join('、') || '—';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'string') return ISO_TIME.test(value) ? timeText(value) : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A log line's change in a few words: for objects, each key whose value changed
 * (`roles: 客堂 → 客堂、财务`; only an after: `roles: 客堂`); else the values as JSON
 * (`"a" → "b"`). Nothing recorded: an empty list.
 */
export const auditChanges = (before: unknown, after: unknown): string[] => {
  const none = (value: unknown) => value === null || value === undefined;
  if (none(before) && none(after)) return [];
  if ((isObject(before) || none(before)) && (isObject(after) || none(after))) {
    const was = isObject(before) ? before : {};
    const now = isObject(after) ? after : {};
    const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
    return keys
      .filter((key) => !same(was[key], now[key]))
      .map((key) =>
        none(before)
          ? `${key}: ${valueText(key, now[key])}`
          : `${key}: ${valueText(key, was[key])} → ${valueText(key, now[key])}`,
      );
  }
  const json = (value: unknown) => (none(value) ? '—' : JSON.stringify(value));
  return none(before) ? [json(after)] : [`${json(before)} → ${json(after)}`];
};
