import { ceremonyApi, type FsType } from '@contract/ceremony';
import { queryOptions } from '@tanstack/react-query';
import { portalClient } from '../../api/client';
import { LIVE_STALE_MS } from '../../shared/stale-times';

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

/** The prefix of every calendar query: invalidating it refreshes the sessions left, whatever the range. */
export const CEREMONY_CALENDAR_KEY = ['ceremony', 'calendar'] as const;

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
