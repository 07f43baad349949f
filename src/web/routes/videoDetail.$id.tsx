import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { requireLogin } from '../features/auth/require-login';
import { VideoDetailPage } from '../features/video/video-detail-page';
import { videoDetailQuery } from '../features/video/video-queries';
import { sameSitePath, videoIdOf } from '../features/video/video-rules';

/** `info`, the poster (002 section 2), is kept only when it is a path of this site. */
const search = v.object({
  info: v.fallback(v.optional(v.pipe(v.string(), v.check(sameSitePath))), undefined),
});

export const Route = createFileRoute('/videoDetail/$id')({
  // Login only, as the gallery (002 section 1).
  beforeLoad: requireLogin,
  validateSearch: (input) => v.parse(search, input),
  loader: ({ context, params }) => {
    const id = videoIdOf(params.id);
    if (id !== null) void context.queryClient.prefetchQuery(videoDetailQuery(id));
  },
  staticData: { title: '视频详情', parent: { title: '视频专区', to: '/wfVideo' } },
  component: function VideoDetail() {
    const id = videoIdOf(Route.useParams().id);
    const { info } = Route.useSearch();
    return <VideoDetailPage key={id} id={id} poster={info} />;
  },
});
