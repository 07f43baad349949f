import { VIDEO_PAGE_SIZES } from '@contract/news';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PagedList } from '../../shared/pager';
import { VideoCard } from './video-card';
import { type VideoView, videoListQuery } from './video-queries';
import { VIDEO_MESSAGES } from './video-rules';

interface VideoGalleryPageProps {
  view: VideoView;
  onView: (view: VideoView) => void;
}

/** 视频专区 (002 section 2): the films as a grid of posters, paged 6/10/15/20 (default 6). */
export function VideoGalleryPage({ view, onView }: VideoGalleryPageProps) {
  // The page being left stays on screen (aria-busy) until the next one has come.
  const query = useQuery({ ...videoListQuery(view), placeholderData: keepPreviousData });
  return (
    <section aria-labelledby="video-title" className="mx-auto max-w-page px-6 pb-10">
      <h1 id="video-title" className="mb-2 font-serif text-3xl tracking-widest text-temple">
        视频专区
      </h1>
      <p className="mb-6 text-lg text-ink-soft">寺院法会、开示与日常的影像记录，点击海报即可观看。</p>
      <PagedList
        query={query}
        view={view}
        sizes={VIDEO_PAGE_SIZES}
        onView={onView}
        failure={VIDEO_MESSAGES.listFailed}
        label="视频分页"
      >
        {(videos) => (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {videos.map((video) => (
              <li key={video.id}>
                <VideoCard id={video.id} title={video.title} poster={video.imageUrl} date={video.newDate} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
