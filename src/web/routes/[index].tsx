import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/home-page';
import { homeNewsQuery } from '../features/home/home-queries';
import { wishesQuery } from '../shared/wish-wall/wish-wall-query';

export const Route = createFileRoute('/index')({
  // The home page is the first visit: its loader stays in the entry, so its two requests start
  // with the page's chunk instead of after it (the other routes split theirs with the page).
  codeSplitGroupings: [['component']],
  // Started together with the site's configuration, not awaited: the page shows its own loading.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(homeNewsQuery);
    void queryClient.prefetchQuery(wishesQuery);
  },
  component: HomePage,
});
