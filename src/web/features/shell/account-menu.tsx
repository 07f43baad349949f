import { maskPhone } from '@contract/phone';
import { useNavigate } from '@tanstack/react-router';
import { Dropdown } from '../../components/ui/menu';
import { useLogout } from './use-logout';

/** The logged-in believer's masked phone, with 个人中心 and 退出登录. */
export function AccountMenu({ mobile }: { mobile: string }) {
  const navigate = useNavigate();
  const logout = useLogout();
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
