import { wishListEndpoint } from '@contract/wishes';
import { queryOptions } from '@tanstack/react-query';
import { portalClient } from '../../api/client';

/**
 * The wish wall refreshes every 10 s (spec 001 section 9). Quiet: a failed refresh would otherwise
 * toast every 10 s on every page with the wall; the wall keeps the last wishes or says so itself.
 */
export const wishesQuery = queryOptions({
  queryKey: ['wishes'],
  queryFn: async () => (await portalClient(wishListEndpoint, undefined, { quiet: true })).data,
  refetchInterval: 10_000,
});
