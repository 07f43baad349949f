import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/IntoWfs')({
  staticData: { title: '走进寺院' },
  component: ComingSoon,
});
