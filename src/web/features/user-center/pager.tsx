import { ORDER_PAGE_SIZES } from '@contract/believer';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Button } from '../../components/ui/button';
import { controlSurface } from '../../components/ui/field-styles';
import type { PageSize, PageView } from './user-center-queries';

interface PagerProps {
  view: PageView;
  total: number;
  onView: (view: PageView) => void;
}

/** 上一页 / 下一页, 第 N 页，共 M 条 and the page size (5/10/20/50/100); a new size starts at page 0. */
export function Pager({ view, total, onView }: PagerProps) {
  const sizeId = useId();
  const { page, size } = view;
  const isLast = (page + 1) * Number(size) >= total;
  return (
    <nav aria-label="分页" className="flex flex-wrap items-center gap-4 py-6 text-lg">
      <Button
        tone="secondary"
        className="min-h-12"
        isDisabled={page === 0}
        onPress={() => onView({ page: page - 1, size })}
      >
        上一页
      </Button>
      <span aria-live="polite">
        第 {page + 1} 页，共 {total} 条
      </span>
      <Button
        tone="secondary"
        className="min-h-12"
        isDisabled={isLast}
        onPress={() => onView({ page: page + 1, size })}
      >
        下一页
      </Button>
      <label htmlFor={sizeId} className="ml-auto flex items-center gap-2">
        每页条数
        <select
          id={sizeId}
          value={size}
          onChange={(event) => onView({ page: 0, size: event.target.value as PageSize })}
          className={`min-h-12 px-3 ${controlSurface} focus:border-gold focus:outline-none`}
        >
          {ORDER_PAGE_SIZES.map((option) => (
            <option key={option} value={option}>
              {option} 条
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}

interface PagedListProps<T> {
  query: UseQueryResult<{ content: T[]; totalElements: number }>;
  view: PageView;
  onView: (view: PageView) => void;
  /** What the list holds, in 暂无… and …加载失败 (订单, 活动记录, 供奉). */
  noun: string;
  children: (items: T[]) => ReactNode;
}

/** A page of a list with its loading, empty and error states and the pager under it. */
export function PagedList<T>({ query, view, onView, noun, children }: PagedListProps<T>) {
  if (query.isPending) return <p className="py-10 text-lg text-ink-soft">正在加载…</p>;
  if (query.isError && !query.data)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-4 py-10 text-lg text-temple">
        {noun}加载失败，请稍后再试。
        <Button tone="secondary" className="min-h-12" onPress={() => query.refetch()}>
          重试
        </Button>
      </div>
    );
  const { content, totalElements } = query.data;
  if (totalElements === 0) return <p className="py-10 text-lg text-ink-soft">暂无{noun}</p>;
  return (
    <div aria-busy={query.isFetching}>
      {children(content)}
      <Pager view={view} total={totalElements} onView={onView} />
    </div>
  );
}
