import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/consecrateDetail')({
  staticData: { title: '牌位供奉' },
  component: ComingSoon,
});
