import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/ceremony')({
  staticData: { title: '独姓佛事' },
  component: ComingSoon,
});
