import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { createRoot } from 'react-dom/client';
import { toast } from './components/ui/toast';
import { createApp } from './router';
import { AuthDialogContext } from './shared/auth/auth-dialog';
import { EditionProvider, editionFor, rememberedEdition } from './shared/edition';
import { rememberedElderMode, showElderMode } from './shared/elder-mode';
import { deviceNow } from './shared/use-mobile-redirect';
import { arriveFromWechat } from './shared/wechat/wechat-arrival';
import './styles.css';

const start = () => {
  // The phone edition or the desktop one, for the whole page: the believer's choice, else the device.
  const edition = editionFor(deviceNow(), rememberedEdition());
  const { router, queryClient, authDialog } = createApp({ edition });
  // 长辈版 as the believer left it, before the first paint.
  showElderMode(rememberedElderMode(), { remember: false });

  const root = document.getElementById('app');
  if (!root) throw new Error('#app is missing from index.html');

  // React Aria speaks the site's language (stepper buttons, toast region…), not the browser's.
  createRoot(root).render(
    <StrictMode>
      <I18nProvider locale="zh-CN">
        <QueryClientProvider client={queryClient}>
          <AuthDialogContext value={authDialog}>
            <EditionProvider value={edition}>
              <RouterProvider router={router} />
            </EditionProvider>
          </AuthDialogContext>
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
};

// Inside WeChat the page may first go to WeChat for its web login (and is not rendered here).
void arriveFromWechat({
  leave: (url) => window.location.replace(url),
  warn: (message) => toast.error(message),
}).then((arrival) => {
  if (arrival === 'stay') start();
});
