import { Outlet } from '@tanstack/react-router';
import { ToastArea } from '../../components/ui/toast';
import { AuthDialog } from '../auth/auth-dialog';
import { Breadcrumb } from './breadcrumb';
import { Footer } from './footer';
import { Header } from './header';

/** Every page: header, breadcrumb, the page, footer; the login dialog and toasts above them. */
export function AppShell() {
  return (
    <div className="flex min-h-screen flex-col bg-paper font-sans text-ink">
      <Header />
      <Breadcrumb />
      <main className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <AuthDialog />
      <ToastArea />
    </div>
  );
}
