import { createFileRoute } from '@tanstack/react-router';
import { SuccessPage } from '../features/success/success-page';

export const Route = createFileRoute('/success')({
  staticData: { title: '支付成功' },
  component: SuccessPage,
});
