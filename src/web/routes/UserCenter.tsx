import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../features/auth/require-login';
import { UserCenterPage } from '../features/user-center/user-center-page';

export const Route = createFileRoute('/UserCenter')({
  beforeLoad: requireLogin,
  staticData: { title: '个人中心' },
  component: UserCenterPage,
});
