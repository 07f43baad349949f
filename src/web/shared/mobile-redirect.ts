import type { SiteFullPath } from '../router-context';

/**
 * Phones go to the temple's mobile site (spec 000 section 2, DESIGN section 5): which devices
 * count as phones, and where each desktop page lives on the mobile site. Pure: the hook in
 * `use-mobile-redirect.ts` reads the browser and leaves.
 */

/**
 * A desktop route of this site (its hash path; `$id` is a path parameter). `/` is an address,
 * not a route: the router reads it as the home, `/index` (the phone edition's rewrite, below).
 */
export type DesktopRoute = SiteFullPath | '/';

export interface MobileRoute {
  desktop: DesktopRoute;
  /** The mobile site's route; a desktop path parameter joins its query under the same name. */
  mobile: string;
}

/**
 * The route table of spec 000 section 2, plus the desktop aliases of its rows (`/`, which shows
 * the home page, and `/listDetail/:id`, the news detail by path). `/BusinessClass` takes the
 * table's first choice (`/online/`); the spec names the user centre's target only as "member
 * pages": `/member/`.
 */
export const MOBILE_ROUTES = [
  { desktop: '/', mobile: '/' },
  { desktop: '/index', mobile: '/' },
  { desktop: '/BusinessClass', mobile: '/online/' },
  { desktop: '/merit', mobile: '/online/merit/' },
  { desktop: '/ceremony', mobile: '/online/ceremony/' },
  { desktop: '/powerdekor', mobile: '/online/powerdekor/' },
  { desktop: '/NewsConsulting', mobile: '/infoList/council' },
  { desktop: '/IntoWfs', mobile: '/navigation' },
  { desktop: '/guangciVolunteers', mobile: '/online/consecrate/' },
  { desktop: '/UserCenter', mobile: '/member/' },
  { desktop: '/homeDetail', mobile: '/online/councilRegister/detail' },
  { desktop: '/newsDetail', mobile: '/infoList/newsDetail' },
  { desktop: '/listDetail/$id', mobile: '/infoList/newsDetail' },
] as const satisfies readonly MobileRoute[];

/**
 * The addresses of this site's own phone edition (issue 36): the spec's rows above, then the
 * pages the spec does not name, each under the mobile site's sections (`/online/` the services,
 * `/member/` the believer's pages, `/infoList/` the news, `/video/` the videos). A page the phone
 * edition has no address for keeps its desktop one. Read the other way, a mobile address leads
 * to the first desktop route of its row (so `/` is `/index`, `/infoList/newsDetail` `/newsDetail`).
 */
export const PHONE_EDITION_ROUTES = [
  { desktop: '/index', mobile: '/' },
  ...MOBILE_ROUTES.filter(({ desktop }) => desktop !== '/index'),
  { desktop: '/meritDetail', mobile: '/online/merit/detail' },
  { desktop: '/ceremonyDetail', mobile: '/online/ceremony/detail' },
  { desktop: '/powerdekorDetail', mobile: '/online/powerdekor/detail' },
  { desktop: '/consecrate', mobile: '/online/tablet/' },
  { desktop: '/consecrateDetail', mobile: '/online/tablet/detail' },
  { desktop: '/volunteer-success', mobile: '/online/consecrate/success' },
  { desktop: '/success', mobile: '/online/success' },
  { desktop: '/login', mobile: '/member/login' },
  { desktop: '/joinMember', mobile: '/member/join' },
  { desktop: '/Renewals', mobile: '/member/renew' },
  { desktop: '/GenerationRenewal', mobile: '/member/proxyRenew' },
  { desktop: '/wfVideo', mobile: '/video/' },
  { desktop: '/videoDetail/$id', mobile: '/video/detail' },
] as const satisfies readonly MobileRoute[];

/** Where a desktop page without a mobile counterpart sends a phone: the mobile home, no query. */
export const MOBILE_HOME = '/';

/** What the size rule and the agent rule look at. */
export interface Device {
  userAgent: string;
  screenWidth: number;
  screenHeight: number;
  /** The main pointer is a finger (`(pointer: coarse)`): a touch device, not a laptop. */
  touch: boolean;
}

/** An agent string that says "phone": `Mobi` (Mobile, IEMobile), `phone` (iPhone, Windows Phone, OpenHarmony's Phone), … */
export const PHONE_AGENT = /Mobi|phone|iPod|BlackBerry|BB10|Opera Mini/i;
/** Tablets say Mobile too (iPad Safari) but are not phones. */
export const TABLET_AGENT = /iPad|Tablet/i;

