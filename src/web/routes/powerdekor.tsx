import { createFileRoute } from '@tanstack/react-router';
import { StatueListPage } from '../features/statue/statue-list-page';
import { statueListQuery } from '../features/statue/statue-queries';

export const Route = createFileRoute('/powerdekor')({
  loader: ({ context }) => context.queryClient.ensureQueryData(statueListQuery),
  staticData: { title: '圣像供奉' },
  component: StatueListPage,
});
