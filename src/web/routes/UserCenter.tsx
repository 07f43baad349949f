import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../features/auth/require-login';
import { UserCenterPage } from '../features/user-center/user-center-page';

/** `paying`: the order WeChat's H5 cashier came back with (phone-addresses.ts). */
const validateSearch = (search: Record<string, unknown>): { paying?: string } =>
  typeof search.paying === 'string' && /^[A-Z0-9]{8,40}$/.test(search.paying)
    ? { paying: search.paying }
    : {};

export const Route = createFileRoute('/UserCenter')({
  validateSearch,
  beforeLoad: requireLogin,
  staticData: { title: '个人中心' },
  component: UserCenterPage,
});
