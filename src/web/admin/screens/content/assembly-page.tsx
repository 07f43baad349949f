import type { AssemblyAnswer } from '@contract/assembly-catalogue';
import { consoleApi } from '@contract/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { consoleCall } from '../../api/console-client';
import { ConsoleLink } from '../../shell/console-link';
import { PublishBar } from '../../shell/publish-bar';
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
              <AssemblyPublishBar answer={read.data} />
              <AssemblyForm key={read.data.id} answer={read.data} />
            </>
          ) : null}
        </ListStates>
      )}
    </section>
  );
}

function AssemblyPublishBar({ answer }: { answer: AssemblyAnswer }) {
  const queryClient = useQueryClient();
  return (
    <PublishBar
      published={answer.published}
      publishedNote="信众可在“法会报名”中看到并报名。撤下后不再显示，已有报名仍然有效。"
      draftNote="草稿只在此处可见。发布后信众即可在“法会报名”中报名。"
      publishedToast="法会已发布，信众即可报名"
      withdrawnToast="法会已撤下，信众不再看到"
      publish={async (published) => {
        const saved = await consoleCall(consoleApi.assemblyPublish, {
          params: { id: String(answer.id) },
          body: { published, version: answer.version },
          quiet: true,
        });
        queryClient.setQueryData(assemblyQuery(saved.id).queryKey, saved);
        void queryClient.invalidateQueries({ queryKey: ['console', 'assemblies'], exact: true });
      }}
    />
  );
}
