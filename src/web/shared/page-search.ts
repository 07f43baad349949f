import { INT32_MAX } from '@contract/wire';
import * as v from 'valibot';

/**
 * A zero-based page number in the address (`?page=2`): a whole number up to the largest the API
 * takes; anything else (an old or edited link) is the first page. Apart from the pager's view:
 * the routes read it before any page code has loaded.
 */
export const pageSearchParam = v.fallback(
  v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(INT32_MAX)), 0),
  0,
);
