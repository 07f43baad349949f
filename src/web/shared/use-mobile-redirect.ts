import { useEffect } from 'react';
import type { RouterContext } from '../router-context';
import { editionFor, rememberedEdition, routeAddressOf, showEdition, useEdition } from './edition';
import { type Device, desktopRouteOf, mobileUrlFor } from './mobile-redirect';
import { siteConfigQuery, useSiteConfig } from './site-config-query';

/** How long the window rests after a resize before the device is judged again (000 section 2). */
export const RESIZE_SETTLE_MS = 500;

let leaving = false;
/**
 * Leaves for the mobile site without a history entry (Back does not return to the desktop page).
 * Once: the first address given wins (the page's own, not the home a later check would find).
 */
export const leaveForMobileSite = (url: string) => {
  if (leaving) return;
  leaving = true;
  window.location.replace(url);
};

/** The main pointer is a finger; without media queries, a screen that takes touches. */
const isTouchDevice = () =>
  typeof window.matchMedia === 'function'
    ? window.matchMedia('(pointer: coarse)').matches
    : (window.navigator.maxTouchPoints ?? 0) > 0;

/** The device as the phone rule reads it. */
export const deviceNow = (): Device => ({
  userAgent: window.navigator.userAgent,
  screenWidth: window.screen.width,
  screenHeight: window.screen.height,
  touch: isTouchDevice(),
});

/**
 * The root route's guard, before any page's own (a login-only page would otherwise send a
 * visitor to /index first, and the phone to the mobile home without its query): in the phone
 * edition, with another mobile site configured, the page leaves for that site's page of `href`
 * (the router's path and query), and the navigation here never settles. Desktops do not wait
 * for the site's configuration.
 */
export const leaveFirstIfPhone = async (
  context: Pick<RouterContext, 'queryClient' | 'edition' | 'leaveForMobileSite'>,
  href: string,
): Promise<void> => {
  if (context.edition !== 'phone') return;
  const { mobileSiteUrl } = await context.queryClient.ensureQueryData(siteConfigQuery);
  const url = mobileUrlFor(mobileSiteUrl, href);
  if (!url) return;
  context.leaveForMobileSite(url);
  await new Promise<never>(() => {});
};

/**
 * Keeps the page in the edition its device calls for, judged on load and again 500 ms after the
 * last resize (000 section 2), unless the believer chose one (电脑版 / 手机版): the phone edition
 * is the configured mobile site (`mobileSiteUrl`, MOBILE_SITE_URL) where there is one, left for
 * at the page it is on with its query, else this site's own mobile addresses. Used once, by the
 * shell; the edition of the first load is main.tsx's.
 */
export function useMobileRedirect(
  leave: (url: string) => void = leaveForMobileSite,
  show: typeof showEdition = showEdition,
): void {
  const { mobileSiteUrl } = useSiteConfig();
  const edition = useEdition();
  useEffect(() => {
    const check = () => {
      const wanted = editionFor(deviceNow(), rememberedEdition());
      const href = routeAddressOf(desktopRouteOf(window.location.hash));
      const url = wanted === 'phone' ? mobileUrlFor(mobileSiteUrl, href) : null;
      if (url) leave(url);
      else if (wanted !== edition) show(wanted, href, { remembered: false });
    };
    check();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(check, RESIZE_SETTLE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [mobileSiteUrl, edition, leave, show]);
}
