import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/GenerationRenewal')({
  staticData: { title: '代人续费' },
  component: ComingSoon,
});
