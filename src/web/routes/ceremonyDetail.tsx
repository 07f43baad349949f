import { FS_TYPES, type FsType } from '@contract/address-keys';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, type SearchSchemaInput } from '@tanstack/react-router';
import * as v from 'valibot';
import { CeremonyDetailPage } from '../features/ceremony/ceremony-detail-page';
import { ceremonyTypeQuery, loadCeremonyType } from '../features/ceremony/ceremony-queries';
import type { CrumbData } from '../router-context';

/**
 * `/ceremonyDetail?id=1|2`: the ceremony type. The router writes a string quoted (`?id=%222%22`)
 * and rewrites the address with what this returns, so the type is kept a bare number and the
 * address stays `?id=2`; '1' and a quoted `"1"` are read too, anything else is dropped.
 */
const search = v.object({
  id: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform(String),
        v.picklist(FS_TYPES),
        v.transform((t) => (t === '1' ? 1 : 2)),
      ),
    ),
    undefined,
  ),
});

export const Route = createFileRoute('/ceremonyDetail')({
  codeSplitGroupings: [['loader'], ['component']],
  validateSearch: (input: { id?: FsType | 1 | 2 } & SearchSchemaInput) => v.parse(search, input),
  // The type's data (and its picture) are asked for here, before the router asks for the page's
  // code: on one HTTP/1.1 connection pool the page's 30 chunks would otherwise queue ahead of the
  // loader's and hold back the picture, the page's largest paint. The loader waits for the same query.
  beforeLoad: ({ context, search: { id } }) => {
    void import('../features/ceremony/ceremony-queries')
      .then(({ loadCeremonyType }) => loadCeremonyType(context.queryClient, id))
      .catch(() => undefined);
  },
  loaderDeps: ({ search: { id } }) => ({ id }),
  // The query's type, else the one last opened from the list; with neither, the list to choose from.
  loader: async ({ context, deps }): Promise<CrumbData & { fsType: FsType }> => {
    const loaded = await loadCeremonyType(context.queryClient, deps.id);
    if (!loaded) throw redirect({ to: '/ceremony' });
    return { crumb: loaded.detail.FS_NAME, fsType: loaded.fsType };
  },
  staticData: { title: '佛事预约', parent: { title: '独姓佛事', to: '/ceremony' } },
  component: function CeremonyDetail() {
    const { fsType } = Route.useLoaderData();
    const { data } = useSuspenseQuery(ceremonyTypeQuery(fsType));
    return <CeremonyDetailPage key={fsType} detail={data} />;
  },
});
