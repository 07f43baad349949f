import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/powerdekor')({
  staticData: { title: '圣像供奉' },
  component: ComingSoon,
});
