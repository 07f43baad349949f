import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../features/auth/require-login';
import { JoinMemberPage } from '../features/membership/join-member-page';
import { packagesQuery } from '../features/membership/membership-queries';
import { myMembershipQuery } from '../shared/believer-queries';

export const Route = createFileRoute('/joinMember')({
  beforeLoad: requireLogin,
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(packagesQuery()),
      context.queryClient.ensureQueryData(myMembershipQuery),
    ]),
  staticData: { title: '功德会入会' },
  component: JoinMemberPage,
});
