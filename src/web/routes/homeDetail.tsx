import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { AssemblyDetailPage } from '../features/assembly/assembly-detail-page';
import { assemblyDetailQuery, loadAssemblyDetail } from '../features/assembly/assembly-queries';
import type { CrumbData } from '../router-context';

/** `/homeDetail?year=&name=`: the query alone opens the assembly (a shared or bookmarked link). */
const search = v.object({
  year: v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1900), v.maxValue(2100)),
  name: v.pipe(v.unknown(), v.transform(String), v.nonEmpty(), v.maxLength(40)),
});

export const Route = createFileRoute('/homeDetail')({
  codeSplitGroupings: [['loader'], ['component']],
  validateSearch: (input) => v.parse(search, input),
  // As /ceremonyDetail: the assembly (and its picture) are asked for before the router asks for
  // the page's code, which would otherwise queue ahead of them. The loader waits for the same query.
  beforeLoad: ({ context, search: { year, name } }) => {
    void import('../features/assembly/assembly-queries')
      .then(({ loadAssemblyDetail }) => loadAssemblyDetail(context.queryClient, year, name))
      .catch(() => undefined);
  },
  loaderDeps: ({ search: { year, name } }) => ({ year, name }),
  loader: async ({ context, deps }): Promise<CrumbData> => {
    const { hoe } = await loadAssemblyDetail(context.queryClient, deps.year, deps.name);
    return { crumb: hoe.HOE_NAME };
  },
  staticData: { title: '法会详情', parent: { title: '法会报名', to: '/BusinessClass' } },
  component: function AssemblyDetail() {
    const { year, name } = Route.useSearch();
    const { data } = useSuspenseQuery(assemblyDetailQuery(year, name));
    return <AssemblyDetailPage key={`${year}-${name}`} hoe={data.hoe} prices={data.tabletGdjList} />;
  },
});
