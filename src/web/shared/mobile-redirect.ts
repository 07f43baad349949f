import type { SiteFullPath } from '../router-context';

/**
 * Phones go to the temple's mobile site (spec 000 section 2, DESIGN section 5): which devices
 * count as phones, and where each desktop page lives on the mobile site. Pure: the hook in
 * `use-mobile-redirect.ts` reads the browser and leaves.
 */

/** A desktop route of this site (its hash path; `$id` is a path parameter). */
export type DesktopRoute = SiteFullPath;

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

/** The mobile route and query for a desktop route (path and query as in the hash). */
export const mobileRouteFor = (desktopRoute: string): string => {
  const queryAt = desktopRoute.indexOf('?');
  const path = queryAt < 0 ? desktopRoute : desktopRoute.slice(0, queryAt);
  const query = queryAt < 0 ? '' : desktopRoute.slice(queryAt + 1);
  const actual = segments(path);
  for (const { desktop, mobile } of MOBILE_ROUTES) {
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
    if (!matches) continue;
    const search = [...params, ...(query ? [query] : [])].join('&');
    return search ? `${mobile}?${search}` : mobile;
  }
  return MOBILE_HOME;
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
