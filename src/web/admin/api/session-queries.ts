import { consoleApi } from '@contract/console';
import { queryOptions } from '@tanstack/react-query';
import { consoleCall } from './console-client';

/** The signed-in staff member; a 401 means signed out (null), anything else is an error. */
export const meQuery = queryOptions({
  queryKey: ['console', 'me'],
  queryFn: async () => {
    try {
      return await consoleCall(consoleApi.me, { quiet: true });
    } catch (error) {
      if ((error as { status?: number }).status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
  retry: false,
});
