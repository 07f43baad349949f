import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { MeritDetailPage } from '../features/merit/merit-detail-page';
import { meritDetailQuery } from '../features/merit/merit-queries';

const search = v.object({ id: v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1)) });

export const Route = createFileRoute('/meritDetail')({
  validateSearch: (input) => v.parse(search, input),
  loaderDeps: ({ search: { id } }) => ({ id }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(meritDetailQuery(deps.id)),
  staticData: { title: '功德供养' },
  component: function MeritDetail() {
    const { id } = Route.useSearch();
    const { data: item } = useSuspenseQuery(meritDetailQuery(id));
    // A new item is a new form: the key resets the selection and the flow.
    return <MeritDetailPage key={id} item={item} />;
  },
});
