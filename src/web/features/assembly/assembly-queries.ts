import { assemblyApi } from '@contract/assembly';
import { queryOptions } from '@tanstack/react-query';
import { portalClient } from '../../api/client';

export const assemblyListQuery = queryOptions({
  queryKey: ['assembly', 'list'],
  queryFn: async () => (await portalClient(assemblyApi.list)).data.ls,
});

/** One assembly by its lunar year and name (the /homeDetail query: enough to open it from a shared link). */
export const assemblyDetailQuery = (year: number, name: string) =>
  queryOptions({
    queryKey: ['assembly', 'detail', year, name],
    queryFn: async () =>
      (await portalClient(assemblyApi.detail, { hoeYear: String(year), hoeName: name })).data,
  });
