import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { NewsDetailPage } from '../features/news/news-detail-page';

/** `/newsDetail?id=`: an id that is not a whole number reads as an unknown article. */
const search = v.object({
  id: v.fallback(
    v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647))),
    undefined,
  ),
});

// No loader: the page asks for the article itself and shows its own not-found and error states;
// a loader's prefetch of an article that failed would be asked again each time the route loads.
export const Route = createFileRoute('/newsDetail')({
  validateSearch: search,
  staticData: { title: '新闻详情', parent: { title: '寺院动态', to: '/NewsConsulting' } },
  component: function NewsDetail() {
    const { id } = Route.useSearch();
    return <NewsDetailPage key={id} id={id ?? null} />;
  },
});
