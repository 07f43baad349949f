import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/BusinessClass')({
  staticData: { title: '法会报名' },
  component: ComingSoon,
});
