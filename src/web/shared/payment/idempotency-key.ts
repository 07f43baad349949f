/** A key for one confirmation: every try of that confirmation sends it (`Idempotency-Key`). */
export const newIdempotencyKey = (): string => crypto.randomUUID();
