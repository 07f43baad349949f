import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AppOptions, createApp } from '@web/router';
import type { Edition } from '@web/router-context';
import { AuthDialogContext } from '@web/shared/auth/auth-dialog';
import { addressIn, EditionProvider, editionFor, rememberedEdition } from '@web/shared/edition';
import { deviceNow } from '@web/shared/use-mobile-redirect';
import { I18nProvider } from 'react-aria-components';
import { expect } from 'vitest';

// The login dialog, the account menu, the toast region and the ceremony page's dialogs load on first use (a dynamic import). Imported here, they
// are already in the module cache, so that first use settles within a few promise turns, as it
// would with a warm browser cache, and tests under fake timers need not wait for a real download.
import '@web/shared/auth/auth-dialog-actor';
import '@web/features/auth/auth-dialog';
import '@web/features/shell/account-menu';
import '@web/components/ui/toast-region';
import '@web/features/ceremony/ceremony-dialogs';

/** The edition of the app rendered last. */
let renderedEdition: Edition = 'desktop';

/**
 * The whole SPA (router, query cache, login dialog) at `hash`, as a believer would open it: in the
 * edition main.tsx would choose for this window (the desktop's; a phone's under `holdAPhone`),
 * unless `options.edition` says.
 */
export const renderApp = (hash = '#/index', options: AppOptions = {}) => {
  window.location.hash = hash;
  const edition = options.edition ?? editionFor(deviceNow(), rememberedEdition());
  renderedEdition = edition;
  const app = createApp({ ...options, edition });
  // No delays between gestures: they would wait on timers, which view tests may have faked.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <I18nProvider locale="zh-CN">
      <QueryClientProvider client={app.queryClient}>
        <AuthDialogContext value={app.authDialog}>
          <EditionProvider value={edition}>
            <RouterProvider router={app.router} />
          </EditionProvider>
        </AuthDialogContext>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...app, ...view, user };
};

/**
 * The page is at `route` (the router's own address, '/success?no=…'), written as the rendered
 * app's edition writes it: on a phone, the phone edition's address ('/online/success?no=…').
 */
export const expectAt = (route: string) =>
  expect(window.location.hash).toBe(`#${addressIn(renderedEdition, route)}`);

/** A link's href to `route` (the router's own address), as the rendered app's edition writes it. */
export const hrefTo = (route: string) => `/#${addressIn(renderedEdition, route)}`;
