import {
  type HoeListRequest,
  type HoeScheduleItem,
  NEWS_MENU,
  NEWS_MESSAGES,
  type NewsItem,
  type NewsListRequest,
  type Page,
  pageWindow,
} from '@contract/news';
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { notFound } from '../errors';
import type { Horizon } from './answer-horizon';

type NewsRow = Selectable<Database['news']>;

/** Published items show from `publish_at` on (NULL: at once); a later one is scheduled (migration 0017). */
export const isDue =
  (now: Date) =>
  ({ eb, or }: ExpressionBuilder<Database, 'news'>) =>
    or([eb('publish_at', 'is', null), eb('publish_at', '<=', now)]);

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
  captionsUrl: row.captions_url,
  fhName: row.fh_name,
  businessMode: row.business_mode,
  newDate: row.new_date,
});

/** The news lists, the article detail and the ceremony schedule (法会安排); published items only. */
export const createNewsService = (db: Db) => ({
  /**
   * Newest first (ties: the later id first); the home menu in the carousel's order first (items
   * not yet ordered lead, newest first). Only what is published and due at `at.now`: a scheduled
   * item of the query notes its instant on the horizon, so a cached answer ends when it is due.
   * Unpaged without page and size (see `pageWindow`).
   */
  async list(request: NewsListRequest, at: Horizon): Promise<Page<NewsItem>> {
    const query = db
      .selectFrom('news')
      .where('status', '=', request.status)
      .$if(request.newsMenuId !== undefined, (q) => q.where('menu_id', '=', request.newsMenuId ?? 0))
      .$if(request.businessMode !== undefined, (q) =>
        q.where('business_mode', '=', request.businessMode ?? ''),
      )
      .$if(request.id !== undefined, (q) => q.where('id', '=', request.id ?? 0));
    const due = query.where(isDue(at.now));
    const [{ total }, next] = await Promise.all([
      due.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      query
        .where('publish_at', '>', at.now)
        .select((eb) => eb.fn.min('publish_at').as('next'))
        .executeTakeFirst(),
    ]);
    if (next?.next) at.changesAt(new Date(next.next));
    const { offset, limit } = pageWindow(request);
    const rows = await due
      .selectAll()
      .$if(request.newsMenuId === NEWS_MENU.home, (q) => q.orderBy(sql`carousel_position asc nulls first`))
      .orderBy('new_date', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { content: rows.map(toWire), totalElements: total };
  },

  /** A published article that is due at `now` (a scheduled one is not found until then). */
  async detail(id: number, now: Date): Promise<NewsItem> {
    const row = await db
      .selectFrom('news')
      .selectAll()
      .where('id', '=', id)
      .where('status', '=', 1)
      .where(isDue(now))
      .executeTakeFirst();
    if (!row) throw notFound(NEWS_MESSAGES.notFound);
    return toWire(row);
  },

  /** The assemblies in date order: what the temple holds next comes first. */
  async hoeList(request: HoeListRequest): Promise<Page<HoeScheduleItem>> {
    const { total } = await db
      .selectFrom('assemblies')
      .where('published', '=', true)
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow();
    const { offset, limit } = pageWindow(request);
    const rows = await db
      .selectFrom('assemblies')
      .select(['id', 'name', 'year', 'lunar_time', 'start_date', 'end_date', 'image'])
      .where('published', '=', true)
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
