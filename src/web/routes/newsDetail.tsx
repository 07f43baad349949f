import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/newsDetail')({
  staticData: { title: '新闻详情' },
  component: ComingSoon,
});
