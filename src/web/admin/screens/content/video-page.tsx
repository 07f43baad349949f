import { consoleApi } from '@contract/console';
import type { VideoAnswer } from '@contract/video-catalogue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { toast } from '../../../components/ui/toast';
import { type ConsoleError, consoleCall } from '../../api/console-client';
import { ConsoleLink } from '../../shell/console-link';
import { ListStates } from '../orders/list-states';
import { VideoForm } from './video-form';
import { videoQuery } from './video-queries';

/**
 * One video (/videos/<id>, or /videos/new): its state (草稿 or 已发布) with 发布 / 撤下, and its
 * form. Publishing sends the version read, as a save does; the form keeps what is typed.
 */
export function VideoPage() {
  const { id = 'new' } = useParams({ strict: false }) as { id?: string };
  const isNew = id === 'new';
  const read = useQuery({ ...videoQuery(Number(id)), enabled: !isNew });
  return (
    <section aria-labelledby="video-title" className="flex max-w-6xl flex-col gap-6">
      <ConsoleLink to="/videos" className="self-start text-lg text-temple underline">
        ← 视频管理
      </ConsoleLink>
      <h1 id="video-title" className="text-2xl font-semibold text-temple">
        {isNew ? '新建视频' : (read.data?.video.title ?? '视频')}
      </h1>
      {isNew ? (
        <VideoForm answer={null} />
      ) : (
        <ListStates
          isPending={read.isPending}
          error={read.data ? null : read.error}
          onRetry={() => void read.refetch()}
        >
          {read.data ? (
            <>
              <PublishBar answer={read.data} />
              <VideoForm key={read.data.id} answer={read.data} />
            </>
          ) : null}
        </ListStates>
      )}
    </section>
  );
}

function PublishBar({ answer }: { answer: VideoAnswer }) {
  const queryClient = useQueryClient();
  const publish = useMutation<VideoAnswer, ConsoleError, boolean>({
    mutationFn: (published) =>
      consoleCall(consoleApi.videoPublish, {
        params: { id: String(answer.id) },
        body: { published, version: answer.version },
        quiet: true,
      }),
    onSuccess: (saved) => {
      toast.success(saved.published ? '视频已发布，信众即可观看' : '视频已撤下，信众不再看到', 4000);
      queryClient.setQueryData(videoQuery(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['console', 'videos'], exact: true });
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
            ? '信众可在“视频专区”中观看。撤下后不再显示。'
            : '草稿只在此处可见。发布后信众即可在“视频专区”中观看。'}
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
