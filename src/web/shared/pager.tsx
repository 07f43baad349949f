import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Button } from '../components/ui/button';
import { controlSurface } from '../components/ui/field-styles';
import { fieldFocusRing } from '../components/ui/focus-ring';
import { Pager, pageCount } from '../components/ui/pager';

/** Which page of a list the believer looks at: zero-based page, one of the list's sizes. */
export interface ListView<Size extends string = string> {
  page: number;
  size: Size;
}

interface PagerProps<Size extends string> {
  view: ListView<Size>;
  total: number;
  /** The sizes offered (news 8/10/15/20, videos 6/10/15/20). */
  sizes: readonly Size[];
  onView: (view: ListView<Size>) => void;
  /** Names the navigation when a page has more than one pager (信息资讯分页). */
  label?: string;
}

/** 上一页 / 下一页, 第 N 页（共 P 页），共 M 条 and the page size; a new size starts at page 0. */
function SizedPager<Size extends string>({ view, total, sizes, onView, label = '分页' }: PagerProps<Size>) {
  const sizeId = useId();
  const { page, size } = view;
  const pages = pageCount(total, Number(size));
  return (
    <Pager
      page={page + 1}
      pages={pages}
      onPage={(next) => onView({ page: next - 1, size })}
      label={label}
      status={`第 ${page + 1} 页（共 ${pages} 页），共 ${total} 条`}
      className="py-6"
      end={
        <label htmlFor={sizeId} className="ml-auto flex items-center gap-2">
          每页条数
          <select
            id={sizeId}
            value={size}
            onChange={(event) => onView({ page: 0, size: event.target.value as Size })}
            className={`min-h-12 px-3 ${controlSurface} ${fieldFocusRing} focus:border-gold`}
          >
            {sizes.map((option) => (
              <option key={option} value={option}>
                {option} 条
              </option>
            ))}
          </select>
        </label>
      }
    />
  );
}

interface PagedListProps<T, Size extends string> {
  query: UseQueryResult<{ content: T[]; totalElements: number }>;
  view: ListView<Size>;
  sizes: readonly Size[];
  onView: (view: ListView<Size>) => void;
  /** Said when the list cannot be loaded (资讯加载失败，请稍后再试). */
  failure: string;
  /** Said when the list has nothing (暂无订单); 暂无数据 by default. */
  empty?: string;
  label?: string;
  children: (items: T[]) => ReactNode;
}

/**
 * A page of a list with its loading, empty (暂无数据) and error (message and 重试) states and the
 * pager under it. A page past the end (an old link) offers the first page.
 */
export function PagedList<T, Size extends string>({
  query,
  view,
  sizes,
  onView,
  failure,
  empty = '暂无数据',
  label,
  children,
}: PagedListProps<T, Size>) {
  if (query.isPending)
    return (
      <p role="status" className="py-10 text-lg text-ink-soft">
        正在加载…
      </p>
    );
  if (query.isError && !query.data)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-4 py-10 text-lg text-temple">
        {failure}
        <Button tone="secondary" className="min-h-12" onPress={() => query.refetch()}>
          重试
        </Button>
      </div>
    );
  const { content, totalElements } = query.data;
  if (totalElements === 0) return <p className="py-10 text-center text-lg text-ink-soft">{empty}</p>;
  if (content.length === 0)
    return (
      <p className="flex flex-wrap items-center gap-4 py-10 text-lg text-ink-soft">
        这一页没有内容。
        <Button tone="secondary" className="min-h-12" onPress={() => onView({ page: 0, size: view.size })}>
          回到第一页
        </Button>
      </p>
    );
  return (
    <div aria-busy={query.isFetching}>
      {children(content)}
      <SizedPager view={view} total={totalElements} sizes={sizes} onView={onView} label={label} />
    </div>
  );
}