/**
 * A phone: its agent says so, or it is a touch device whose screen is wider than 325 and lower
 * than 750 (000 section 2). The size rule alone would count a 1280×720 laptop as a phone, so it
 * applies to touch devices only (docs/architecture.md).
 */
export const isPhone = ({ userAgent, screenWidth, screenHeight, touch }: Device): boolean =>
  (PHONE_AGENT.test(userAgent) && !TABLET_AGENT.test(userAgent)) ||
  (touch && screenWidth > 325 && screenHeight < 750);

/** The route the hash holds (`#/merit?x=1` → `/merit?x=1`); an empty hash is the root. */
export const desktopRouteOf = (hash: string): string => {
  const route = hash.replace(/^#/, '');
  return route.startsWith('/') ? route : `/${route}`;
};

const segments = (path: string) => path.split('/').filter(Boolean);

/** A path segment as a query value: decoded, then encoded again (a stray `&` stays inside). */
const asQueryValue = (segment: string) => {
  try {
    return encodeURIComponent(decodeURIComponent(segment));
  } catch {
    return encodeURIComponent(segment);
  }
};

const splitHref = (href: string) => {
  const queryAt = href.indexOf('?');
  return queryAt < 0
    ? { path: href, query: '' }
    : { path: href.slice(0, queryAt), query: href.slice(queryAt + 1) };
};

const withQuery = (path: string, parts: readonly string[]) => {
  const search = parts.filter(Boolean).join('&');
  return search ? `${path}?${search}` : path;
};

/**
 * The row's mobile address for a desktop address (path and query as in the hash), or null when
 * no row's desktop route matches: a path parameter joins the query under its name, first.
 */
const toMobile = (rows: readonly MobileRoute[], desktopHref: string): string | null => {
  const { path, query } = splitHref(desktopHref);
  const actual = segments(path);
  for (const { desktop, mobile } of rows) {
    const pattern = segments(desktop);
    if (pattern.length !== actual.length) continue;
    const params: string[] = [];
    const matches = pattern.every((part, i) => {
      const segment = actual[i] ?? '';
      if (part.startsWith('$')) {
        params.push(`${part.slice(1)}=${asQueryValue(segment)}`);
        return true;
      }
      // The router matches paths regardless of case.
      return part.toLowerCase() === segment.toLowerCase();
    });
    if (matches) return withQuery(mobile, [...params, query]);
  }
  return null;
};

/** The mobile route and query for a desktop route (path and query as in the hash). */
export const mobileRouteFor = (desktopRoute: string): string =>
  toMobile(MOBILE_ROUTES, desktopRoute) ?? MOBILE_HOME;

/** The phone edition's address of a desktop address, or null when the page keeps its own. */
export const phoneAddressOf = (desktopHref: string): string | null =>
  toMobile(PHONE_EDITION_ROUTES, desktopHref);

/**
 * The desktop address a phone-edition address stands for, or null when it is not one (a desktop
 * address, or an unknown path): a path parameter is taken back from the query. A mobile address
 * without the parameter is none (`/video/detail` with no id).
 */
export const desktopAddressOf = (mobileHref: string): string | null => {
  const { path, query } = splitHref(mobileHref);
  const actual = segments(path).map((segment) => segment.toLowerCase());
  const row = PHONE_EDITION_ROUTES.find(
    ({ mobile }) =>
      segments(mobile)
        .map((segment) => segment.toLowerCase())
        .join('/') === actual.join('/'),
  );
  if (!row) return null;
  const search = new URLSearchParams(query);
  const rest = query.split('&').filter(Boolean);
  const desktop: string[] = [];
  for (const part of segments(row.desktop)) {
    if (!part.startsWith('$')) {
      desktop.push(part);
      continue;
    }
    const name = part.slice(1);
    const value = search.get(name);
    if (value === null) return null;
    desktop.push(encodeURIComponent(value));
    const at = rest.findIndex((pair) => pair.split('=')[0] === name);
    rest.splice(at, 1);
  }
  return withQuery(`/${desktop.join('/')}`, rest);
};

/**
 * The mobile-site address for a desktop route, or null when there is no mobile site: the base
 * URL empty or not an http(s) address (a relative one would send the phone back here). A base
 * ending in `/#` reaches a hash-routed mobile site.
 */
export const mobileUrlFor = (baseUrl: string, desktopRoute: string): string | null => {
  const base = baseUrl.trim();
  if (!base) return null;
  let parsed: URL;
  try {
    parsed = new URL(base);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return `${base.replace(/\/+$/, '')}${mobileRouteFor(desktopRoute)}`;
};
