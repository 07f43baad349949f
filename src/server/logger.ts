export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/** A mainland mobile number anywhere in a text (not part of a longer run of digits). */
const PHONE_IN_TEXT = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g;
/**
 * A resident ID number anywhere in a text: 18 characters (region, birth date 19xx/20xx, sequence,
 * check digit or X) or the old 15 digits (region, yymmdd, sequence). The birth date keeps order
 * numbers and timestamps from looking like one.
 */
const ID_IN_TEXT =
  /(?<![\dXx])([1-9])(?:\d{5}(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]|\d{5}\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3})(?![\dXx])/g;

const stars = (count: number) => '*'.repeat(Math.max(count, 0));

/** Both patterns need 11 digits in a row at least: a text without them is kept as it is, unsearched. */
const ELEVEN_DIGITS = /\d{11}/;

/** Phones as 138****1234, ID numbers as 1****************X: the text around them is kept. */
export const maskText = (text: string): string =>
  ELEVEN_DIGITS.test(text)
    ? text
        .replace(ID_IN_TEXT, (id, first: string) => `${first}${stars(id.length - 2)}${id.slice(-1)}`)
        .replace(PHONE_IN_TEXT, (_, head: string, tail: string) => `${head}****${tail}`)
    : text;

/** A name keeps its surname (the first character): 陈**. */
export const maskName = (name: string): string => {
  const chars = [...name.trim()];
  return chars.length === 0 ? '' : `${chars[0]}${stars(chars.length - 1)}`;
};

const SECRET = '******';

/**
 * Fields judged by their name (lower case, without `_` and `-`): those that carry an SMS code or
 * the text of an SMS (the whole value goes), and those that carry a person's name: the believer's
 * real name, the donor's, the relatives' and the dead's on a tablet or a ceremony, the contact's
 * (each name keeps its surname only).
 */
const CODE_FIELDS = new Set(['code', 'captcha', 'smscode', 'verifycode', 'verificationcode', 'text', 'sms']);
const NAME_FIELDS = new Set([
  'name',
  'names',
  'realname',
  'fullname',
  'donor',
  'donorname',
  'donornames',
  'gdfm',
  'fhname',
  'relative',
  'relativename',
  'relativenames',
  'relatives',
  'deceased',
  'deceasedname',
  'contact',
  'contactname',
  'applicant',
  'applicantname',
  'legalname',
  'convertlegalname',
]);

/** Field names seen, with their kind: a server logs the same few names over and over. */
const kinds = new Map<string, 'code' | 'name' | null>();
const KINDS_KEPT = 1_000;

const fieldKind = (key: string): 'code' | 'name' | null => {
  const known = kinds.get(key);
  if (known !== undefined) return known;
  const bare = key.toLowerCase().replace(/[_-]/g, '');
  const kind = CODE_FIELDS.has(bare) ? 'code' : NAME_FIELDS.has(bare) ? 'name' : null;
  if (kinds.size < KINDS_KEPT) kinds.set(key, kind);
  return kind;
};

const maskNames = (value: unknown): unknown => {
  if (typeof value === 'string') return maskName(value);
  if (Array.isArray(value)) return value.map(maskNames);
  return value === null || value === undefined ? value : SECRET;
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * A plain object with every field masked: the object itself when no field changes (a request's
 * line, every log line of a catalogue read, copies nothing), a copy otherwise.
 */
const maskFields = (value: Record<string, unknown>, depth: number): Record<string, unknown> => {
  const entries = Object.entries(value);
  let changed = false;
  for (const entry of entries) {
    const masked = maskLogValue(entry[1], entry[0], depth + 1);
    if (masked !== entry[1]) {
      entry[1] = masked;
      changed = true;
    }
  }
  return changed ? Object.fromEntries(entries) : value;
};

/**
 * What a log line may show of `value`: every text with its phones and ID numbers masked, SMS codes
 * gone and names down to the surname, by field name, in nested objects and arrays too.
 */
export const maskLogValue = (value: unknown, key = '', depth = 0): unknown => {
  const kind = key ? fieldKind(key) : null;
  if (kind === 'code') return value === null || value === undefined ? value : SECRET;
  if (kind === 'name') return maskLogValue(maskNames(value), '', depth + 1);
  if (typeof value === 'string') return maskText(value);
  if (depth > 8) return SECRET;
  if (Array.isArray(value)) return value.map((item) => maskLogValue(item, '', depth + 1));
  if (isPlainObject(value)) return maskFields(value, depth);
  if (value instanceof Error) return maskText(String(value));
  return value;
};

/**
 * One JSON line per event, for log collectors; `silent` for tests. Every line passes through
 * `maskLogValue`, so no line shows a full phone number, an ID number, an SMS code or a full name.
 */
export const createLogger = (
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger => {
  const log =
    (level: string) =>
    (message: string, fields: LogFields = {}) =>
      write(
        JSON.stringify({
          time: new Date().toISOString(),
          level,
          message: maskText(message),
          ...(maskLogValue(fields) as LogFields),
        }),
      );
  return { info: log('info'), warn: log('warn'), error: log('error') };
};

export const silentLogger: Logger = createLogger(() => {});
