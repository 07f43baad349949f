import { createFileRoute } from '@tanstack/react-router';
import { AssemblyListPage } from '../features/assembly/assembly-list-page';
import { assemblyListQuery } from '../features/assembly/assembly-queries';

export const Route = createFileRoute('/BusinessClass')({
  loader: ({ context }) => context.queryClient.ensureQueryData(assemblyListQuery),
  staticData: { title: '法会报名' },
  component: AssemblyListPage,
});
