import { createFileRoute } from '@tanstack/react-router';
import { NewsPage } from '../features/news/news-page';
import { hoePageQuery, newsPageQuery } from '../features/news/news-queries';
import { newsPageSearch, viewOf } from '../features/news/news-search';

export const Route = createFileRoute('/NewsConsulting')({
  validateSearch: newsPageSearch,
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the page shows at once and the open tab's list joins the request,
  // showing its own loading, error (with 重试) and empty states.
  loader: ({ context: { queryClient }, deps }) => {
    void (deps.tab === 'news'
      ? queryClient.prefetchQuery(newsPageQuery(viewOf(deps.newsPage, deps.newsSize)))
      : queryClient.prefetchQuery(hoePageQuery(viewOf(deps.hoePage, deps.hoeSize))));
  },
  staticData: { title: '寺院动态' },
  component: function NewsConsulting() {
    const navigate = Route.useNavigate();
    return (
      <NewsPage
        search={Route.useSearch()}
        onSearch={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) })}
      />
    );
  },
});
