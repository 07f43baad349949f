import { volunteerApi } from '@contract/volunteer';
import { queryOptions } from '@tanstack/react-query';
import { mainClient } from '../../api/client';
import { LIVE_STALE_MS } from '../../shared/stale-times';

/**
 * The believer's own application waiting for review, or null: the page says so on arrival instead
 * of the form. Quiet: should it fail, the form shows, and the server still refuses a second
 * application for the same phone. A successful application marks it stale.
 */
export const myVolunteerApplicationQuery = queryOptions({
  queryKey: ['volunteer', 'mine'],
  queryFn: async () => (await mainClient(volunteerApi.mine, undefined, { quiet: true })).data,
  staleTime: LIVE_STALE_MS,
});
