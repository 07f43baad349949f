import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../features/auth/require-login';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/wfVideo')({
  beforeLoad: requireLogin,
  staticData: { title: '视频专区' },
  component: ComingSoon,
});
