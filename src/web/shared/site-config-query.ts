import { siteApi } from '@contract/site';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { mainClient } from '../api/client';

/** The temple's facts (name, address, phones, licences): read once, kept for the visit. */
export const siteConfigQuery = queryOptions({
  queryKey: ['site-config'],
  queryFn: async () => (await mainClient(siteApi.config)).data,
  staleTime: Number.POSITIVE_INFINITY,
});

export const useSiteConfig = () => useSuspenseQuery(siteConfigQuery).data;
