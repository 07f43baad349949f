import { consoleApi } from '@contract/console';
import { hasPermission, STAFF_ROLE_LABELS } from '@contract/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { Button } from '../../components/ui/button';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/ui/skip-link';
import { ToastRegionView } from '../../components/ui/toast-region';
import { consoleCall } from '../api/console-client';
import { meQuery } from '../api/session-queries';
import { CONSOLE_NAV } from '../console-screens';
import { ConsoleLink, useConsoleNavigate } from './console-link';

/**
 * The console's frame: its name and the signed-in member with a sign-out button on top, the
 * screens the member's roles allow on the left (hiding is a courtesy: the server checks every
 * call), the screen in the middle. The sign-in page has the frame without navigation.
 */
export function ConsoleShell() {
  const { data: me } = useQuery(meQuery);
  const path = useRouterState({ select: (s) => s.location.pathname });
  const queryClient = useQueryClient();
  const navigate = useConsoleNavigate();
  const signOut = useMutation({
    mutationFn: () => consoleCall(consoleApi.signOut),
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(meQuery.queryKey, null);
      navigate('/login');
    },
  });
  const items = me ? CONSOLE_NAV.filter((item) => hasPermission(me.roles, item.permission)) : [];
  return (
    <div className="flex min-h-screen flex-col bg-paper text-ink print:block print:bg-white">
      <SkipLink />
      <header className="flex items-center justify-between border-b-2 border-temple bg-white px-8 py-4 print:hidden">
        <p className="text-2xl font-semibold tracking-widest text-temple">寺院工作台</p>
        {me ? (
          <div className="flex items-center gap-6 text-lg">
            <span>
              {me.displayName}
              <span className="ml-2 text-base text-ink-soft">
                （{me.roles.map((role) => STAFF_ROLE_LABELS[role]).join('、')}）
              </span>
            </span>
            <Button tone="secondary" isPending={signOut.isPending} onPress={() => signOut.mutate()}>
              退出
            </Button>
          </div>
        ) : null}
      </header>
      <div className="flex flex-1 print:block">
        {me && path !== '/login' ? (
          <nav
            aria-label="工作台导航"
            className="w-44 shrink-0 border-r border-paper-deep bg-white print:hidden"
          >
            <ul className="flex flex-col py-4">
              {items.map((item) => {
                const current = path === item.to || path.startsWith(`${item.to}/`);
                return (
                  <li key={item.to}>
                    <ConsoleLink
                      to={item.to}
                      aria-current={current ? 'page' : undefined}
                      className={`block min-h-12 px-6 py-3 text-lg outline-none focus-visible:ring-4 focus-visible:ring-gold/60 ${
                        current ? 'bg-temple-pale font-semibold text-temple' : 'text-ink hover:bg-paper'
                      }`}
                    >
                      {item.label}
                    </ConsoleLink>
                  </li>
                );
              })}
            </ul>
          </nav>
        ) : null}
        <main id={MAIN_CONTENT_ID} className="min-w-0 flex-1 px-8 py-6 print:p-0">
          <Outlet />
        </main>
      </div>
      <ToastRegionView />
    </div>
  );
}
