import { PW_TYPES, type PwType } from '@contract/address-keys';
import { createFileRoute, redirect, type SearchSchemaInput } from '@tanstack/react-router';
import * as v from 'valibot';
import { rememberedPwType } from '../features/tablet/remembered-type';
import { TabletDetailPage } from '../features/tablet/tablet-detail-page';
import {
  tabletCategoriesQuery,
  tabletLocationsQuery,
  tabletTypesQuery,
} from '../features/tablet/tablet-queries';
import type { CrumbData } from '../router-context';

/**
 * `/consecrateDetail?type=1|2` (大牌位 / 小牌位): kept a bare number, so the address stays `?type=1`
 * (a string would be written quoted); '1' and `"1"` are read too, anything else is dropped.
 */
const search = v.object({
  type: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform(String),
        v.picklist(PW_TYPES),
        v.transform((t) => (t === '1' ? 1 : 2)),
      ),
    ),
    undefined,
  ),
});

export const Route = createFileRoute('/consecrateDetail')({
  validateSearch: (input: { type?: PwType | 1 | 2 } & SearchSchemaInput) => v.parse(search, input),
  loaderDeps: ({ search: { type } }) => ({ type }),
  // The query's type, else the one last opened from the list; with neither, the list to choose from.
  loader: async ({
    context: { queryClient },
    deps,
  }): Promise<CrumbData & { pwType: PwType; name: string }> => {
    const pwType = deps.type ? (String(deps.type) as PwType) : rememberedPwType();
    if (!pwType) throw redirect({ to: '/consecrate' });
    const [types] = await Promise.all([
      queryClient.ensureQueryData(tabletTypesQuery),
      queryClient.ensureQueryData(tabletCategoriesQuery),
      queryClient.ensureQueryData(tabletLocationsQuery(pwType)),
    ]);
    const name = types.find((t) => t.PW_TYPE === pwType)?.NAME ?? '牌位供奉';
    return { crumb: name, pwType, name };
  },
  staticData: { title: '牌位供奉', parent: { title: '牌位供奉', to: '/consecrate' } },
  component: function ConsecrateDetail() {
    const { pwType, name } = Route.useLoaderData();
    return <TabletDetailPage key={pwType} pwType={pwType} typeName={name} />;
  },
});
