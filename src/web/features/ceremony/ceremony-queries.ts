import { CEREMONY_RULES, ceremonyApi, defaultCalendarRange, type FsType } from '@contract/ceremony';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { portalClient } from '../../api/client';
import { preloadImage } from '../../shared/preload-image';
import { LIVE_STALE_MS } from '../../shared/stale-times';
import { rememberedFsType } from './remembered-type';

/** The ceremony types with their pictures (独姓佛事: 往生 and 延生). */
export const ceremonyListQuery = queryOptions({
  queryKey: ['ceremony', 'list'],
  queryFn: async () => (await portalClient(ceremonyApi.pwList)).data.ls,
});

/** One ceremony type with its price map (tablet type × tier) and its daily slots. */
export const ceremonyTypeQuery = (fsType: FsType) =>
  queryOptions({
    queryKey: ['ceremony', 'type', fsType],
    queryFn: async () => (await portalClient(ceremonyApi.fsByType, { fsType })).data,
  });

/** How wide the ceremony's picture shows on its page (the <img>'s and its preload's `sizes`). */
export const CEREMONY_IMAGE_SIZES = '(min-width: 768px) 18rem, 100vw';

/**
 * The type `/ceremonyDetail?id=` opens (the address's, else the one last opened from the list)
 * with its data, its picture preloaded; null with neither.
 */
export const loadCeremonyType = async (queryClient: QueryClient, id: 1 | 2 | undefined) => {
  const fsType = id ? (String(id) as FsType) : rememberedFsType();
  if (!fsType) return null;
  const detail = await queryClient.ensureQueryData(ceremonyTypeQuery(fsType));
  preloadImage(detail.IMAGE, CEREMONY_IMAGE_SIZES);
  return { fsType, detail };
};

/** The prefix of every calendar query: invalidating it refreshes the sessions left, whatever the range. */
export const CEREMONY_CALENDAR_KEY = ['ceremony', 'calendar'] as const;

/**
 * The range asked for a shown month ('YYYY-MM-01'): 002's range around it, kept within the years
 * the lunar calendar reckons and the calendar call accepts (January 1900 from 1900-01-01,
 * December 2100 up to 2100-12-31), so the first and last months show rather than fail.
 */
export const monthCalendarRange = (firstDay: string) => {
  const { startDate, endDate } = defaultCalendarRange(firstDay);
  const first = `${CEREMONY_RULES.minYear}-01-01`;
  const last = `${CEREMONY_RULES.maxYear}-12-31`;
  return { startDate: startDate < first ? first : startDate, endDate: endDate > last ? last : endDate };
};

/**
 * The booking calendar (sessions left per day and slot, festivals, assembly days); 002's default
 * range without one. The sessions left are asked afresh whenever the calendar shows.
 */
export const ceremonyCalendarQuery = (range?: { startDate: string; endDate: string }) =>
  queryOptions({
    queryKey: [...CEREMONY_CALENDAR_KEY, range?.startDate ?? null, range?.endDate ?? null],
    queryFn: async () => (await portalClient(ceremonyApi.calendarInterval, range)).data,
    staleTime: LIVE_STALE_MS,
  });
