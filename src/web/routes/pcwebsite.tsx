import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/pcwebsite')({
  staticData: { title: '寺院官网' },
  component: ComingSoon,
});
