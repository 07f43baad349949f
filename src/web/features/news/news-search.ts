import { DEFAULT_NEWS_PAGE_SIZE, NEWS_PAGE_SIZES, type NewsPageSize } from '@contract/address-keys';
import * as v from 'valibot';
import { pageSearchParam } from '../../shared/page-search';
import type { NewsView } from './news-queries';

export const NEWS_TABS = ['news', 'hoe'] as const;
export type NewsTab = (typeof NEWS_TABS)[number];

const sizeNumbers = NEWS_PAGE_SIZES.map(Number);
const defaultSize = Number(DEFAULT_NEWS_PAGE_SIZE);
const size = v.fallback(v.optional(v.picklist(sizeNumbers), defaultSize), defaultSize);

/**
 * The news page's place in the URL (`?tab=news&newsPage=0&newsSize=10&hoePage=0&hoeSize=10`):
 * the open tab and each tab's own zero-based page and size. Anything unreadable (an old or
 * edited link) falls back to the first page of 10.
 */
export const newsPageSearch = v.object({
  tab: v.fallback(v.optional(v.picklist(NEWS_TABS), 'news'), 'news'),
  newsPage: pageSearchParam,
  newsSize: size,
  hoePage: pageSearchParam,
  hoeSize: size,
});
export type NewsPageSearch = v.InferOutput<typeof newsPageSearch>;

/** A tab's page as the queries take it. */
export const viewOf = (pageNumber: number, sizeNumber: number): NewsView => ({
  page: pageNumber,
  size: String(sizeNumber) as NewsPageSize,
});
