import { type StatueLocation, statueApi } from '@contract/statue';
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

/** The seat-map area of a location, material and group, as the seat-selection machine keys it. */
export const statueArea = (location: StatueLocation, material: number, group: string) =>
  `${location}|${material}|${group}`;

/** The niches of an area (getFxPreviewData with material and fxGroup). */
export const loadStatueSeats = async (area: string) => {
  const [location, material, fxGroup] = area.split('|') as [StatueLocation, string, string];
  return (await portalClient(statueApi.seats, { location, material, fxGroup }, { quiet: true })).data
    .fxOrderDataMap;
};
