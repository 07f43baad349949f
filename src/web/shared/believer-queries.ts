import { believerApi } from '@contract/believer';
import { type MyMembership, membershipApi } from '@contract/membership';
import { queryOptions } from '@tanstack/react-query';
import { mainClient, portalClient } from '../api/client';
import { LIVE_STALE_MS } from './stale-times';

/**
 * What the user centre and the membership pages both show of the logged-in believer, under one
 * key prefix: a paid join or renewal marks `['believer']` stale and both see the change.
 */

/**
 * The believer's own profile (spec 001 section 3). Quiet: a failure is shown where the profile is
 * (请重新登录, with 重试); a 401 goes to /login as every call's does.
 */
export const profileQuery = queryOptions({
  queryKey: ['believer', 'profile'],
  queryFn: async () => (await mainClient(believerApi.profile, {}, { quiet: true })).data,
  staleTime: LIVE_STALE_MS,
});

/** The believer's own membership: null before a join is paid. */
export const myMembershipQuery = queryOptions({
  queryKey: ['believer', 'membership'],
  queryFn: async (): Promise<MyMembership> => (await portalClient(membershipApi.mine)).data,
  staleTime: LIVE_STALE_MS,
});
