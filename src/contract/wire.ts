import * as v from 'valibot';

/**
 * The shapes every call's fields share, each with the one Chinese message of its field: text
 * without control characters, whole numbers in a range, yuan amounts, whole-number query
 * parameters that fit the database's `integer`.
 */

/** The largest value of PostgreSQL's `integer`. */
export const INT32_MAX = 2_147_483_647;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
export const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/u;
/** The same, but line breaks allowed: a text block or a textarea. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
export const LINES_NO_CONTROL = /^[^\u0000-\u0009\u000b-\u001f\u007f]*$/u;

/**
 * A plain-text field staff type and visitors read (a name, an address, a title, a description):
 * `<` and `>` are refused, since the page shows them as they are (React escapes them) and typed
 * markup would appear on the site as literal tags. `message` is the field's; most say MARKUP_REFUSED.
 */
export const noMarkup = (message: string) => v.regex(/^[^<>]*$/u, message);
/** What a plain-text field says under it when `<` or `>` was typed. */
export const MARKUP_REFUSED = '不能包含尖括号 < >';
/** What a plain-text field says under it when it holds a control character. */
export const CONTROL_REFUSED = '不能包含控制字符';

/**
 * One line of plain text staff type in the console (a name, a title, a price row's label):
 * trimmed, at most `max` characters, no control character, no markup. `empty` is the message of a
 * required line left empty; null makes the line optional ('' is kept).
 */
export const textLine = (empty: string | null, max: number, tooLong: string) =>
  v.pipe(
    v.string(empty ?? tooLong),
    v.trim(),
    v.check((value) => empty === null || value.length > 0, empty ?? tooLong),
    v.maxLength(max, tooLong),
    v.regex(NO_CONTROL, CONTROL_REFUSED),
    noMarkup(MARKUP_REFUSED),
  );

/** A short text of an order or a query: non-empty, without control characters, at most `max`. */
export const wireText = (message: string, max: number) =>
  v.pipe(v.string(message), v.nonEmpty(message), v.maxLength(max, message), v.regex(NO_CONTROL, message));

/** A whole number from `min` to `max` (a count, a quantity, an id). */
export const wholeNumber = (message: string, min: number, max: number, maxMessage = message) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, maxMessage));

/** An amount of yuan on the wire: a finite number from zero to `max`. */
export const yuanAmount = (message: string, max = 1_000_000_000) =>
  v.pipe(v.number(message), v.finite(message), v.minValue(0, message), v.maxValue(max, message));

/**
 * A query parameter holding a whole number the database's `integer` can store (0 to 2^31−1),
 * as text on the wire and a number once parsed; anything else is refused with `message`.
 */
export const wholeNumberParam = (message: string) =>
  v.pipe(
    v.string(message),
    v.regex(/^\d{1,10}$/, message),
    v.transform(Number),
    v.maxValue(INT32_MAX, message),
  );
