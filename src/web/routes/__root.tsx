import { createRootRouteWithContext } from '@tanstack/react-router';
import { AppShell } from '../features/shell/app-shell';
import { siteConfigQuery } from '../features/shell/site-config-query';
import type { RouterContext } from '../router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  loader: ({ context }) => context.queryClient.ensureQueryData(siteConfigQuery),
  component: AppShell,
});
