import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AppOptions, createApp } from '@web/router';
import { AuthDialogContext } from '@web/shared/auth/auth-dialog';
import { EditionProvider } from '@web/shared/edition';
import { I18nProvider } from 'react-aria-components';

// The login dialog, the account menu, the toast region and the ceremony page's dialogs load on first use (a dynamic import). Imported here, they
// are already in the module cache, so that first use settles within a few promise turns, as it
// would with a warm browser cache, and tests under fake timers need not wait for a real download.
import '@web/shared/auth/auth-dialog-actor';
import '@web/features/auth/auth-dialog';
import '@web/features/shell/account-menu';
import '@web/components/ui/toast-region';
import '@web/features/ceremony/ceremony-dialogs';

/** The whole SPA (router, query cache, login dialog) at `hash`, as a believer would open it (the desktop edition unless `options.edition` says). */
export const renderApp = (hash = '#/index', options: AppOptions = {}) => {
  window.location.hash = hash;
  const app = createApp(options);
  // No delays between gestures: they would wait on timers, which view tests may have faked.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <I18nProvider locale="zh-CN">
      <QueryClientProvider client={app.queryClient}>
        <AuthDialogContext value={app.authDialog}>
          <EditionProvider value={options.edition ?? 'desktop'}>
            <RouterProvider router={app.router} />
          </EditionProvider>
        </AuthDialogContext>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...app, ...view, user };
};
