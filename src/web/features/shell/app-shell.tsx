import { Outlet, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/ui/skip-link';
import { ToastArea } from '../../components/ui/toast';
import { DemoBanner } from '../../shared/demo-banner';
import { useMobileRedirect } from '../../shared/use-mobile-redirect';
import { Breadcrumb } from './breadcrumb';
import { Footer } from './footer';
import { Header } from './header';
import { useDocumentTitle } from './use-page-trail';

/**
 * Every page: the skip link (跳到主要内容), the demo-mode notice (while payment and SMS are
 * simulated), header, breadcrumb, the page (the route's, or `children`: the root's error page),
 * footer; the site's dialogs and toasts above them. The document title follows the page.
 */
export function AppShell({ dialogs, children }: { dialogs?: ReactNode; children?: ReactNode }) {
  useDocumentTitle();
  useMobileRedirect(useRouter().options.context.leaveForMobileSite);
  return (
    <div className="flex min-h-screen flex-col bg-paper font-sans text-ink">
      <SkipLink />
      <DemoBanner />
      <Header />
      <Breadcrumb />
      <main id={MAIN_CONTENT_ID} className="flex-1 outline-none">
        {children ?? <Outlet />}
      </main>
      <Footer />
      {dialogs}
      <ToastArea />
    </div>
  );
}
