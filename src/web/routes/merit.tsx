import { createFileRoute } from '@tanstack/react-router';
import { MeritListPage } from '../features/merit/merit-list-page';
import { meritListQuery } from '../features/merit/merit-queries';

export const Route = createFileRoute('/merit')({
  loader: ({ context }) => context.queryClient.ensureQueryData(meritListQuery),
  staticData: { title: '功德供养' },
  component: MeritListPage,
});
