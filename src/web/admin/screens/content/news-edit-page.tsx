import { templeDateTime } from '@contract/temple-day';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { ConsoleLink } from '../../shell/console-link';
import * as css from '../../shell/table-styles';
import { ListStates } from '../orders/list-states';
import { NewsForm } from './news-form';
import { newsItemQuery } from './news-queries';
import { NewsStateBadge } from './news-state-badge';

/**
 * 新建文章 (/news/new) and 编辑文章 (/news/:id): the form, empty or with the article read (once: a
 * later read does not overwrite what is being typed), where it stands and who changed it last.
 */
export function NewsEditPage() {
  const { id } = useParams({ strict: false }) as { id?: string };
  const articleId = id === undefined ? null : Number(id);
  const read = useQuery({ ...newsItemQuery(articleId ?? 0), enabled: articleId !== null });
  const item = read.data ?? null;
  return (
    <section aria-labelledby="news-edit-title" className="flex max-w-5xl flex-col gap-6">
      <ConsoleLink to="/news" className={`${css.link} self-start text-lg`}>
        返回新闻动态
      </ConsoleLink>
      <div className="flex flex-wrap items-center gap-4">
        <h1 id="news-edit-title" className="text-2xl font-semibold text-temple">
          {articleId === null ? '新建文章' : '编辑文章'}
        </h1>
        {item ? <NewsStateBadge state={item.state} /> : null}
        {item?.state === 'scheduled' ? (
          <span className="text-base text-ink-soft tabular-nums">将于 {item.article.publishAt} 发布</span>
        ) : null}
        {item?.updatedAt ? (
          <span className="text-base text-ink-soft tabular-nums">
            最后修改：{item.updatedBy ?? ''} {templeDateTime(new Date(item.updatedAt)).slice(0, 16)}
          </span>
        ) : null}
      </div>
      {articleId === null ? (
        <NewsForm item={null} />
      ) : (
        <ListStates
          isPending={read.isPending}
          error={read.data ? null : read.error}
          onRetry={() => void read.refetch()}
        >
          {item ? <NewsForm key={item.id} item={item} /> : null}
        </ListStates>
      )}
    </section>
  );
}
