import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { Link, type LinkProps } from 'react-aria-components';

/** A link to a console screen (`to` is the route's path, `/orders/D2026…`), on the hash history. */
export function ConsoleLink({ to, ...props }: Omit<LinkProps, 'href'> & { to: string }) {
  return <Link {...props} href={`#${to}`} />;
}

/** Moves to a console screen from code (after a sign-in, a search). */
export const useConsoleNavigate = () => {
  const router = useRouter();
  return useCallback((to: string) => router.history.push(to), [router]);
};
