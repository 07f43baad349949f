import { createFileRoute } from '@tanstack/react-router';
import { TourPage } from '../features/tour/tour-page';

export const Route = createFileRoute('/IntoWfs')({
  staticData: { title: '走进寺院' },
  component: TourPage,
});
