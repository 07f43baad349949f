import { QueryClient } from '@tanstack/react-query';
import {
  createHashHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import * as v from 'valibot';
import { setSignedOutHandler } from './api/console-client';
import { meQuery } from './api/session-queries';
import { homeOf } from './shell/console-nav';
import { ConsoleShell } from './shell/console-shell';

/**
 * The staff console's routes (hash history, as the site's; code-based, since the site's file
 * routes belong to the believers' entry). Each screen is its own chunk, loaded when first shown.
 * Every route but /login needs a session (the server checks every call; this only spares a
 * signed-out member a page of refusals). The site's router is the one registered with TanStack
 * Router's types, so console screens link with `ConsoleLink` (an href on the hash) and move with
 * `useConsoleNavigate`, and read their params with `useParams({ strict: false })`.
 */
interface ConsoleContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<ConsoleContext>()({ component: ConsoleShell });

const signedIn = async ({ context }: { context: ConsoleContext }) => {
  const me = await context.queryClient.ensureQueryData(meQuery);
  // The site's routes are the registered ones: the console's paths are given untyped.
  if (!me) throw redirect({ to: '/login' as never });
};

const screen = (
  path: string,
  load: () => Promise<Record<string, unknown>>,
  name: string,
  search?: v.GenericSchema,
) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    beforeLoad: signedIn,
    ...(search ? { validateSearch: (input: unknown) => v.parse(search, input) } : {}),
    component: lazyRouteComponent(load as () => Promise<Record<string, React.ComponentType>>, name),
  });

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  component: lazyRouteComponent(() => import('./shell/sign-in-page'), 'SignInPage'),
});
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(meQuery);
    throw redirect({ to: (me ? homeOf(me.roles) : '/login') as never });
  },
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  indexRoute,
  screen('/today', () => import('./screens/today/today-page'), 'TodayPage'),
  screen('/orders', () => import('./screens/orders/orders-page'), 'OrdersPage'),
  screen('/orders/$no', () => import('./screens/orders/order-page'), 'OrderPage'),
  screen('/reservations', () => import('./screens/orders/reservations-page'), 'ReservationsPage'),
  screen('/refunds', () => import('./screens/refunds/refunds-page'), 'RefundsPage'),
  screen('/rosters', () => import('./screens/rosters/rosters-page'), 'RostersPage'),
  screen('/rosters/$kind/$key', () => import('./screens/rosters/roster-page'), 'RosterPage'),
  screen('/print/$kind/$key', () => import('./screens/rosters/tablet-sheets-page'), 'TabletSheetsPage'),
  screen('/seats', () => import('./screens/seats/seats-page'), 'SeatsPage'),
  screen('/volunteers', () => import('./screens/volunteers/volunteers-page'), 'VolunteersPage'),
  screen('/site', () => import('./screens/content/site-settings-page'), 'SiteSettingsPage'),
  screen('/closed-days', () => import('./screens/content/closed-days-page'), 'ClosedDaysPage'),
  screen('/ceremonies', () => import('./screens/content/ceremonies-page'), 'CeremoniesPage'),
  screen('/ceremonies/$fsType', () => import('./screens/content/ceremony-type-page'), 'CeremonyTypePage'),
  screen('/news', () => import('./screens/content/news-list-page'), 'NewsListPage'),
  screen('/news/new', () => import('./screens/content/news-edit-page'), 'NewsEditPage'),
  screen('/news/$id', () => import('./screens/content/news-edit-page'), 'NewsEditPage'),
  screen('/assemblies', () => import('./screens/content/assemblies-page'), 'AssembliesPage'),
  screen('/assemblies/$id', () => import('./screens/content/assembly-page'), 'AssemblyPage'),
  screen('/merit', () => import('./screens/content/merit-list-page'), 'MeritListPage'),
  screen('/merit/$id', () => import('./screens/content/merit-page'), 'MeritPage'),
  screen('/videos', () => import('./screens/content/videos-page'), 'VideosPage'),
  screen('/videos/$id', () => import('./screens/content/video-page'), 'VideoPage'),
  screen('/tablets', () => import('./screens/content/tablets-page'), 'TabletsPage'),
  screen('/tablets/groups/$map', () => import('./screens/content/tablet-group-page'), 'TabletGroupPage'),
  screen('/statues', () => import('./screens/content/statues-page'), 'StatuesPage'),
  screen('/statues/$location', () => import('./screens/content/statue-location-page'), 'StatueLocationPage'),
  screen(
    '/statues/$location/$group',
    () => import('./screens/content/statue-niches-page'),
    'StatueNichesPage',
  ),
  screen('/staff', () => import('./screens/staff/staff-page'), 'StaffPage'),
  screen('/audit', () => import('./screens/staff/audit-page'), 'AuditPage'),
]);

export const createConsole = () => {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
  const router = createRouter({
    routeTree,
    history: createHashHistory(),
    context: { queryClient },
    defaultPreload: 'intent',
  });
  setSignedOutHandler(() => {
    queryClient.setQueryData(meQuery.queryKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'console' && q.queryKey[1] !== 'me' });
    if (router.state.location.pathname !== '/login') router.history.push('/login');
  });
  return { router, queryClient };
};
