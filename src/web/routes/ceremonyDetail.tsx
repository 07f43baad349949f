import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/ceremonyDetail')({
  staticData: { title: '佛事预约' },
  component: ComingSoon,
});
