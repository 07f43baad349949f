import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/homeDetail')({
  staticData: { title: '法会详情' },
  component: ComingSoon,
});
