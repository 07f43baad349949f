import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { payResultQuery } from '../features/success/pay-result-query';
import { SuccessPage } from '../features/success/success-page';

// The order's trade number; a bare number in the address arrives as a number, so take it as text.
const search = v.object({
  no: v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))), undefined),
});

export const Route = createFileRoute('/success')({
  validateSearch: (input) => v.parse(search, input),
  loaderDeps: ({ search: { no } }) => ({ no }),
  loader: ({ context, deps }) =>
    deps.no ? context.queryClient.prefetchQuery(payResultQuery(deps.no)) : undefined,
  staticData: { title: '支付结果' },
  component: function Success() {
    return <SuccessPage no={Route.useSearch().no} />;
  },
});
