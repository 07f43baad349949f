import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../features/shell/coming-soon';

export const Route = createFileRoute('/success')({
  staticData: { title: '支付成功' },
  component: ComingSoon,
});
