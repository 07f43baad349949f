import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../features/auth/require-login';
import { packagesQuery, relationsQuery } from '../features/membership/membership-queries';
import { ProxyRenewalPage } from '../features/membership/proxy-page';

export const Route = createFileRoute('/GenerationRenewal')({
  beforeLoad: requireLogin,
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(packagesQuery()),
      context.queryClient.ensureQueryData(relationsQuery()),
    ]),
  staticData: { title: '代人续费' },
  component: ProxyRenewalPage,
});
