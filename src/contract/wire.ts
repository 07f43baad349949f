import * as v from 'valibot';

/** The largest value of PostgreSQL's `integer`. */
export const INT32_MAX = 2_147_483_647;

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
