import { NEWS_MESSAGES, NEWS_PAGE_SIZES } from '@contract/news';
import { useQuery } from '@tanstack/react-query';
import type { Key } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { PagedList } from '../../shared/pager';
import { HoeLine, NewsLine } from './news-line';
import { hoePageQuery, type NewsView, newsPageQuery } from './news-queries';
import type { NewsPageSearch, NewsTab } from './news-search';
import { viewOf } from './news-search';

const tabClass =
  'cursor-pointer border-b-4 border-transparent px-2 py-3 text-center text-xl max-sm:flex-1 sm:px-8 outline-none data-[selected]:border-temple data-[selected]:text-temple data-[hovered]:text-temple data-[focus-visible]:ring-4 data-[focus-visible]:ring-gold/60';

interface NewsPageProps {
  search: NewsPageSearch;
  /** Changes the URL's search (the tab, a tab's page or size). */
  onSearch: (patch: Partial<NewsPageSearch>) => void;
}

/**
 * 寺院动态 (001 section 2, 002 section 2): a banner, then two tabs, 信息资讯 and 法会安排, each paged
 * on its own (8/10/15/20, default 10); where the believer is lives in the URL, so 返回 and a shared
 * link come back to the same page.
 */
export function NewsPage({ search, onSearch }: NewsPageProps) {
  const newsView = viewOf(search.newsPage, search.newsSize);
  const hoeView = viewOf(search.hoePage, search.hoeSize);
  return (
    <div className="mx-auto flex max-w-page flex-col gap-8 px-6 pb-10">
      <header className="rounded-lg bg-temple px-8 py-10 text-white shadow-sm">
        <h1 className="font-serif text-4xl tracking-widest">寺院动态</h1>
        <p className="mt-3 text-lg text-gold-light">寺院新闻、公告与法会安排，随时了解道场近况。</p>
      </header>
      <Tabs
        selectedKey={search.tab}
        onSelectionChange={(key: Key) => onSearch({ tab: key as NewsTab })}
        className="rounded-lg border border-gold/30 bg-white px-4 sm:px-6"
      >
        <TabList aria-label="寺院动态" className="flex border-b border-gold/30">
          <Tab id="news" className={tabClass}>
            信息资讯
          </Tab>
          <Tab id="hoe" className={tabClass}>
            法会安排
          </Tab>
        </TabList>
        <TabPanel id="news" className="py-6 outline-none">
          <NewsTabPanel
            view={newsView}
            onView={({ page, size }) => onSearch({ newsPage: page, newsSize: Number(size) })}
          />
        </TabPanel>
        <TabPanel id="hoe" className="py-6 outline-none">
          <HoeTabPanel
            view={hoeView}
            onView={({ page, size }) => onSearch({ hoePage: page, hoeSize: Number(size) })}
          />
        </TabPanel>
      </Tabs>
    </div>
  );
}

interface PanelProps {
  view: NewsView;
  onView: (view: NewsView) => void;
}

function NewsTabPanel({ view, onView }: PanelProps) {
  const news = useQuery(newsPageQuery(view));
  return (
    <PagedList
      query={news}
      view={view}
      sizes={NEWS_PAGE_SIZES}
      onView={onView}
      failure={NEWS_MESSAGES.listFailed}
      label="信息资讯分页"
    >
      {(items) => (
        <ul aria-label="信息资讯" className="flex flex-col gap-4">
          {items.map((item, index) => (
            <li key={item.id}>
              <NewsLine item={item} highlighted={index === 0} />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function HoeTabPanel({ view, onView }: PanelProps) {
  const schedule = useQuery(hoePageQuery(view));
  return (
    <PagedList
      query={schedule}
      view={view}
      sizes={NEWS_PAGE_SIZES}
      onView={onView}
      failure={NEWS_MESSAGES.hoeFailed}
      label="法会安排分页"
    >
      {(items) => (
        <ul aria-label="法会安排" className="flex flex-col gap-4">
          {items.map((item, index) => (
            <li key={item.id}>
              <HoeLine item={item} highlighted={index === 0} />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
