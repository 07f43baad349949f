import { DEFAULT_VIDEO_PAGE_SIZE } from '@contract/news';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { VideoPlayer } from './video-player';
import { videoListQuery } from './video-queries';

/** How many other films 更多视频 shows. */
const MORE = 3;

/** 更多视频: a few other films, each playable here (one at a time) or opened on its own page. */
export function MoreVideos({ currentId }: { currentId: number }) {
  // The gallery's first page: usually in the cache already.
  const query = useQuery(videoListQuery({ page: 0, size: DEFAULT_VIDEO_PAGE_SIZE }));
  const others = (query.data?.content ?? []).flatMap((video) =>
    video.id !== currentId && video.videoUrl ? [{ ...video, videoUrl: video.videoUrl }] : [],
  );
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="more-videos-title" className="border-t border-gold/40 pt-8">
      <h2 id="more-videos-title" className="mb-6 font-serif text-2xl tracking-widest text-temple">
        更多视频
      </h2>
      <ul className="grid gap-6 md:grid-cols-3">
        {others.slice(0, MORE).map((video) => (
          <li key={video.id} className="flex flex-col gap-3">
            <VideoPlayer
              src={video.videoUrl}
              poster={video.imageUrl}
              captions={video.captionsUrl}
              title={video.title}
            />
            <Link
              to="/videoDetail/$id"
              params={{ id: String(video.id) }}
              search={{ info: video.imageUrl }}
              className="min-h-12 self-start rounded-sm py-2 font-serif text-xl text-temple underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold"
            >
              {video.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
