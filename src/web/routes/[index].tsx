import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/home-page';
import { homeNewsQuery } from '../features/home/home-queries';
import { wishesQuery } from '../shared/wish-wall/wish-wall-query';

export const Route = createFileRoute('/index')({
  // The home page is the first visit: its loader stays in the entry, so its two requests start
  // with the page's chunk instead of after it (the other routes split theirs with the page).
  codeSplitGroupings: [['component']],
  // Started together with the site's configuration. The news is awaited, one try (prefetchQuery
  // never throws: a failed call shows the four fixed slides, and the page tries once more in the
  // background), since the carousel is taller than any loading line and would push the services
  // below it down (a layout shift on the first visit); the wish wall is not: it sits below the
  // fold and shows its own loading.
  loader: async ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(wishesQuery);
    await queryClient.prefetchQuery({ ...homeNewsQuery, retry: false });
  },
  component: HomePage,
});
