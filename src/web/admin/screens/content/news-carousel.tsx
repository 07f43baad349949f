import { consoleApi } from '@contract/console';
import type { NewsRow } from '@contract/news-editing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Panel } from '../../../components/ui/panel';
import { toast } from '../../../components/ui/toast';
import { type ConsoleError, consoleCall } from '../../api/console-client';
import { ListStates } from '../orders/list-states';
import { CAROUSEL_SAVED, carouselQuery } from './news-queries';
import { NewsStateBadge } from './news-state-badge';

/** The order as read and as being arranged; null while nothing was moved. */
const move = (ids: number[], index: number, by: -1 | 1) => {
  const next = [...ids];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(index + by, 0, item);
  return next;
};

/**
 * 首页轮播: the home carousel's articles (栏目 首页轮播, published or scheduled) in the order the
 * site shows them, each with 上移 / 下移 (real buttons, reached by Tab); 保存顺序 sends the new order
 * with the order it was read in, so a carousel changed meanwhile answers 409 (重新读取).
 */
export function NewsCarousel() {
  const read = useQuery(carouselQuery);
  const [order, setOrder] = useState<number[] | null>(null);
  const [announce, setAnnounce] = useState('');
  const queryClient = useQueryClient();
  const save = useMutation<NewsRow[], ConsoleError, { from: number[]; to: number[] }>({
    mutationFn: (body) => consoleCall(consoleApi.newsCarouselSave, { body, quiet: true }),
    onSuccess: (saved) => {
      toast.success(CAROUSEL_SAVED, 4000);
      queryClient.setQueryData(carouselQuery.queryKey, saved);
      setOrder(null);
      void queryClient.invalidateQueries({ queryKey: ['console', 'audit'] });
    },
  });
  const rows = read.data ?? [];
  const ids = order ?? rows.map((row) => row.id);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const shift = (index: number, by: -1 | 1) => {
    const next = move(ids, index, by);
    setOrder(next);
    const title = byId.get(ids[index] ?? 0)?.title ?? '';
    setAnnounce(`${title} 移到第 ${index + by + 1} 位`);
  };
  const reload = () => {
    setOrder(null);
    save.reset();
    void read.refetch();
  };
  return (
    <Panel as="section" aria-labelledby="carousel-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="carousel-title" className="text-xl font-semibold text-temple">
          首页轮播顺序
        </h2>
        <p className="text-base text-ink-soft">
          栏目为“首页轮播”且已发布或定时发布的文章，按此顺序在首页显示；新发布的排在最前，直到重新排序。
        </p>
      </div>
      <ListStates
        isPending={read.isPending}
        error={read.data ? null : read.error}
        onRetry={() => void read.refetch()}
      >
        {rows.length === 0 ? (
          <p className="text-lg text-ink-soft">首页轮播暂无文章</p>
        ) : (
          <ol aria-label="首页轮播" className="flex flex-col gap-2">
            {ids.map((id, index) => {
              const row = byId.get(id);
              if (!row) return null;
              return (
                <li
                  key={id}
                  className="flex items-center gap-4 rounded-md border border-paper-deep px-4 py-2"
                >
                  <span className="w-8 text-lg font-semibold text-temple tabular-nums">{index + 1}</span>
                  <span className="flex-1 text-lg">{row.title}</span>
                  <NewsStateBadge state={row.state} publishAt={row.publishAt} />
                  <Button
                    tone="secondary"
                    aria-label={`上移 ${row.title}`}
                    isDisabled={index === 0 || save.isPending}
                    onPress={() => shift(index, -1)}
                  >
                    上移
                  </Button>
                  <Button
                    tone="secondary"
                    aria-label={`下移 ${row.title}`}
                    isDisabled={index === ids.length - 1 || save.isPending}
                    onPress={() => shift(index, 1)}
                  >
                    下移
                  </Button>
                </li>
              );
            })}
          </ol>
        )}
      </ListStates>
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>
      {save.error ? <Notice tone="error">{save.error.message}</Notice> : null}
      <div className="flex justify-end gap-4">
        {save.error?.status === 409 ? (
          <Button tone="secondary" onPress={reload}>
            重新读取
          </Button>
        ) : null}
        <Button
          isDisabled={order === null}
          isPending={save.isPending}
          onPress={() => save.mutate({ from: rows.map((row) => row.id), to: ids })}
        >
          保存顺序
        </Button>
      </div>
    </Panel>
  );
}
