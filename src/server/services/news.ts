import {
  type HoeListRequest,
  type HoeScheduleItem,
  NEWS_MESSAGES,
  type NewsItem,
  type NewsListRequest,
  type Page,
  pageWindow,
} from '@contract/news';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { notFound } from '../errors';

type NewsRow = Selectable<Database['news']>;

/** A stored article in the main server's wire shape (001 section 3). */
const toWire = (row: NewsRow): NewsItem => ({
  id: row.id,
  newsMenuId: row.menu_id,
  title: row.title,
  subTitle: row.sub_title,
  imageUrl: row.image_url,
  content: row.content,
  link: row.link,
  videoUrl: row.video_url,
  fhName: row.fh_name,
  businessMode: row.business_mode,
  newDate: row.new_date,
});

/** The news lists, the article detail and the ceremony schedule (法会安排); published items only. */
export const createNewsService = (db: Db) => ({
  /** Newest first (ties: the later id first); unpaged without page and size (see `pageWindow`). */
  async list(request: NewsListRequest): Promise<Page<NewsItem>> {
    const query = db
      .selectFrom('news')
      .where('status', '=', request.status)
      .$if(request.newsMenuId !== undefined, (q) => q.where('menu_id', '=', request.newsMenuId ?? 0))
      .$if(request.businessMode !== undefined, (q) =>
        q.where('business_mode', '=', request.businessMode ?? ''),
      )
      .$if(request.id !== undefined, (q) => q.where('id', '=', request.id ?? 0));
    const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
    const { offset, limit } = pageWindow(request);
    const rows = await query
      .selectAll()
      .orderBy('new_date', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { content: rows.map(toWire), totalElements: total };
  },

  async detail(id: number): Promise<NewsItem> {
    const row = await db
      .selectFrom('news')
      .selectAll()
      .where('id', '=', id)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (!row) throw notFound(NEWS_MESSAGES.notFound);
    return toWire(row);
  },

  /** The assemblies in date order: what the temple holds next comes first. */
  async hoeList(request: HoeListRequest): Promise<Page<HoeScheduleItem>> {
    const { total } = await db
      .selectFrom('assemblies')
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow();
    const { offset, limit } = pageWindow(request);
    const rows = await db
      .selectFrom('assemblies')
      .select(['id', 'name', 'year', 'lunar_time', 'start_date', 'end_date', 'image'])
      .orderBy('start_date')
      .orderBy('sort')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute();
    return {
      content: rows.map((row) => ({
        id: row.id,
        title: row.name,
        subTitle: row.lunar_time,
        image: row.image,
        newDate: row.start_date,
        startDate: row.start_date,
        endDate: row.end_date,
        year: row.year,
      })),
      totalElements: total,
    };
  },
});

export type NewsService = ReturnType<typeof createNewsService>;
