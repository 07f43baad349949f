import * as v from 'valibot';
import { endpoint, portalEnvelope } from './envelope';

/**
 * The wish wall (spec 001 section 9): the latest wishes offered with merit items. Apart from the
 * merit module so the pages that show the wall (the home page) do not load the merit order's rules.
 */
export const wish = v.object(
  { WISH: v.string('心愿的数据有误'), NAME: v.string('心愿的数据有误') },
  '心愿的数据有误',
);
export type Wish = v.InferOutput<typeof wish>;

export const wishListEndpoint = endpoint({
  method: 'GET',
  path: '/portal/rs/wish-api/v1/wish/getWishList',
  request: null,
  response: portalEnvelope(v.array(wish)),
});
