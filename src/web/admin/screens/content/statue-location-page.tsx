import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { ConsoleLink } from '../../shell/console-link';
import { ListStates } from '../orders/list-states';
import { StatueLocationForm } from './statue-location-form';
import { statueLocationQuery } from './statue-queries';

/** One location (/statues/<1|2|3>): its form. */
export function StatueLocationPage() {
  const { location = '1' } = useParams({ strict: false }) as { location?: string };
  const read = useQuery(statueLocationQuery(location));
  return (
    <section aria-labelledby="statue-location-title" className="flex max-w-6xl flex-col gap-6">
      <ConsoleLink to="/statues" className="self-start text-lg text-temple underline">
        ← 佛像供奉
      </ConsoleLink>
      <h1 id="statue-location-title" className="text-2xl font-semibold text-temple">
        {read.data?.draft.name ?? '供奉地点'}
      </h1>
      <ListStates
        isPending={read.isPending}
        error={read.data ? null : read.error}
        onRetry={() => void read.refetch()}
      >
        {read.data ? <StatueLocationForm key={read.data.location} answer={read.data} /> : null}
      </ListStates>
    </section>
  );
}
