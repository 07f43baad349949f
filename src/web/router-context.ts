import type { QueryClient } from '@tanstack/react-query';
import type { AuthDialogActor } from './shared/auth/auth-dialog-actor';

/** What every route's loader and guard may use. */
export interface RouterContext {
  queryClient: QueryClient;
  authDialog: AuthDialogActor;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page title of the breadcrumb (首页 / title). */
    title?: string;
  }
}
