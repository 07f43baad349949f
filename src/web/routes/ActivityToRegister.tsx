import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/ActivityToRegister')({
  staticData: { title: '活动报名' },
  component: ComingSoon,
});
