import { createFileRoute } from '@tanstack/react-router';
import { MeritListPage } from '../features/merit/merit-list-page';
import { meritListQuery } from '../features/merit/merit-queries';
import { wishesQuery } from '../shared/wish-wall/wish-wall-query';

export const Route = createFileRoute('/merit')({
  // The wish wall's wishes start with the list (not awaited: the wall shows its own loading).
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(wishesQuery);
    return queryClient.ensureQueryData(meritListQuery);
  },
  staticData: { title: '功德供养' },
  component: MeritListPage,
});
