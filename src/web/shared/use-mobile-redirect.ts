import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Device, desktopRouteOf, isPhone, mobileUrlFor } from './mobile-redirect';
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

const deviceNow = (): Device => ({
  userAgent: window.navigator.userAgent,
  screenWidth: window.screen.width,
  screenHeight: window.screen.height,
  touch: isTouchDevice(),
});

/**
 * The root route's guard, before any page's own (a login-only page would otherwise send a
 * visitor to /index first, and the phone to the mobile home without its query): a phone with a
 * mobile site configured leaves for the mobile page of `href` (path and query), and the
 * navigation here never settles. Desktops do not wait for the site's configuration.
 */
export const leaveFirstIfPhone = async (
  queryClient: QueryClient,
  href: string,
  leave: (url: string) => void,
): Promise<void> => {
  if (!isPhone(deviceNow())) return;
  const { mobileSiteUrl } = await queryClient.ensureQueryData(siteConfigQuery);
  const url = mobileUrlFor(mobileSiteUrl, desktopRouteOf(href));
  if (!url) return;
  leave(url);
  await new Promise<never>(() => {});
};

/**
 * Sends a phone to the configured mobile site (`mobileSiteUrl`, MOBILE_SITE_URL), at the page
 * it is on with its query: judged on load and again 500 ms after the last resize. Without a
 * mobile site configured nothing happens. Used once, by the shell.
 */
export function useMobileRedirect(leave: (url: string) => void = leaveForMobileSite): void {
  const { mobileSiteUrl } = useSiteConfig();
  useEffect(() => {
    if (mobileUrlFor(mobileSiteUrl, '/') === null) return;
    const check = () => {
      if (!isPhone(deviceNow())) return;
      const url = mobileUrlFor(mobileSiteUrl, desktopRouteOf(window.location.hash));
      if (url) leave(url);
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
  }, [mobileSiteUrl, leave]);
}
