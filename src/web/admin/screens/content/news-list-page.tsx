import {
  NEWS_EDIT_MENUS,
  NEWS_EDIT_MESSAGES,
  NEWS_MENU_LABELS,
  NEWS_STATE_LABELS,
  NEWS_STATES,
} from '@contract/news-editing';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { ChoiceCards } from '../../../components/ui/choice-cards';
import { Panel } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';
import { ConsoleLink } from '../../shell/console-link';
import { ConsolePager } from '../../shell/console-pager';
import { ListStates } from '../orders/list-states';
import { NewsCarousel } from './news-carousel';
import { type NewsFilters, NO_FILTERS, newsListQuery } from './news-queries';
import { NewsTable } from './news-table';

const MENU_CHOICES = [
  { value: '', label: '全部' },
  ...NEWS_EDIT_MENUS.map((menu) => ({ value: String(menu), label: NEWS_MENU_LABELS[menu] })),
];
const STATE_CHOICES = [
  { value: '', label: '全部' },
  ...NEWS_STATES.map((s) => ({ value: s, label: NEWS_STATE_LABELS[s] })),
];

/**
 * 新闻动态 (/news, 内容): the articles of the home carousel and the news page, found by menu, state
 * and title, 20 a page, each with where it stands; 新建文章; and the home carousel's order.
 */
export function NewsListPage() {
  const [filters, setFilters] = useState<NewsFilters>(NO_FILTERS);
  const [text, setText] = useState('');
  const list = useQuery({ ...newsListQuery(filters), placeholderData: keepPreviousData });
  const tooLong = text.trim().length > 40 ? NEWS_EDIT_MESSAGES.searchTooLong : undefined;
  const change = (patch: Partial<NewsFilters>) => setFilters((old) => ({ ...old, page: 1, ...patch }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (!tooLong) change({ q: text.trim() });
  };
  const filtered = filters.menu !== '' || filters.state !== '' || filters.q !== '';
  return (
    <section aria-labelledby="news-title" className="flex max-w-6xl flex-col gap-6">
      <div className="flex items-start justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1 id="news-title" className="text-2xl font-semibold text-temple">
            新闻动态
          </h1>
          <p className="text-lg text-ink-soft">
            首页轮播与寺院动态的文章：保存即在网站生效，定时发布的文章到时自动显示。
          </p>
        </div>
        <ConsoleLink to="/news/new" className={buttonClass({ size: 'lg' })}>
          新建文章
        </ConsoleLink>
      </div>
      <Panel padding="sm" className="flex flex-col gap-5">
        <form aria-label="查找文章" onSubmit={search} className="flex items-start gap-3">
          <TextField label="标题" value={text} onChange={setText} error={tooLong} className="w-[28rem]" />
          <Button type="submit" className="mt-8">
            搜索
          </Button>
          {filters.q ? (
            <Button
              tone="quiet"
              className="mt-8"
              onPress={() => {
                setText('');
                change({ q: '' });
              }}
            >
              清除
            </Button>
          ) : null}
        </form>
        <div className="flex flex-wrap gap-8">
          <ChoiceCards
            label="栏目"
            choices={MENU_CHOICES}
            value={filters.menu}
            onChange={(menu) => change({ menu: menu as NewsFilters['menu'] })}
          />
          <ChoiceCards
            label="状态"
            choices={STATE_CHOICES}
            value={filters.state}
            onChange={(state) => change({ state: state as NewsFilters['state'] })}
          />
        </div>
      </Panel>
      <ListStates
        isPending={list.isPending}
        error={list.data ? null : list.error}
        onRetry={() => void list.refetch()}
      >
        {list.data ? (
          <>
            <NewsTable rows={list.data.rows} filtered={filtered} />
            <ConsolePager
              page={list.data.page}
              pageSize={list.data.pageSize}
              total={list.data.total}
              onPage={(page) => setFilters((old) => ({ ...old, page }))}
            />
          </>
        ) : null}
      </ListStates>
      <NewsCarousel />
    </section>
  );
}
