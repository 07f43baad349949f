import { QueryClient } from '@tanstack/react-query';
import {
  type AnyRoute,
  createHashHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { setSignedOutHandler } from './api/console-client';
import { meQuery } from './api/session-queries';
import { CONSOLE_SCREENS, homeOf } from './console-screens';
import { ConsoleShell } from './shell/console-shell';

/**
 * The staff console's routes (hash history, as the site's; code-based, since the site's file
 * routes belong to the believers' entry). Each screen is its own chunk, loaded when first shown.
 * Every route but /login needs a session (the server checks every call; this only spares a
 * signed-out member a page of refusals). Every screen's path (and, for the navigation, its label
 * and permission) is written once, in `console-screens.ts`. The site's router is the one registered
 * with TanStack Router's types, so this tree is registered with `ConsoleRoutes` instead: console
 * screens link with `ConsoleLink` and move with `useConsoleNavigate`, whose addresses are checked
 * against it, and read their params with `useParams({ strict: false })`.
 */
interface ConsoleContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<ConsoleContext>()({ component: ConsoleShell });

const signedIn = async ({ context }: { context: ConsoleContext }) => {
  const me = await context.queryClient.ensureQueryData(meQuery);
  // TanStack's `redirect` knows the site's registered routes only: the console's path goes untyped.
  if (!me) throw redirect({ to: '/login' as never });
};

/** A screen's route: its path from the table, signed in, its page loaded when first shown. */
const screen = <const TPath extends string>(
  { path }: { path: TPath },
  load: () => Promise<Record<string, unknown>>,
  name: string,
) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    beforeLoad: signedIn,
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

const S = CONSOLE_SCREENS;

/** A route for every screen of the table (a screen without one fails to compile). */
const screens = {
  today: screen(S.today, () => import('./screens/today/today-page'), 'TodayPage'),
  orders: screen(S.orders, () => import('./screens/orders/orders-page'), 'OrdersPage'),
  order: screen(S.order, () => import('./screens/orders/order-page'), 'OrderPage'),
  reservations: screen(
    S.reservations,
    () => import('./screens/orders/reservations-page'),
    'ReservationsPage',
  ),
  refunds: screen(S.refunds, () => import('./screens/refunds/refunds-page'), 'RefundsPage'),
  rosters: screen(S.rosters, () => import('./screens/rosters/rosters-page'), 'RostersPage'),
  roster: screen(S.roster, () => import('./screens/rosters/roster-page'), 'RosterPage'),
  tabletSheets: screen(
    S.tabletSheets,
    () => import('./screens/rosters/tablet-sheets-page'),
    'TabletSheetsPage',
  ),
  seats: screen(S.seats, () => import('./screens/seats/seats-page'), 'SeatsPage'),
  volunteers: screen(S.volunteers, () => import('./screens/volunteers/volunteers-page'), 'VolunteersPage'),
  site: screen(S.site, () => import('./screens/content/site-settings-page'), 'SiteSettingsPage'),
  closedDays: screen(S.closedDays, () => import('./screens/content/closed-days-page'), 'ClosedDaysPage'),
  ceremonies: screen(S.ceremonies, () => import('./screens/content/ceremonies-page'), 'CeremoniesPage'),
  ceremonyType: screen(
    S.ceremonyType,
    () => import('./screens/content/ceremony-type-page'),
    'CeremonyTypePage',
  ),
  news: screen(S.news, () => import('./screens/content/news-list-page'), 'NewsListPage'),
  newArticle: screen(S.newArticle, () => import('./screens/content/news-edit-page'), 'NewsEditPage'),
  article: screen(S.article, () => import('./screens/content/news-edit-page'), 'NewsEditPage'),
  assemblies: screen(S.assemblies, () => import('./screens/content/assemblies-page'), 'AssembliesPage'),
  assembly: screen(S.assembly, () => import('./screens/content/assembly-page'), 'AssemblyPage'),
  merit: screen(S.merit, () => import('./screens/content/merit-list-page'), 'MeritListPage'),
  meritItem: screen(S.meritItem, () => import('./screens/content/merit-page'), 'MeritPage'),
  videos: screen(S.videos, () => import('./screens/content/videos-page'), 'VideosPage'),
  video: screen(S.video, () => import('./screens/content/video-page'), 'VideoPage'),
  tablets: screen(S.tablets, () => import('./screens/content/tablets-page'), 'TabletsPage'),
  tabletGroup: screen(S.tabletGroup, () => import('./screens/content/tablet-group-page'), 'TabletGroupPage'),
  statues: screen(S.statues, () => import('./screens/content/statues-page'), 'StatuesPage'),
  statueLocation: screen(
    S.statueLocation,
    () => import('./screens/content/statue-location-page'),
    'StatueLocationPage',
  ),
  statueNiches: screen(
    S.statueNiches,
    () => import('./screens/content/statue-niches-page'),
    'StatueNichesPage',
  ),
  staff: screen(S.staff, () => import('./screens/staff/staff-page'), 'StaffPage'),
  audit: screen(S.audit, () => import('./screens/staff/audit-page'), 'AuditPage'),
} satisfies Record<keyof typeof CONSOLE_SCREENS, AnyRoute>;

const routeTree = rootRoute.addChildren({ loginRoute, indexRoute, ...screens });

/** The console's routes, typed for `ConsoleLink` and `useConsoleNavigate` (the site's router is TanStack's registered one). */
declare module './shell/console-link' {
  interface ConsoleRoutes {
    routeTree: typeof routeTree;
  }
}

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
