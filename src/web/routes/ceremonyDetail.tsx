import { FS_TYPES, type FsType } from '@contract/address-keys';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, type SearchSchemaInput } from '@tanstack/react-router';
import * as v from 'valibot';
import { CeremonyDetailPage } from '../features/ceremony/ceremony-detail-page';
import { ceremonyTypeQuery } from '../features/ceremony/ceremony-queries';
import { rememberedFsType } from '../features/ceremony/remembered-type';
import type { CrumbData } from '../router-context';

/**
 * `/ceremonyDetail?id=1|2`: the ceremony type. The address holds a bare `?id=1`, which the router
 * reads as a number, so links pass the number (a string '1' would be written quoted, `?id=%221%22`,
 * and is read too); the page gets '1' or '2', and anything else is dropped.
 */
const search = v.object({
  id: v.fallback(
    v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.picklist(FS_TYPES))),
    undefined,
  ),
});

export const Route = createFileRoute('/ceremonyDetail')({
  validateSearch: (input: { id?: FsType | 1 | 2 } & SearchSchemaInput) => v.parse(search, input),
  loaderDeps: ({ search: { id } }) => ({ id }),
  // The query's type, else the one last opened from the list; with neither, the list to choose from.
  loader: async ({ context, deps }): Promise<CrumbData & { fsType: FsType }> => {
    const fsType = deps.id ?? rememberedFsType();
    if (!fsType) throw redirect({ to: '/ceremony' });
    const detail = await context.queryClient.ensureQueryData(ceremonyTypeQuery(fsType));
    return { crumb: detail.FS_NAME, fsType };
  },
  staticData: { title: '佛事预约', parent: { title: '独姓佛事', to: '/ceremony' } },
  component: function CeremonyDetail() {
    const { fsType } = Route.useLoaderData();
    const { data } = useSuspenseQuery(ceremonyTypeQuery(fsType));
    return <CeremonyDetailPage key={fsType} detail={data} />;
  },
});
