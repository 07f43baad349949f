import { NEWS_MESSAGES } from '@contract/news';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { Button, buttonClass } from '../../components/ui/button';
import { ArticleHtml } from '../../shared/article-html';
import { newsDetailQuery } from './news-queries';

function BackToNews() {
  return (
    <Link to="/NewsConsulting" className={`${buttonClass({ tone: 'secondary', size: 'lg' })} self-start`}>
      返回寺院动态
    </Link>
  );
}

function NotFound() {
  return (
    <div className="flex flex-col gap-6 py-10">
      <h1 className="font-serif text-3xl text-temple">{NEWS_MESSAGES.notFound}</h1>
      <p className="text-lg text-ink-soft">文章可能已被移除，请回到寺院动态查看其他文章。</p>
      <BackToNews />
    </div>
  );
}

/**
 * 新闻详情 (/newsDetail?id= and /listDetail/{id}; 002 section 2): the title, the date and the
 * article's HTML, sanitised. An unknown or unpublished article says so; a failed load offers 重试.
 */
export function NewsDetailPage({ id }: { id: number | null }) {
  const article = useQuery({ ...newsDetailQuery(id ?? 0), enabled: id !== null });
  let body: ReactNode;
  if (id === null || (article.error instanceof ApiError && article.error.status === 404)) body = <NotFound />;
  else if (article.isPending)
    body = (
      <p role="status" className="py-10 text-lg text-ink-soft">
        正在加载…
      </p>
    );
  else if (article.isError)
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-4 py-10 text-lg text-temple">
        {NEWS_MESSAGES.detailFailed}
        <Button tone="secondary" className="min-h-12" onPress={() => article.refetch()}>
          重试
        </Button>
      </div>
    );
  else
    body = (
      <article className="flex flex-col gap-6">
        <header className="flex flex-col gap-2 border-b border-gold/30 pb-6">
          <h1 className="font-serif text-3xl leading-snug text-temple">{article.data.title}</h1>
          {article.data.subTitle && <p className="text-xl text-ink-soft">{article.data.subTitle}</p>}
          <p className="text-lg text-ink-soft">
            发布日期：<time dateTime={article.data.newDate}>{article.data.newDate}</time>
          </p>
        </header>
        <ArticleHtml html={article.data.content} />
        <BackToNews />
      </article>
    );
  return (
    <section className="mx-auto w-full max-w-page px-6 pb-10">
      <div className="rounded-lg border border-gold/30 bg-white px-8 py-8 md:px-12">{body}</div>
    </section>
  );
}
