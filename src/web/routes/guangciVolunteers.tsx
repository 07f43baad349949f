import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../features/auth/require-login';
import { regionTableQuery, VolunteerPage } from '../features/volunteer/volunteer-page';

export const Route = createFileRoute('/guangciVolunteers')({
  beforeLoad: requireLogin,
  loader: ({ context }) => context.queryClient.ensureQueryData(regionTableQuery),
  staticData: { title: '志工报名' },
  component: VolunteerPage,
});
