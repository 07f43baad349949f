import { createRootRouteWithContext } from '@tanstack/react-router';
import { LazyAuthDialog } from '../features/auth/lazy-auth-dialog';
import { SessionEndedElsewhere } from '../features/auth/session-ended-elsewhere';
import { AppShell } from '../features/shell/app-shell';
import { ShellErrorPage } from '../features/shell/error-page';
import { NotFoundPage } from '../features/shell/not-found-page';
import type { RouterContext } from '../router-context';
import { siteConfigQuery } from '../shared/site-config-query';
import { leaveFirstIfPhone } from '../shared/use-mobile-redirect';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The site's configuration (the shell's phones and footer) is asked for before any page's code,
  // which would otherwise queue ahead of it. A phone leaves for the mobile site first, before any
  // page's guard (a login-only page's).
  beforeLoad: ({ context, location, preload }) => {
    void context.queryClient.prefetchQuery(siteConfigQuery);
    return preload ? undefined : leaveFirstIfPhone(context, location.href);
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(siteConfigQuery),
  component: () => (
    <AppShell
      dialogs={
        <>
          <LazyAuthDialog />
          <SessionEndedElsewhere />
        </>
      }
    />
  ),
  // An unknown path and an error render inside the shell, in Chinese (every other route's error
  // page is the router's default, ErrorPage, inside this route's shell).
  notFoundComponent: NotFoundPage,
  errorComponent: (props) => <ShellErrorPage {...props} dialogs={<LazyAuthDialog />} />,
});
