import type { ReactNode } from 'react';
import { Button } from './button';

export interface PagerProps {
  /** The page shown, counted from 1. */
  page: number;
  /** How many pages the list has (at least 1: see `pageCount`). */
  pages: number;
  onPage: (page: number) => void;
  /** Names the navigation: 分页, 翻页, or the list's own (信息资讯分页) when a page has more than one. */
  label: string;
  /** Where the reader is, read out when it changes (第 N 页（共 P 页），共 M 条). */
  status: ReactNode;
  /** What stands before 上一页 (共 M 条) and after 下一页 (the page size). */
  start?: ReactNode;
  end?: ReactNode;
  /** Layout only (spacing, alignment). */
  className?: string;
}

/** The pages a list of `total` items has at `size` a page: an empty list still has its page 1. */
export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));

/**
 * 上一页 / where the reader is / 下一页, the site's and the console's one pager: large buttons
 * (48 px), each disabled at its end of the list, the position announced politely.
 */
export function Pager({ page, pages, onPage, label, status, start, end, className }: PagerProps) {
  return (
    <nav aria-label={label} className={`flex flex-wrap items-center gap-4 text-lg ${className ?? ''}`}>
      {start}
      <Button tone="secondary" className="min-h-12" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        上一页
      </Button>
      <span aria-live="polite">{status}</span>
      <Button
        tone="secondary"
        className="min-h-12"
        isDisabled={page >= pages}
        onPress={() => onPage(page + 1)}
      >
        下一页
      </Button>
      {end}
    </nav>
  );
}
