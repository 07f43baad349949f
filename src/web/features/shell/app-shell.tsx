import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ToastArea } from '../../components/ui/toast';
import { Breadcrumb } from './breadcrumb';
import { Footer } from './footer';
import { Header } from './header';

/** Every page: header, breadcrumb, the page, footer; the site's dialogs and toasts above them. */
export function AppShell({ dialogs }: { dialogs?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-paper font-sans text-ink">
      <Header />
      <Breadcrumb />
      <main className="flex-1">
        <Outlet />
      </main>
      <Footer />
      {dialogs}
      <ToastArea />
    </div>
  );
}
