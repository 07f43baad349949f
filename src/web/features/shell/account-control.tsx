import { lazy, Suspense } from 'react';
import { useSessionMobile } from '../../api/session';
import { Button } from '../../components/ui/button';
import { useAuthDialog } from '../../shared/auth/auth-dialog';

// The account menu (React Aria's menu and popover, the logout call) downloads only for a believer
// who is logged in; until it has, the header keeps the menu's place empty.
const AccountMenu = lazy(() =>
  import('./account-menu').then(({ AccountMenu }) => ({ default: AccountMenu })),
);

/** Logged out: 登录 | 注册. Logged in: the masked phone with 个人中心 and 退出登录. */
export function AccountControl() {
  const mobile = useSessionMobile();
  const authDialog = useAuthDialog();
  // The dialog downloads on the first opening; a pointer on its way to the button starts it.
  const preload = () => void authDialog.load().catch(() => undefined);

  if (mobile) {
    return (
      <Suspense fallback={<span className="min-h-11" />}>
        <AccountMenu mobile={mobile} />
      </Suspense>
    );
  }
  return (
    <div className="flex items-center gap-1 text-lg">
      <Button
        tone="quiet"
        onHoverStart={preload}
        onPress={() => authDialog.open({ type: 'dialog.openLogin' })}
      >
        登录
      </Button>
      <span aria-hidden="true" className="text-ink-faint">
        |
      </span>
      <Button
        tone="quiet"
        onHoverStart={preload}
        onPress={() => authDialog.open({ type: 'dialog.openRegister' })}
      >
        注册
      </Button>
    </div>
  );
}
