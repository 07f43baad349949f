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
