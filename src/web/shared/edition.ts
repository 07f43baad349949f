import { createContext, useContext } from 'react';
import type { Edition } from '../router-context';
import { type Device, desktopAddressOf, isPhone, phoneAddressOf } from './mobile-redirect';

/*
 * The page's edition (`Edition`): one route tree and one machine per flow serve both; the
 * edition changes the addresses (`PHONE_EDITION_ROUTES`) and what a view shows, nothing else.
 */

/** The believer's own choice (电脑版 / 手机版), kept in the browser: it overrides the device. */
export const EDITION_KEY = 'temple.edition';

/** The choice kept in this browser, if any (none where storage is refused). */
export const rememberedEdition = (): Edition | null => {
  try {
    const kept = window.localStorage.getItem(EDITION_KEY);
    return kept === 'phone' || kept === 'desktop' ? kept : null;
  } catch {
    return null;
  }
};

const remember = (edition: Edition) => {
  try {
    window.localStorage.setItem(EDITION_KEY, edition);
  } catch {
    // Storage refused (a private window): the choice holds for this page only.
  }
};

/** The edition for a device: the believer's choice, else the spec's phone rule. */
export const editionFor = (device: Device, chosen: Edition | null): Edition =>
  chosen ?? (isPhone(device) ? 'phone' : 'desktop');

/**
 * The address a route has in an edition: the phone edition's where it has one, the desktop
 * route itself otherwise. `href` is the router's own (desktop) path and query.
 */
export const addressIn = (edition: Edition, href: string): string =>
  (edition === 'phone' && phoneAddressOf(href)) || href;

/** The router's own address for an address of either edition. */
export const routeAddressOf = (href: string): string => desktopAddressOf(href) ?? href;

/**
 * Shows the page at `href` (the router's address) in the other edition: the address of that
 * edition, the whole page loaded again (links, the shell and the views read the edition once,
 * at the start). `remembered`: the believer chose it, and it holds on the next visits.
 */
export const showEdition = (edition: Edition, href: string, { remembered }: { remembered: boolean }) => {
  if (remembered) remember(edition);
  window.location.replace(`#${addressIn(edition, href)}`);
  window.location.reload();
};

const EditionContext = createContext<Edition>('desktop');

/** Provides the page's edition (main.tsx, and tests rendering a phone view). */
export const EditionProvider = EditionContext.Provider;

/** The page's edition. */
export const useEdition = (): Edition => useContext(EditionContext);
