import { FS_TYPES, type FsType } from '@contract/address-keys';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, type SearchSchemaInput } from '@tanstack/react-router';
import * as v from 'valibot';
import { CeremonyDetailPage } from '../features/ceremony/ceremony-detail-page';
import { CEREMONY_IMAGE_SIZES, ceremonyTypeQuery } from '../features/ceremony/ceremony-queries';
import { rememberedFsType } from '../features/ceremony/remembered-type';
import type { CrumbData } from '../router-context';
import { preloadImage } from '../shared/preload-image';

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
  // The loader alone in its chunk: the type's data (and its picture, preloaded) are asked for while
  // the page's code (the calendar, the order dialogs) still downloads, not after it.
  codeSplitGroupings: [['loader'], ['component']],
  validateSearch: (input: { id?: FsType | 1 | 2 } & SearchSchemaInput) => v.parse(search, input),
  loaderDeps: ({ search: { id } }) => ({ id }),
  // The query's type, else the one last opened from the list; with neither, the list to choose from.
  loader: async ({ context, deps }): Promise<CrumbData & { fsType: FsType }> => {
    const fsType = deps.id ? (String(deps.id) as FsType) : rememberedFsType();
    if (!fsType) throw redirect({ to: '/ceremony' });
    const detail = await context.queryClient.ensureQueryData(ceremonyTypeQuery(fsType));
    preloadImage(detail.IMAGE, CEREMONY_IMAGE_SIZES);
    return { crumb: detail.FS_NAME, fsType };
  },
  staticData: { title: '佛事预约', parent: { title: '独姓佛事', to: '/ceremony' } },
  component: function CeremonyDetail() {
    const { fsType } = Route.useLoaderData();
    const { data } = useSuspenseQuery(ceremonyTypeQuery(fsType));
    return <CeremonyDetailPage key={fsType} detail={data} />;
  },
});
