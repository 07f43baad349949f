import { DEFAULT_VIDEO_PAGE_SIZE, VIDEO_PAGE_SIZES } from '@contract/address-keys';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { requireLogin } from '../features/auth/require-login';
import { VideoGalleryPage } from '../features/video/video-gallery-page';
import { type VideoView, videoListQuery } from '../features/video/video-queries';
import { pageSearchParam } from '../shared/page-search';

/**
 * Zero-based page and page size in the address, as numbers (`?page=1&size=6`: a string would be
 * written quoted); a wrong value falls back to the first page of 6.
 */
const search = v.object({
  page: pageSearchParam,
  size: v.fallback(
    v.pipe(v.unknown(), v.transform(String), v.picklist(VIDEO_PAGE_SIZES), v.transform(Number)),
    Number(DEFAULT_VIDEO_PAGE_SIZE),
  ),
});
const viewOf = ({ page, size }: v.InferOutput<typeof search>): VideoView => ({
  page,
  size: VIDEO_PAGE_SIZES.find((option) => option === String(size)) ?? DEFAULT_VIDEO_PAGE_SIZE,
});

export const Route = createFileRoute('/wfVideo')({
  // Login only (002 section 1): a visitor is sent to /index with 此内容需登录后查看。
  beforeLoad: requireLogin,
  validateSearch: (input) => v.parse(search, input),
  loaderDeps: ({ search }) => viewOf(search),
  // Prefetched, not awaited into an error page: the gallery shows its own loading and error states.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(videoListQuery(deps)),
  staticData: { title: '视频专区' },
  component: function WfVideo() {
    const view = viewOf(Route.useSearch());
    const navigate = Route.useNavigate();
    return (
      <VideoGalleryPage
        view={view}
        onView={({ page, size }) => void navigate({ search: { page, size: Number(size) } })}
      />
    );
  },
});
