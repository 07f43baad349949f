import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { MeritDetailPage } from '../features/merit/merit-detail-page';
import { meritDetailQuery } from '../features/merit/merit-queries';
import type { CrumbData } from '../router-context';

const search = v.object({ id: v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1)) });

export const Route = createFileRoute('/meritDetail')({
  validateSearch: (input) => v.parse(search, input),
  loaderDeps: ({ search: { id } }) => ({ id }),
  // The item's name ends the breadcrumb (首页 / 功德供养 / 佛前供灯) and names the page.
  loader: async ({ context, deps }): Promise<CrumbData> => {
    const item = await context.queryClient.ensureQueryData(meritDetailQuery(deps.id));
    return { crumb: item.GD_NAME };
  },
  staticData: { title: '功德项目', parent: { title: '功德供养', to: '/merit' } },
  component: function MeritDetail() {
    const { id } = Route.useSearch();
    const { data: item } = useSuspenseQuery(meritDetailQuery(id));
    // A new item is a new form: the key resets the selection and the flow.
    return <MeritDetailPage key={id} item={item} />;
  },
});
