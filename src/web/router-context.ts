import type { QueryClient } from '@tanstack/react-query';
import type { RegisteredRouter } from '@tanstack/react-router';
import type { AuthDialog } from './shared/auth/auth-dialog';

/**
 * Which of the site's two faces a page shows (issue 36): the phone edition, at the spec's mobile
 * addresses (000 section 2), or the desktop one; `shared/edition.ts` decides and switches it.
 */
export type Edition = 'phone' | 'desktop';

/** What every route's loader and guard may use. */
export interface RouterContext {
  queryClient: QueryClient;
  authDialog: AuthDialog;
  /** Leaves for the temple's mobile site (a phone, 000 section 2); tests watch it instead. */
  leaveForMobileSite: (url: string) => void;
  /** The page's edition. */
  edition: Edition;
}

/**
 * The site's file routes, as the router that router.ts registers knows them: read through
 * `Register`, never by importing route-tree.gen.ts, which imports every route (a route or
 * anything it uses importing the tree back closes an import cycle).
 */
type SiteRoutes = RegisteredRouter['routeTree']['types']['fileRouteTypes'];
/** A path a link of the site may go to. */
export type SitePath = SiteRoutes['to'];
/** A route of the site by its full path (`$id` is a path parameter). */
export type SiteFullPath = keyof SiteRoutes['fileRoutesByFullPath'];

/**
 * What a detail route's loader may answer for the breadcrumb and the document title: the name
 * of what the page shows (an item, an assembly, an article), e.g. `{ crumb: item.GD_NAME }`.
 */
export interface CrumbData {
  crumb: string;
}

/** The name a match's loader answered, if it follows `CrumbData`. */
export const crumbOf = (loaderData: unknown): string | undefined =>
  typeof loaderData === 'object' &&
  loaderData !== null &&
  'crumb' in loaderData &&
  typeof loaderData.crumb === 'string' &&
  loaderData.crumb
    ? loaderData.crumb
    : undefined;

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page's name: the breadcrumb's last part and the document title (页面名 - 寺名). */
    title?: string;
    /** The listing a detail page belongs to: 首页 / parent (a link) / the page. */
    parent?: { title: string; to: SitePath };
  }
}
