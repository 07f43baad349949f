import { configureArticlePurifier } from '@contract/article-policy';
import { consoleApi } from '@contract/console';
import { fieldMessages } from '@contract/envelope';
import { NEWS_MENU } from '@contract/news';
import {
  NEWS_EDIT_MESSAGES,
  type NewsArticle,
  type NewsArticleInput,
  type NewsEditable,
  type NewsSearch,
  newsArticleSchema,
  publishInstant,
} from '@contract/news-editing';
import { templeToday } from '@contract/temple-day';
import { queryOptions } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import * as v from 'valibot';
import { consoleCall } from '../../api/console-client';

/** The list's filters as the page holds them (the query string of GET /admin/api/news). */
export type NewsFilters = Pick<NewsSearch, 'menu' | 'state' | 'q'> & { page: number };
export const NO_FILTERS: NewsFilters = { menu: '', state: '', q: '', page: 1 };

export const newsListQuery = (filters: NewsFilters) =>
  queryOptions({
    queryKey: ['console', 'news', 'list', filters],
    queryFn: () => consoleCall(consoleApi.newsList, { query: { ...filters }, quiet: true }),
  });

export const newsItemQuery = (id: number) =>
  queryOptions({
    queryKey: ['console', 'news', 'item', id],
    queryFn: () => consoleCall(consoleApi.newsItem, { params: { id }, quiet: true }),
  });

export const carouselQuery = queryOptions({
  queryKey: ['console', 'news', 'carousel'],
  queryFn: () => consoleCall(consoleApi.newsCarousel, { quiet: true }),
});

export const NEWS_SAVED = '文章已保存，网站即刻生效';
export const CAROUSEL_SAVED = '首页轮播顺序已保存';

/** The form's values: what it sends (every field as text or a choice). */
export type NewsValues = NewsArticleInput;

/** A new article's values: the news page, today's date, published at once. */
export const newArticle = (now = new Date()): NewsValues => ({
  menu: NEWS_MENU.news,
  title: '',
  subTitle: '',
  businessMode: 'trend',
  image: '',
  content: '',
  link: '',
  newDate: templeToday(now),
  publish: 'now',
  publishAt: '',
});

/** The form's values of an article read from the server. */
export const valuesOf = (item: NewsEditable): NewsValues => ({
  ...item.article,
  menu: item.article.menu as NewsValues['menu'],
  businessMode: item.article.businessMode as NewsValues['businessMode'],
});

/** The form's fields in the order of the page, for focusing the first one with a message. */
export const NEWS_FIELDS = [
  'menu',
  'title',
  'subTitle',
  'image',
  'newDate',
  'link',
  'content',
  'businessMode',
  'publish',
  'publishAt',
] as const;

const M = NEWS_EDIT_MESSAGES;
const FIELD_OF_MESSAGE: Record<string, string> = {
  [M.titleEmpty]: 'title',
  [M.titleTooLong]: 'title',
  [M.subTitleTooLong]: 'subTitle',
  [M.menuInvalid]: 'menu',
  [M.businessModeInvalid]: 'businessMode',
  [M.imageEmpty]: 'image',
  [M.imageInvalid]: 'image',
  [M.contentEmpty]: 'content',
  [M.contentTooLong]: 'content',
  [M.linkInvalid]: 'link',
  [M.dateInvalid]: 'newDate',
  [M.publishInvalid]: 'publish',
  [M.publishAtInvalid]: 'publishAt',
  [M.publishAtPast]: 'publishAt',
};

/** Which field a refusal of the server belongs beside, if any (otherwise it is a notice above 保存). */
export const refusalField = (message: string): string | null => FIELD_OF_MESSAGE[message] ?? null;

/**
 * The contract's judgement of the form, with the one rule the browser can judge by its own clock
 * (a schedule in the past); with no message, the article to send (trimmed, as the server stores it).
 */
export const judgeArticle = (
  values: NewsValues,
  now = new Date(),
): { errors: Record<string, string>; article: NewsArticle | null } => {
  const errors = fieldMessages(newsArticleSchema, values);
  const result = v.safeParse(newsArticleSchema, values);
  if (result.success && result.output.publish === 'scheduled') {
    const at = publishInstant(result.output.publishAt);
    if (at && at <= now) errors.publishAt = M.publishAtPast;
  }
  return { errors, article: result.success && !errors.publishAt ? result.output : null };
};

/** The article policy over this window: what the site will show of the HTML (the preview). */
export const sanitizePreview = configureArticlePurifier(DOMPurify());
