import { type AnyRoute, type RouteById, type RouteIds, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { Link, type LinkProps } from 'react-aria-components';

/**
 * The console's route tree, registered by `router.tsx` through declaration merging, as the site's
 * router is registered with TanStack Router (`Register`): the console cannot be the registered
 * router too, and this module must not import the router (which imports the shell).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by router.tsx (declaration merging)
export interface ConsoleRoutes {}

type ConsoleTree = ConsoleRoutes extends { routeTree: infer Tree extends AnyRoute } ? Tree : AnyRoute;

/** A console route's path as TanStack Router types it: `/orders/$no`, `/rosters/$kind/$key`. */
export type ConsolePath = RouteById<ConsoleTree, RouteIds<ConsoleTree>>['fullPath'];

/** A path with each `$name` part filled in by any text: `/orders/$no` → `/orders/${string}`. */
type Filled<Path extends string> = Path extends `${infer Head}$${infer Rest}`
  ? Rest extends `${string}/${infer Tail}`
    ? `${Head}${string}/${Filled<Tail>}`
    : `${Head}${string}`
  : Path;

/** An address of the console: a route's path with its parts filled in, and a query string if any. */
export type ConsoleHref = Filled<ConsolePath> | `${Filled<ConsolePath>}?${string}`;

/** A link to a console screen (`to` is an address of one of its routes, `/orders/D2026…`), on the hash history. */
export function ConsoleLink({ to, ...props }: Omit<LinkProps, 'href'> & { to: ConsoleHref }) {
  return <Link {...props} href={`#${to}`} />;
}

/** Moves to a console screen from code (after a sign-in, a search). */
export const useConsoleNavigate = () => {
  const router = useRouter();
  return useCallback((to: ConsoleHref) => router.history.push(to), [router]);
};
