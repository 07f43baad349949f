import type { AssemblyAnswer } from '@contract/assembly-catalogue';
import { consoleApi } from '@contract/console';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { toast } from '../../../components/ui/toast';
import { type ConsoleError, consoleCall } from '../../api/console-client';
import { ConsoleLink } from '../../shell/console-link';
import { ListStates } from '../orders/list-states';
import { AssemblyForm } from './assembly-form';
import { assemblyQuery } from './assembly-queries';

/**
 * One assembly (/assemblies/<id>, or /assemblies/new): its state (草稿 or 已发布) with 发布 / 撤下,
 * and its form. Publishing sends the version read, as a save does; the form keeps what is typed.
 */
export function AssemblyPage() {
  const { id = 'new' } = useParams({ strict: false }) as { id?: string };
  const isNew = id === 'new';
  const read = useQuery({ ...assemblyQuery(Number(id)), enabled: !isNew });
  return (
    <section aria-labelledby="assembly-title" className="flex max-w-6xl flex-col gap-6">
      <ConsoleLink to="/assemblies" className="self-start text-lg text-temple underline">
        ← 法会管理
      </ConsoleLink>
      <h1 id="assembly-title" className="text-2xl font-semibold text-temple">
        {isNew ? '新建法会' : (read.data?.assembly.name ?? '法会')}
      </h1>
      {isNew ? (
        <AssemblyForm answer={null} />
      ) : (
        <ListStates
          isPending={read.isPending}
          error={read.data ? null : read.error}
          onRetry={() => void read.refetch()}
        >
          {read.data ? (
            <>
              <PublishBar answer={read.data} />
              <AssemblyForm key={read.data.id} answer={read.data} />
            </>
          ) : null}
        </ListStates>
      )}
    </section>
  );
}

function PublishBar({ answer }: { answer: AssemblyAnswer }) {
  const queryClient = useQueryClient();
  const publish = useMutation<AssemblyAnswer, ConsoleError, boolean>({
    mutationFn: (published) =>
      consoleCall(consoleApi.assemblyPublish, {
        params: { id: String(answer.id) },
        body: { published, version: answer.version },
        quiet: true,
      }),
    onSuccess: (saved) => {
      toast.success(saved.published ? '法会已发布，信众即可报名' : '法会已撤下，信众不再看到', 4000);
      queryClient.setQueryData(assemblyQuery(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['console', 'assemblies'], exact: true });
    },
  });
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-paper-deep bg-white p-5">
      <div className="flex flex-wrap items-center gap-4">
        <span
          className={`rounded-full px-4 py-1 text-lg font-semibold ${
            answer.published ? 'bg-temple text-white' : 'bg-paper-deep text-ink'
          }`}
        >
          {answer.published ? '已发布' : '草稿'}
        </span>
        <p className="text-lg text-ink-soft">
          {answer.published
            ? '信众可在“法会报名”中看到并报名。撤下后不再显示，已有报名仍然有效。'
            : '草稿只在此处可见。发布后信众即可在“法会报名”中报名。'}
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
