import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/NewsConsulting')({
  staticData: { title: '寺院动态' },
  component: ComingSoon,
});
