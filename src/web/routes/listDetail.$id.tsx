import { createFileRoute } from '@tanstack/react-router';
import { NewsDetailPage } from '../features/news/news-detail-page';

/** The article's id from the path; anything but a whole number reads as an unknown article. */
const articleId = (raw: string): number | null =>
  /^[1-9]\d{0,9}$/.test(raw) && Number(raw) < 2 ** 31 ? Number(raw) : null;

/** `/listDetail/{id}` (001 section 2): the same article page as /newsDetail?id= (no loader, see there). */
export const Route = createFileRoute('/listDetail/$id')({
  staticData: { title: '新闻详情', parent: { title: '寺院动态', to: '/NewsConsulting' } },
  component: function ListDetail() {
    const id = articleId(Route.useParams().id);
    return <NewsDetailPage key={id} id={id} />;
  },
});
