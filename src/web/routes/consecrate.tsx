import { createFileRoute } from '@tanstack/react-router';
import { TabletListPage } from '../features/tablet/tablet-list-page';
import { tabletTypesQuery } from '../features/tablet/tablet-queries';

export const Route = createFileRoute('/consecrate')({
  loader: ({ context }) => context.queryClient.ensureQueryData(tabletTypesQuery),
  staticData: { title: '牌位供奉' },
  component: TabletListPage,
});
