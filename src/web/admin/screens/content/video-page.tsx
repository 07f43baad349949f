import { consoleApi } from '@contract/console';
import type { VideoAnswer } from '@contract/video-catalogue';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { consoleCall } from '../../api/console-client';
import { ConsoleLink } from '../../shell/console-link';
import { PublishBar } from '../../shell/publish-bar';
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
              <VideoPublishBar answer={read.data} />
              <VideoForm key={read.data.id} answer={read.data} />
            </>
          ) : null}
        </ListStates>
      )}
    </section>
  );
}

function VideoPublishBar({ answer }: { answer: VideoAnswer }) {
  const queryClient = useQueryClient();
  return (
    <PublishBar
      published={answer.published}
      publishedNote="信众可在“视频专区”中观看。撤下后不再显示。"
      draftNote="草稿只在此处可见。发布后信众即可在“视频专区”中观看。"
      publishedToast="视频已发布，信众即可观看"
      withdrawnToast="视频已撤下，信众不再看到"
      publish={async (published) => {
        const saved = await consoleCall(consoleApi.videoPublish, {
          params: { id: String(answer.id) },
          body: { published, version: answer.version },
          quiet: true,
        });
        queryClient.setQueryData(videoQuery(saved.id).queryKey, saved);
        void queryClient.invalidateQueries({ queryKey: ['console', 'videos'], exact: true });
      }}
    />
  );
}
