import { STATUE_LOCATIONS, type StatueLocation } from '@contract/address-keys';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, type SearchSchemaInput } from '@tanstack/react-router';
import * as v from 'valibot';
import { StatueDetailPage } from '../features/statue/statue-detail-page';
import { statueListQuery, statuePreviewQuery, statuesQuery } from '../features/statue/statue-queries';
import type { CrumbData } from '../router-context';

/**
 * `/powerdekorDetail?id=1&name=大殿内`: the location. The router writes a string quoted
 * (`?id=%222%22`) and rewrites the address with what this returns, so the location is kept a
 * bare number and the address stays `?id=2`; '2' and a quoted `"2"` are read too. An unknown id
 * goes back to the list. The name is the server's, not the address's.
 */
const search = v.object({
  id: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform(String),
        v.picklist(STATUE_LOCATIONS),
        v.transform(Number),
        v.picklist([1, 2, 3] as const),
      ),
    ),
    undefined,
  ),
  name: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(20))), undefined),
});

export const Route = createFileRoute('/powerdekorDetail')({
  validateSearch: (input: { id?: StatueLocation | 1 | 2 | 3; name?: string } & SearchSchemaInput) =>
    v.parse(search, input),
  loaderDeps: ({ search: { id } }) => ({ id }),
  loader: async ({ context, deps }): Promise<CrumbData & { location: StatueLocation; name: string }> => {
    if (!deps.id) throw redirect({ to: '/powerdekor' });
    const location = String(deps.id) as StatueLocation;
    const [list] = await Promise.all([
      context.queryClient.ensureQueryData(statueListQuery),
      context.queryClient.ensureQueryData(statuePreviewQuery(location)),
      context.queryClient.ensureQueryData(statuesQuery(location)),
    ]);
    const name = list.find((l) => l.LOCATION === location)?.NAME ?? '圣像供奉';
    return { crumb: name, location, name };
  },
  staticData: { title: '圣像供奉', parent: { title: '圣像供奉', to: '/powerdekor' } },
  component: function StatueDetail() {
    const { location, name } = Route.useLoaderData();
    const { data: preview } = useSuspenseQuery(statuePreviewQuery(location));
    const { data: statues } = useSuspenseQuery(statuesQuery(location));
    return (
      <StatueDetailPage
        key={location}
        location={location}
        locationName={name}
        preview={preview}
        statues={statues}
      />
    );
  },
});
