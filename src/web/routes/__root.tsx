import { createRootRouteWithContext } from '@tanstack/react-router';
import { AuthDialog } from '../features/auth/auth-dialog';
import { AppShell } from '../features/shell/app-shell';
import type { RouterContext } from '../router-context';
import { siteConfigQuery } from '../shared/site-config-query';

export const Route = createRootRouteWithContext<RouterContext>()({
  loader: ({ context }) => context.queryClient.ensureQueryData(siteConfigQuery),
  component: () => <AppShell dialogs={<AuthDialog />} />,
});
