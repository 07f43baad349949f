import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../features/shell/coming-soon';

export const Route = createFileRoute('/merit')({ staticData: { title: '功德供养' }, component: ComingSoon });
