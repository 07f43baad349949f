import { authApi } from '@contract/auth';
import { queryOptions } from '@tanstack/react-query';
import { mainClient } from '../../api/client';
import { LIVE_STALE_MS } from '../../shared/stale-times';

/** The logged-in believer as the server knows them (a revoked token answers 401 here). */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async () => (await mainClient(authApi.me)).data,
  staleTime: LIVE_STALE_MS,
});
