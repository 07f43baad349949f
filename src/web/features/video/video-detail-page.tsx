import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { MoreVideos } from './more-videos';
import { VideoPlayer } from './video-player';
import { videoDetailQuery } from './video-queries';
import { VIDEO_MESSAGES } from './video-rules';

interface VideoDetailPageProps {
  /** `null`: the address names no video. */
  id: number | null;
  /** The poster the gallery sent along (`info`), already checked to be a path of this site. */
  poster?: string | undefined;
}

const notice = 'flex flex-wrap items-center gap-4 py-16 text-lg';

/** 视频详情 (002 section 2): title, subtitle, the film (it starts by itself) and 更多视频. */
export function VideoDetailPage({ id, poster }: VideoDetailPageProps) {
  const query = useQuery({ ...videoDetailQuery(id ?? 0), enabled: id !== null });
  return (
    <div className="mx-auto flex max-w-page flex-col gap-10 px-6 pb-10">
      {id === null ? (
        <p role="alert" className={`${notice} text-temple`}>
          {VIDEO_MESSAGES.notFound}
        </p>
      ) : query.isPending ? (
        <p role="status" className={`${notice} text-ink-soft`}>
          正在加载…
        </p>
      ) : query.isError ? (
        <div role="alert" className={`${notice} text-temple`}>
          {VIDEO_MESSAGES.detailFailed}
          <Button tone="secondary" className="min-h-12" onPress={() => query.refetch()}>
            重试
          </Button>
        </div>
      ) : query.data === null ? (
        <p role="alert" className={`${notice} text-temple`}>
          {VIDEO_MESSAGES.notFound}
        </p>
      ) : (
        <article aria-labelledby="video-detail-title" className="flex flex-col gap-4">
          <h1 id="video-detail-title" className="font-serif text-3xl tracking-widest text-temple">
            {query.data.title}
          </h1>
          <p className="text-lg text-ink-soft">
            {query.data.subTitle}
            <span className="ml-4">{query.data.newDate}</span>
          </p>
          <VideoPlayer
            src={query.data.videoUrl}
            poster={poster ?? query.data.imageUrl}
            captions={query.data.captionsUrl}
            title={query.data.title}
            featured
          />
        </article>
      )}
      <MoreVideos currentId={id ?? 0} />
    </div>
  );
}
