import { createFileRoute } from '@tanstack/react-router';
import { CeremonyListPage } from '../features/ceremony/ceremony-list-page';
import { ceremonyListQuery } from '../features/ceremony/ceremony-queries';

export const Route = createFileRoute('/ceremony')({
  loader: ({ context }) => context.queryClient.ensureQueryData(ceremonyListQuery),
  staticData: { title: '独姓佛事' },
  component: CeremonyListPage,
});
