import { consoleApi } from '@contract/console';
import type { MeritAnswer } from '@contract/merit-catalogue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { toast } from '../../../components/ui/toast';
import { type ConsoleError, consoleCall } from '../../api/console-client';
import { ConsoleLink } from '../../shell/console-link';
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
              <PublishBar answer={read.data} />
              <MeritForm key={read.data.id} answer={read.data} />
            </>
          ) : null}
        </ListStates>
      )}
    </section>
  );
}

function PublishBar({ answer }: { answer: MeritAnswer }) {
  const queryClient = useQueryClient();
  const publish = useMutation<MeritAnswer, ConsoleError, boolean>({
    mutationFn: (published) =>
      consoleCall(consoleApi.meritItemPublish, {
        params: { id: String(answer.id) },
        body: { published, version: answer.version },
        quiet: true,
      }),
    onSuccess: (saved) => {
      toast.success(saved.published ? '功德项目已发布，信众即可供养' : '功德项目已撤下，信众不再看到', 4000);
      queryClient.setQueryData(meritItemQuery(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['console', 'merit-items'], exact: true });
    },
  });
  const state = answer.published ? '已发布' : '未发布';
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-paper-deep bg-white p-5">
      <div className="flex flex-wrap items-center gap-4">
        <span
          className={`rounded-full px-4 py-1 text-lg font-semibold ${
            answer.published ? 'bg-temple text-white' : 'bg-paper-deep text-ink'
          }`}
        >
          {state}
        </span>
        <p className="text-lg text-ink-soft">
          {answer.published
            ? '信众可在“功德供养”中看到并供养。撤下后不再显示，已下的订单仍然有效。'
            : '信众看不到此项目。发布后即可在“功德供养”中供养。'}
          {answer.liveOrders > 0 ? `已有订单 ${answer.liveOrders} 单。` : ''}
        </p>
        <Button
          className="ml-auto"
          tone={answer.published ? 'secondary' : 'primary'}
          isPending={publish.isPending}
          onPress={() => publish.mutate(!answer.published)}
        >
          {answer.published ? '撤下' : '发布'}
        </Button>
      </div>
      {publish.error ? <Notice tone="error">{publish.error.message}</Notice> : null}
    </div>
  );
}
