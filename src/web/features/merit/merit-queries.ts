import { meritApi } from '@contract/merit';
import { queryOptions } from '@tanstack/react-query';
import { portalClient } from '../../api/client';

export const meritListQuery = queryOptions({
  queryKey: ['merit', 'list'],
  queryFn: async () => (await portalClient(meritApi.list, { channel: '1' })).data,
});

export const meritDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['merit', 'detail', id],
    queryFn: async () => (await portalClient(meritApi.detail, { id: String(id) })).data,
  });

/** The wish wall refreshes every 10 s (spec 001 section 9). */
export const wishesQuery = queryOptions({
  queryKey: ['wishes'],
  queryFn: async () => (await portalClient(meritApi.wishes)).data,
  refetchInterval: 10_000,
});
