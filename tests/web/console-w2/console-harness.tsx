import type { StaffMe, StaffRole } from '@contract/staff';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createConsole } from '@web/admin/router';
import { I18nProvider } from 'react-aria-components';
import { type FakeRoutes, fakeApi, ok } from '../../support/fake-api';

// The screens load on first use (a dynamic import): imported here, the route's first render
// settles within a few promise turns, as with a warm browser cache, and fake timers need not wait.
import '@web/admin/screens/volunteers/volunteers-page';
import '@web/admin/screens/rosters/rosters-page';
import '@web/admin/screens/rosters/roster-page';
import '@web/admin/screens/rosters/tablet-sheets-page';
import '@web/admin/screens/seats/seats-page';
import '@web/admin/screens/staff/staff-page';
import '@web/admin/screens/staff/audit-page';
import '@web/components/ui/toast-region';

/** A signed-in member of these roles, as the console's session call answers. */
export const staffMe = (roles: StaffRole[] = ['clerk']): StaffMe => ({
  id: 1,
  username: 'kt.clerk',
  displayName: '慧明',
  roles,
});

/**
 * The console at `hash` (`#/volunteers`) with a fake API: the session of a member of `roles`
 * and the given routes. Answers come from `routes`; an unknown call fails loudly.
 */
export const renderConsole = (hash: string, routes: FakeRoutes, roles: StaffRole[] = ['clerk']) => {
  const api = fakeApi({ 'GET /admin/api/session': () => ok(staffMe(roles)), ...routes });
  window.location.hash = hash;
  const app = createConsole();
  const user = userEvent.setup({ delay: null });
  const view = render(
    <I18nProvider locale="zh-CN">
      <QueryClientProvider client={app.queryClient}>
        <RouterProvider router={app.router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return {
    ...app,
    ...view,
    user,
    api,
    callsTo: (method: string, path: string) => callsOf(api, method, path),
  };
};

const callsOf = (api: ReturnType<typeof fakeApi>, method: string, path: string) =>
  api.calls.filter((call) => call.method === method && call.path === path);
