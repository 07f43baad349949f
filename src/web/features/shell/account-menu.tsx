import { authApi } from '@contract/auth';
import { maskPhone } from '@contract/phone';
import { useNavigate } from '@tanstack/react-router';
import { mainClient } from '../../api/client';
import { sessionStore } from '../../api/session';
import { Dropdown } from '../../components/ui/menu';

/** The logged-in believer's masked phone, with 个人中心 and 退出登录. */
export function AccountMenu({ mobile }: { mobile: string }) {
  const navigate = useNavigate();
  const logout = async () => {
    // The server revokes the token; the stored session goes whatever it answers.
    await mainClient(authApi.logout).catch(() => undefined);
    sessionStore.clear();
    await navigate({ to: '/' });
  };
  return (
    <Dropdown
      label={<AccountLabel mobile={mobile} />}
      items={[
        { id: 'center', label: '个人中心', onAction: () => navigate({ to: '/UserCenter' }) },
        { id: 'logout', label: '退出登录', onAction: logout },
      ]}
    />
  );
}

export function AccountLabel({ mobile }: { mobile: string }) {
  return (
    <span className="text-lg text-ink">
      <span className="sr-only">当前账号</span>
      {maskPhone(mobile)} ▾
    </span>
  );
}
