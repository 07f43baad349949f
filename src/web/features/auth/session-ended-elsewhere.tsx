import { AUTH_MESSAGES } from '@contract/auth-messages';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SESSION_NOTICE_MS, toast } from '../../components/ui/toast';
import { requireLogin } from './require-login';

/**
 * A logout in another tab or window of the site (its token removed from the shared storage):
 * said here once, and a login-only page gives way to /login, which returns to it after logging
 * in. The calls this tab makes without the token afterwards reject quietly (the API client).
 */
export function SessionEndedElsewhere() {
  const router = useRouter();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== 'token' || !event.oldValue || event.newValue) return;
      toast.info(AUTH_MESSAGES.loggedOutElsewhere, SESSION_NOTICE_MS);
      const { matches, location } = router.state;
      const loginOnly = matches.some(
        (match) => router.routesById[match.routeId]?.options.beforeLoad === requireLogin,
      );
      if (loginOnly) void router.navigate({ to: '/login', search: { redirect: location.href } });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [router]);
  return null;
}
