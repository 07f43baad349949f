import { FS_TYPES, type FsType } from '@contract/ceremony';
import { CEREMONY_TYPE_KINDS } from '@contract/ceremony-catalogue';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Notice } from '../../../components/ui/notice';
import { ConsoleLink } from '../../shell/console-link';
import { ListStates } from '../orders/list-states';
import { ceremonyTypeQuery } from './ceremony-queries';
import { CeremonyTypeForm } from './ceremony-type-form';

/** One ceremony type (/ceremonies/<1|2>): its name, photograph, description and price table. */
export function CeremonyTypePage() {
  const { fsType = '' } = useParams({ strict: false }) as { fsType?: string };
  const known = (FS_TYPES as readonly string[]).includes(fsType);
  const read = useQuery({ ...ceremonyTypeQuery(fsType), enabled: known });
  return (
    <section aria-labelledby="ceremony-type-title" className="flex max-w-6xl flex-col gap-6">
      <ConsoleLink to="/ceremonies" className="self-start text-lg text-temple underline">
        ← 佛事设置
      </ConsoleLink>
      <h1 id="ceremony-type-title" className="text-2xl font-semibold text-temple">
        {read.data?.type.name ?? '佛事类型'}
        {known ? (
          <span className="ml-3 text-lg font-normal text-ink-soft">
            {CEREMONY_TYPE_KINDS[fsType as FsType]}
          </span>
        ) : null}
      </h1>
      {known ? (
        <ListStates
          isPending={read.isPending}
          error={read.data ? null : read.error}
          onRetry={() => void read.refetch()}
        >
          {read.data ? <CeremonyTypeForm key={read.data.fsType} answer={read.data} /> : null}
        </ListStates>
      ) : (
        <Notice tone="error">未找到该佛事类型</Notice>
      )}
    </section>
  );
}
