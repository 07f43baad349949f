import * as v from 'valibot';
import {
  DEFAULT_NEWS_PAGE_SIZE,
  DEFAULT_VIDEO_PAGE_SIZE,
  NEWS_PAGE_SIZES,
  type NewsPageSize,
  VIDEO_PAGE_SIZES,
  type VideoPageSize,
} from './address-keys';
import { endpoint, mainEnvelope } from './envelope';
import { wholeNumberParam } from './wire';

/**
 * Temple news (寺院动态, spec 001 sections 2, 3, 7, 9; 002 sections 2, 3, 7): the home carousel
 * (menu 1), the news page (menu 2) with its 法会安排 tab, the video gallery (menu 6) and the
 * article detail. Only published items (status 1) are ever answered.
 */

/** News menus (001 section 9): 1 the home carousel, 2 the news page, 6 the video gallery. */
export const NEWS_MENU = { home: 1, news: 2, videos: 6 } as const;
/** Business modes (001 section 9). */
export const BUSINESS_MODES = ['banner', 'search', 'follow', 'trend'] as const;

export {
  DEFAULT_NEWS_PAGE_SIZE,
  DEFAULT_VIDEO_PAGE_SIZE,
  NEWS_PAGE_SIZES,
  type NewsPageSize,
  VIDEO_PAGE_SIZES,
  type VideoPageSize,
};
/** Every size the list calls accept. */
export const LIST_PAGE_SIZES = ['6', '8', '10', '15', '20'] as const;
/**
 * The home call sends no page and no size (001 section 7): it is answered the whole menu,
 * newest first, at most this many items, in the same `{ content, totalElements }` shape
 * (totalElements counts every published item of the query).
 */
export const NEWS_UNPAGED_MAX = 50;
/** A page sent without a size is a page of 10; a size sent without a page is page 0. */
export const NEWS_DEFAULT_SIZE = 10;

export const NEWS_MESSAGES = {
  query: '查询条件不正确',
  notFound: '该文章不存在或已下线',
  listFailed: '资讯加载失败，请稍后再试',
  hoeFailed: '法会安排加载失败，请稍后再试',
  detailFailed: '文章加载失败，请稍后再试',
  empty: '暂无数据',
} as const;

const ANSWER = '资讯的数据有误';
const text = v.string(ANSWER);

/** A news item (001 section 3, 002 section 3); `newDate` is YYYY-MM-DD, `content` HTML to sanitise. */
export const newsItem = v.object(
  {
    id: v.number(ANSWER),
    newsMenuId: v.number(ANSWER),
    title: text,
    subTitle: text,
    imageUrl: text,
    content: text,
    /** An external address: the list opens it in a new tab instead of the detail. */
    link: v.nullable(text),
    videoUrl: v.nullable(text),
    /** A video's captions (WebVTT), uploaded in the console; absent or null: those shipped beside the film, if any; '': none. */
    captionsUrl: v.optional(v.nullable(text)),
    fhName: v.nullable(text),
    businessMode: text,
    newDate: text,
  },
  ANSWER,
);
export type NewsItem = v.InferOutput<typeof newsItem>;

/**
 * A line of the ceremony schedule (法会安排, 001 section 3: title, subTitle, image), built from
 * the assemblies: title the assembly, subTitle its lunar days, `newDate` its first day;
 * `year` and `title` open its registration (/homeDetail?year=&name=).
 */
export const hoeScheduleItem = v.object(
  {
    id: v.number(ANSWER),
    title: text,
    subTitle: text,
    image: text,
    newDate: text,
    startDate: text,
    endDate: text,
    year: v.number(ANSWER),
  },
  ANSWER,
);
export type HoeScheduleItem = v.InferOutput<typeof hoeScheduleItem>;

const page = <T extends v.GenericSchema>(item: T) =>
  v.object({ content: v.array(item, ANSWER), totalElements: v.number(ANSWER) }, ANSWER);
export interface Page<T> {
  content: T[];
  totalElements: number;
}

const q = NEWS_MESSAGES.query;
const pageParam = v.optional(wholeNumberParam(q));
const sizeParam = v.optional(v.pipe(v.picklist(LIST_PAGE_SIZES, q), v.transform(Number)));
const statusParam = v.pipe(v.optional(v.picklist(['1'], q), '1'), v.transform(Number));

/** The list (001 section 7): zero-based page and size, menu, business mode, status 1; `id` picks one (002 section 7). */
export const newsListRequest = v.object(
  {
    newsMenuId: v.optional(wholeNumberParam(q)),
    businessMode: v.optional(v.picklist(BUSINESS_MODES, q)),
    status: statusParam,
    page: pageParam,
    size: sizeParam,
    id: v.optional(wholeNumberParam(q)),
  },
  q,
);
export type NewsListRequest = v.InferOutput<typeof newsListRequest>;

/** The ceremony schedule (001 section 7): paged like the news, status 1. */
export const hoeListRequest = v.object({ status: statusParam, page: pageParam, size: sizeParam }, q);
export type HoeListRequest = v.InferOutput<typeof hoeListRequest>;

/** Where a request's page starts and how long it is; `null` size: the unpaged home call. */
export const pageWindow = (request: { page?: number | undefined; size?: number | undefined }) =>
  request.page === undefined && request.size === undefined
    ? { offset: 0, limit: NEWS_UNPAGED_MAX }
    : {
        offset: (request.page ?? 0) * (request.size ?? NEWS_DEFAULT_SIZE),
        limit: request.size ?? NEWS_DEFAULT_SIZE,
      };

export const newsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/yxs-app/news',
    request: newsListRequest,
    response: mainEnvelope(page(newsItem)),
  }),
  /** GET /api/yxs-app/news/{id}: `newsDetailEndpoint(id)` names the article. */
  detail: endpoint({
    method: 'GET',
    path: '/api/yxs-app/news/:id',
    request: null,
    response: mainEnvelope(newsItem),
  }),
  hoeList: endpoint({
    method: 'GET',
    path: '/api/yxs-app/fh/queryHoeList',
    request: hoeListRequest,
    response: mainEnvelope(page(hoeScheduleItem)),
  }),
};

/** The detail call of one article. */
export const newsDetailEndpoint = (id: number) =>
  endpoint({ ...newsApi.detail, path: `/api/yxs-app/news/${id}` });

/** The path parameter of the detail. */
export const newsIdParam = wholeNumberParam(NEWS_MESSAGES.notFound);

/** The date of a list line (001 section 2): a big day and the year-month under it; '' parts when unreadable. */
export const newsDate = (newDate: string): { day: string; yearMonth: string } => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(newDate);
  if (!match) return { day: '', yearMonth: '' };
  return { day: match[3] ?? '', yearMonth: `${match[1]}-${match[2]}` };
};

/** An item's external address, if it has one the browser may open (http or https only). */
export const externalLink = (link: string | null): string | null => {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};
