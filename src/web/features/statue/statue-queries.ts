import { type StatueLocation, statueApi } from '@contract/statue';
import { statueSeatsRequestOf } from '@contract/statue-form';
import { queryOptions } from '@tanstack/react-query';
import { portalClient } from '../../api/client';

/** The three locations with their pictures (圣像供奉: 大殿内, 大殿外, 六合居). */
export const statueListQuery = queryOptions({
  queryKey: ['statue', 'list'],
  queryFn: async () => (await portalClient(statueApi.list)).data.ls,
});

/** The statues of a location. */
export const statuesQuery = (location: StatueLocation) =>
  queryOptions({
    queryKey: ['statue', 'statues', location],
    queryFn: async () => (await portalClient(statueApi.statues, { location })).data,
  });

/** The materials, groups with prices and closed groups of a location. */
export const statuePreviewQuery = (location: StatueLocation) =>
  queryOptions({
    queryKey: ['statue', 'preview', location],
    queryFn: async () => (await portalClient(statueApi.preview, { location })).data,
  });

/** The niches of an area (getFxPreviewData with material and fxGroup). */
export const loadStatueSeats = async (area: string) =>
  (await portalClient(statueApi.seats, statueSeatsRequestOf(area), { quiet: true })).data.fxOrderDataMap;
