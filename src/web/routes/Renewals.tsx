import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/Renewals')({
  staticData: { title: '会员续费' },
  component: ComingSoon,
});
