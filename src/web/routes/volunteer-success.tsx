import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/volunteer-success')({
  staticData: { title: '报名成功' },
  component: ComingSoon,
});
