import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/videoDetail/$id')({
  staticData: { title: '视频详情' },
  component: ComingSoon,
});
