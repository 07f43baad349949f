import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../shared/coming-soon';

export const Route = createFileRoute('/pray')({ staticData: { title: '祈福' }, component: ComingSoon });
