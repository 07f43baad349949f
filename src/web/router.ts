import { QueryClient } from '@tanstack/react-query';
import { createHashHistory, createRouter } from '@tanstack/react-router';
import { setUnauthorizedHandler } from './api/client';
import { clearPageToasts, SESSION_NOTICE_MS, toast } from './components/ui/toast';
import { ErrorPage } from './features/shell/error-page';
import { NotFoundPage } from './features/shell/not-found-page';
import { routeTree } from './route-tree.gen';
import type { Edition } from './router-context';
import { createAuthDialog } from './shared/auth/auth-dialog';
import { addressIn, routeAddressOf } from './shared/edition';
import { CATALOGUE_STALE_MS } from './shared/stale-times';
import { leaveForMobileSite } from './shared/use-mobile-redirect';

const DIALOG_UNAVAILABLE = '网络异常，登录窗口未能打开，请稍后再试';

export interface AppOptions {
  /** How a phone leaves for the mobile site (the browser's `location.replace`, once). */
  leaveForMobileSite?: (url: string) => void;
  /** The page's edition (main.tsx decides it): the phone edition's pages are at mobile addresses. */
  edition?: Edition;
}

/** A URL's path and query: the address as the tables of `mobile-redirect.ts` read it. */
const hrefOf = (url: URL) => `${url.pathname}${url.search}`;

/** Two addresses alike once decoded (the browser may encode a character the router wrote). */
const sameAddress = (a: string, b: string) => {
  try {
    return decodeURI(a) === decodeURI(b);
  } catch {
    return a === b;
  }
};

/** The app's router, query cache and login dialog, wired to each other. */
export const createApp = ({
  leaveForMobileSite: leave = leaveForMobileSite,
  edition = 'desktop',
}: AppOptions = {}) => {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: CATALOGUE_STALE_MS } },
  });
  const authDialog = createAuthDialog({
    navigate: (href) => void router.navigate({ href }),
    refresh: () => {
      void queryClient.invalidateQueries();
      void router.invalidate();
    },
    unavailable: () => toast.error(DIALOG_UNAVAILABLE),
  });
  const router = createRouter({
    routeTree,
    history: createHashHistory(),
    context: { queryClient, authDialog, leaveForMobileSite: leave, edition },
    // Either edition's addresses reach the same routes (a mobile link opened on a computer too);
    // the phone edition writes its own in the address bar and in every link.
    rewrite: {
      input: ({ url }) => new URL(`${routeAddressOf(hrefOf(url))}${url.hash}`, url.origin),
      output: ({ url }) => new URL(`${addressIn(edition, hrefOf(url))}${url.hash}`, url.origin),
    },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // In Chinese, inside the shell, with a way back: never TanStack's English defaults.
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
  });

  // A new page starts without the previous page's toasts (those shown with the navigation stay).
  router.subscribe('onBeforeNavigate', ({ pathChanged }) => {
    if (pathChanged) clearPageToasts();
  });
  // Every navigation starts at the top of the page (spec 002 section 2).
  router.subscribe('onResolved', ({ pathChanged }) => {
    if (pathChanged) window.scrollTo({ top: 0 });
  });

  // An address of the other edition (a desktop link opened on a phone, a mobile one on a
  // computer) is shown as this edition's, path and query kept, without a history entry.
  router.subscribe('onResolved', () => {
    const { href, publicHref, state } = router.state.location;
    const address = addressIn(edition, href);
    if (!sameAddress(publicHref, address)) router.history.replace(address, state);
  });

  // A 401 has ended the session (the client calls this once per session): say so once, and go
  // to /login with the failed path unless already there. Shown with the navigation, it stays.
  setUnauthorizedHandler((message) => {
    toast.error(message, SESSION_NOTICE_MS);
    const { pathname, href } = router.state.location;
    if (pathname !== '/login') void router.navigate({ to: '/login', search: { redirect: href } });
  });

  return { router, queryClient, authDialog };
};

export type AppRouter = ReturnType<typeof createApp>['router'];

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
