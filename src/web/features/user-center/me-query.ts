import { authApi } from '@contract/auth';
import { believerApi } from '@contract/believer';
import { queryOptions } from '@tanstack/react-query';
import { mainClient } from '../../api/client';

/** The logged-in believer as the server knows them (a revoked token answers 401 here). */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async () => (await mainClient(authApi.me)).data,
});

/**
 * 我的信息: the believer's own profile (spec 001 section 3). Quiet: a failure is shown in the tab
 * itself (请重新登录, with 重试); a 401 goes to /login as every call's does.
 */
export const profileQuery = queryOptions({
  queryKey: ['user-center', 'profile'],
  queryFn: async () => (await mainClient(believerApi.profile, {}, { quiet: true })).data,
});
