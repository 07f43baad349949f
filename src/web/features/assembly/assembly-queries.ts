import { assemblyApi } from '@contract/assembly';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { portalClient } from '../../api/client';
import { preloadImage } from '../../shared/preload-image';
import { LIVE_STALE_MS } from '../../shared/stale-times';

export const assemblyListQuery = queryOptions({
  queryKey: ['assembly', 'list'],
  queryFn: async () => (await portalClient(assemblyApi.list)).data.ls,
});

/**
 * One assembly by its lunar year and name (the /homeDetail query: enough to open it from a shared
 * link). Its types carry the places left: asked afresh whenever the page shows.
 */
export const assemblyDetailQuery = (year: number, name: string) =>
  queryOptions({
    queryKey: ['assembly', 'detail', year, name],
    queryFn: async () =>
      (await portalClient(assemblyApi.detail, { hoeYear: String(year), hoeName: name })).data,
    staleTime: LIVE_STALE_MS,
  });

/** How wide the assembly's picture shows on its page (the <img>'s and its preload's `sizes`). */
export const ASSEMBLY_IMAGE_SIZES = '(min-width: 768px) 460px, 100vw';

/** `/homeDetail`'s assembly with its picture preloaded. */
export const loadAssemblyDetail = async (queryClient: QueryClient, year: number, name: string) => {
  const detail = await queryClient.ensureQueryData(assemblyDetailQuery(year, name));
  preloadImage(detail.hoe.IMAGE, ASSEMBLY_IMAGE_SIZES);
  return detail;
};

/** The merit items offered with an assembly type (getMeritItemList); none until a type is chosen. */
export const assemblyMeritItemsQuery = (year: number, name: string, hoeType: string) =>
  queryOptions({
    queryKey: ['assembly', 'meritItems', year, name, hoeType],
    queryFn: async () =>
      (await portalClient(assemblyApi.meritItems, { hoeYear: String(year), hoeName: name, hoeType })).data,
    enabled: hoeType !== '',
  });

/** How the temple prints the tablets of an assembly type × tablet type (size, heading, note). */
export const tabletPreviewQuery = (year: number, name: string, hoeType: string, tabletType: string) =>
  queryOptions({
    queryKey: ['assembly', 'preview', year, name, hoeType, tabletType],
    queryFn: async () =>
      (
        await portalClient(
          assemblyApi.preview,
          { hoeYear: String(year), hoeName: name, hoeType, tabletType },
          { quiet: true },
        )
      ).data,
    enabled: hoeType !== '' && tabletType !== '',
  });
