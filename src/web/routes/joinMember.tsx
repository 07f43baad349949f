import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/joinMember')({
  staticData: { title: '功德会入会' },
  component: ComingSoon,
});
