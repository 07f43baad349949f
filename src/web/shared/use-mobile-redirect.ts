import { useEffect } from 'react';
import { type Device, desktopRouteOf, isPhone, mobileUrlFor } from './mobile-redirect';
import { useSiteConfig } from './site-config-query';

/** How long the window rests after a resize before the device is judged again (000 section 2). */
export const RESIZE_SETTLE_MS = 500;

/** Leaves for the mobile site without a history entry (Back does not return to the desktop page). */
export const leaveForMobileSite = (url: string) => window.location.replace(url);

const deviceNow = (): Device => ({
  userAgent: window.navigator.userAgent,
  screenWidth: window.screen.width,
  screenHeight: window.screen.height,
});

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
