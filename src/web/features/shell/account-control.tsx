import { authApi } from '@contract/auth';
import { maskPhone } from '@contract/phone';
import { useNavigate } from '@tanstack/react-router';
import { mainClient } from '../../api/client';
import { sessionStore, useSessionMobile } from '../../api/session';
import { Button } from '../../components/ui/button';
import { Dropdown } from '../../components/ui/menu';
import { useAuthDialog } from '../../shared/auth/auth-dialog-actor';

/** Logged out: 登录 | 注册. Logged in: the masked phone with 个人中心 and 退出登录. */
export function AccountControl() {
  const mobile = useSessionMobile();
  const authDialog = useAuthDialog();
  const navigate = useNavigate();

  if (!mobile) {
    return (
      <div className="flex items-center gap-1 text-lg">
        <Button tone="quiet" onPress={() => authDialog.send({ type: 'dialog.openLogin' })}>
          登录
        </Button>
        <span aria-hidden="true" className="text-ink-faint">
          |
        </span>
        <Button tone="quiet" onPress={() => authDialog.send({ type: 'dialog.openRegister' })}>
          注册
        </Button>
      </div>
    );
  }

  const logout = async () => {
    // The server revokes the token; the stored session goes whatever it answers.
    await mainClient(authApi.logout).catch(() => undefined);
    sessionStore.clear();
    await navigate({ to: '/' });
  };

  return (
    <Dropdown
      label={
        <span className="text-lg text-ink">
          <span className="sr-only">当前账号</span>
          {maskPhone(mobile)} ▾
        </span>
      }
      items={[
        { id: 'center', label: '个人中心', onAction: () => navigate({ to: '/UserCenter' }) },
        { id: 'logout', label: '退出登录', onAction: logout },
      ]}
    />
  );
}
