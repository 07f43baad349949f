import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../features/auth/require-login';
import { packagesQuery } from '../features/membership/membership-queries';
import { RenewalPage } from '../features/membership/renewal-page';
import { myMembershipQuery } from '../shared/believer-queries';

export const Route = createFileRoute('/Renewals')({
  beforeLoad: requireLogin,
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(myMembershipQuery),
      context.queryClient.ensureQueryData(packagesQuery()),
    ]),
  staticData: { title: '会员续费' },
  component: RenewalPage,
});
