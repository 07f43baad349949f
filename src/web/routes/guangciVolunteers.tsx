import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../features/auth/require-login';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/guangciVolunteers')({
  beforeLoad: requireLogin,
  staticData: { title: '志工报名' },
  component: ComingSoon,
});
