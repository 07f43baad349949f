import { consoleApi } from '@contract/console';
import type { MeritAnswer } from '@contract/merit-catalogue';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { consoleCall } from '../../api/console-client';
import { ConsoleLink } from '../../shell/console-link';
import { PublishBar } from '../../shell/publish-bar';
import { ListStates } from '../orders/list-states';
import { MeritForm } from './merit-form';
import { meritItemQuery } from './merit-queries';

/**
 * One merit item (/merit/<id>, or /merit/new): its state (草稿, 已发布 or 已撤下) with 发布 / 撤下,
 * and its form. Publishing sends the version read, as a save does; the form keeps what is typed.
 */
export function MeritPage() {
  const { id = 'new' } = useParams({ strict: false }) as { id?: string };
  const isNew = id === 'new';
  const read = useQuery({ ...meritItemQuery(Number(id)), enabled: !isNew });
  return (
    <section aria-labelledby="merit-title" className="flex max-w-5xl flex-col gap-6">
      <ConsoleLink to="/merit" className="self-start text-lg text-temple underline">
        ← 功德项目
      </ConsoleLink>
      <h1 id="merit-title" className="text-2xl font-semibold text-temple">
        {isNew ? '新建功德项目' : (read.data?.item.name ?? '功德项目')}
      </h1>
      {isNew ? (
        <MeritForm answer={null} />
      ) : (
        <ListStates
          isPending={read.isPending}
          error={read.data ? null : read.error}
          onRetry={() => void read.refetch()}
        >
          {read.data ? (
            <>
              <MeritPublishBar answer={read.data} />
              <MeritForm key={read.data.id} answer={read.data} />
            </>
          ) : null}
        </ListStates>
      )}
    </section>
  );
}

function MeritPublishBar({ answer }: { answer: MeritAnswer }) {
  const queryClient = useQueryClient();
  const orders = answer.liveOrders > 0 ? `已有订单 ${answer.liveOrders} 单。` : '';
  return (
    <PublishBar
      published={answer.published}
      publishedNote={`信众可在“功德供养”中看到并供养。撤下后不再显示，已下的订单仍然有效。${orders}`}
      draftNote={`信众看不到此项目。发布后即可在“功德供养”中供养。${orders}`}
      draftLabel="未发布"
      publishedToast="功德项目已发布，信众即可供养"
      withdrawnToast="功德项目已撤下，信众不再看到"
      publish={async (published) => {
        const saved = await consoleCall(consoleApi.meritItemPublish, {
          params: { id: String(answer.id) },
          body: { published, version: answer.version },
          quiet: true,
        });
        queryClient.setQueryData(meritItemQuery(saved.id).queryKey, saved);
        void queryClient.invalidateQueries({ queryKey: ['console', 'merit-items'], exact: true });
      }}
    />
  );
}
