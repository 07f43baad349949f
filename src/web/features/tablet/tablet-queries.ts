import { type PwType, tabletApi } from '@contract/tablet';
import { tabletSeatsRequestOf } from '@contract/tablet-form';
import { queryOptions } from '@tanstack/react-query';
import { portalClient } from '../../api/client';
import { LIVE_STALE_MS } from '../../shared/stale-times';

/** The tablet types (大牌位 1, 小牌位 2), shown in reverse order (002 section 2). */
export const tabletTypesQuery = queryOptions({
  queryKey: ['tablet', 'types'],
  queryFn: async () => [...(await portalClient(tabletApi.types)).data.ls].reverse(),
});

/** The categories (延生禄位, 往生莲位) with their descriptions. */
export const tabletCategoriesQuery = queryOptions({
  queryKey: ['tablet', 'categories'],
  queryFn: async () => (await portalClient(tabletApi.categories)).data.ls,
});

/** The location cascader of a type: floors 1-4, each with its groups. */
export const tabletLocationsQuery = (pwType: PwType) =>
  queryOptions({
    queryKey: ['tablet', 'locations', pwType],
    queryFn: async () => (await portalClient(tabletApi.locations, { pwType })).data,
  });

/**
 * The places of an area (floor, type and group) with their price. The flow's seat map loads it
 * (always afresh: a refresh follows a refusal); the page reads the price from the same cache entry.
 */
export const tabletSeatsQuery = (area: string) =>
  queryOptions({
    queryKey: ['tablet', 'seats', area],
    queryFn: async () => (await portalClient(tabletApi.seats, tabletSeatsRequestOf(area))).data,
    staleTime: LIVE_STALE_MS,
  });
