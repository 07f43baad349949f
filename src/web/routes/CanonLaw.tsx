import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/CanonLaw')({
  staticData: { title: '佛教典籍' },
  component: ComingSoon,
});
