import { articleUploads } from '@contract/article-policy';
import { PAGE_SIZE } from '@contract/console';
import { NEWS_MENU } from '@contract/news';
import {
  articleHasBody,
  type CarouselOrder,
  NEWS_EDIT_MESSAGES as M,
  NEWS_EDIT_MENUS,
  type NewsArticle,
  type NewsEditable,
  type NewsRow,
  type NewsSearch,
  type NewsState,
  publishInstant,
} from '@contract/news-editing';
import { templeDateTime } from '@contract/temple-day';
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { likeLiteral } from '../../db/like';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { guardContentImage } from '../content-images';
import { isDue } from '../news';
import { sanitiseArticle } from './article-sanitiser';
import type { StaffActor } from './audit';
import { createVersionedDesk } from './versioned-desk';

type NewsItem = Selectable<Database['news']>;
type NewsRecord = NewsItem & { updated_by_name: string | null };
type NewsEb = ExpressionBuilder<Database, 'news'>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Where an item stands at `now`: a draft (status 0), scheduled (due later) or published. */
const stateOf = (row: Pick<NewsRecord, 'status' | 'publish_at'>, now: Date): NewsState => {
  if (row.status !== 1) return 'draft';
  return row.publish_at !== null && new Date(row.publish_at) > now ? 'scheduled' : 'published';
};

const stateFilter = (state: NewsState, now: Date) => (eb: NewsEb) => {
  if (state === 'draft') return eb('status', '<>', 1);
  if (state === 'scheduled') return eb.and([eb('status', '=', 1), eb('publish_at', '>', now)]);
  return eb.and([eb('status', '=', 1), isDue(now)(eb)]);
};

const toRow = (row: NewsRecord, now: Date): NewsRow => ({
  id: row.id,
  menu: row.menu_id,
  title: row.title,
  image: row.image_url,
  link: row.link ?? '',
  newDate: row.new_date,
  state: stateOf(row, now),
  publishAt: row.status === 1 ? iso(row.publish_at) : null,
  carouselPosition: row.carousel_position,
  updatedAt: iso(row.updated_at),
  updatedBy: row.updated_by_name,
});

/** What the form edits of a stored item: its fields, and how it is published as a choice of the form. */
const articleOf = (row: NewsItem, now: Date): NewsEditable['article'] => {
  const state = stateOf(row, now);
  return {
    menu: row.menu_id,
    title: row.title,
    subTitle: row.sub_title,
    businessMode: row.business_mode,
    image: row.image_url,
    content: row.content,
    link: row.link ?? '',
    newDate: row.new_date,
    publish: state === 'draft' ? 'draft' : state === 'scheduled' ? 'scheduled' : 'now',
    publishAt:
      state === 'scheduled' && row.publish_at ? templeDateTime(new Date(row.publish_at)).slice(0, 16) : '',
  };
};

const editableOf = (row: NewsRecord, now: Date): NewsEditable => ({
  id: row.id,
  article: articleOf(row, now),
  state: stateOf(row, now),
  version: row.version,
  updatedAt: iso(row.updated_at),
  updatedBy: row.updated_by_name,
});

/** The fields a save changed, as the audit log shows them before and after. */
const changedFields = (before: NewsEditable['article'], after: NewsEditable['article']) => {
  const keys = (Object.keys(after) as (keyof NewsEditable['article'])[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
};

/**
 * News as 内容 staff edit it in the console: the articles of the home carousel and the news page,
 * listed with where they stand (published, scheduled, draft), read and saved against their
 * version (a versioned desk, versioned-desk.ts: a save read at an older version answers 409 and
 * changes nothing), the HTML sanitised
 * with the site's own policy before it is stored, every picture checked to be an upload of ours
 * or the drawn art, the home carousel's order saved against the order read. Every write is
 * audited with the fields before and after; news is part of the catalogue, so the site shows a
 * save at once (a scheduled item at its time: answer horizons, services/news.ts).
 */
export const createNewsDesk = ({ db, clock }: { db: Db; clock: Clock }) => {
  const desk = createVersionedDesk({ db, clock });
  const item = desk.item({
    table: 'news',
    naming: (id: number) => ({ id, menu_id: NEWS_EDIT_MENUS }),
    notFound: M.notFound,
    subject: (id) => `news:${id}`,
  });

  const records = (trx: Db) =>
    trx
      .selectFrom('news')
      .leftJoin('staff_accounts', 'staff_accounts.id', 'news.updated_by')
      .selectAll('news')
      .select('staff_accounts.display_name as updated_by_name');

  const readRecord = async (trx: Db, id: number): Promise<NewsRecord> => {
    const row = await records(trx)
      .where('news.id', '=', id)
      .where('news.menu_id', 'in', [...NEWS_EDIT_MENUS])
      .executeTakeFirst();
    if (!row) throw notFound(M.notFound);
    return row;
  };

  /**
   * The article's HTML sanitised and its pictures checked: done before the transaction (the
   * checks read through `db`, which a transaction on PGlite's one connection would wait for).
   */
  const prepare = async (article: NewsArticle) => {
    const content = await sanitiseArticle(article.content);
    if (article.link === '' && !articleHasBody(content)) throw badRequest(M.contentEmpty);
    for (const image of [article.image, ...articleUploads(content)]) await guardContentImage(db, image);
    if (article.publish === 'scheduled') {
      const at = publishInstant(article.publishAt);
      if (!at) throw badRequest(M.publishAtInvalid);
      if (at <= clock.now()) throw badRequest(M.publishAtPast);
    }
    return content;
  };

  /** The columns an article is stored in, given the item as it stands (`before`, none when new). */
  const columnsOf = (article: NewsArticle, content: string, before: NewsItem | null, now: Date) => {
    let publishAt: Date | null = null;
    if (article.publish === 'scheduled') publishAt = publishInstant(article.publishAt);
    else if (article.publish === 'now') {
      // Published and due already: it keeps its instant; otherwise it is published now.
      publishAt = before && stateOf(before, now) === 'published' ? before.publish_at : now;
    }
    const onCarousel = article.menu === NEWS_MENU.home && article.publish !== 'draft';
    return {
      menu_id: article.menu,
      title: article.title,
      sub_title: article.subTitle,
      business_mode: article.businessMode,
      image_url: article.image,
      content,
      link: article.link === '' ? null : article.link,
      new_date: article.newDate,
      status: article.publish === 'draft' ? 0 : 1,
      publish_at: publishAt,
      carousel_position:
        onCarousel && before?.menu_id === NEWS_MENU.home ? (before.carousel_position ?? null) : null,
    };
  };

  /** The home carousel as the site orders it (items not yet ordered first, newest first), scheduled ones too. */
  const carouselRows = (trx: Db) =>
    records(trx)
      .where('news.menu_id', '=', NEWS_MENU.home)
      .where('news.status', '=', 1)
      .orderBy(sql`news.carousel_position asc nulls first`)
      .orderBy('news.new_date', 'desc')
      .orderBy('news.id', 'desc')
      .execute();

  return {
    async list(search: NewsSearch) {
      const now = clock.now();
      const words = likeLiteral(search.q);
      const query = db
        .selectFrom('news')
        .where('menu_id', 'in', search.menu === '' ? [...NEWS_EDIT_MENUS] : [Number(search.menu)])
        .$if(search.state !== '', (q) => q.where(stateFilter(search.state as NewsState, now)))
        .$if(words !== '', (q) => q.where('title', 'ilike', `%${words}%`));
      const [count, rows] = await Promise.all([
        query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        records(db)
          .where('news.id', 'in', query.select('id').orderBy('new_date', 'desc').orderBy('id', 'desc'))
          .orderBy('news.new_date', 'desc')
          .orderBy('news.id', 'desc')
          .limit(PAGE_SIZE)
          .offset((search.page - 1) * PAGE_SIZE)
          .execute(),
      ]);
      return {
        rows: rows.map((row) => toRow(row, now)),
        total: Number(count.n),
        page: search.page,
        pageSize: PAGE_SIZE,
      };
    },

    async read(id: number): Promise<NewsEditable> {
      return editableOf(await readRecord(db, id), clock.now());
    },

    async create(article: NewsArticle, actor: StaffActor): Promise<NewsEditable> {
      const content = await prepare(article);
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('news')
          .values({
            ...columnsOf(article, content, null, now),
            video_url: null,
            fh_name: null,
            updated_by: actor.id,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const saved = editableOf(await readRecord(trx, id), now);
        await item.record(trx, actor, id, 'news.created', { after: saved.article });
        return saved;
      });
    },

    async update(
      id: number,
      article: NewsArticle,
      version: number,
      actor: StaffActor,
    ): Promise<NewsEditable> {
      // A save read at an older version is refused before its HTML is sanitised, and again under the lock.
      await item.readAt(db, id, version);
      const content = await prepare(article);
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const before = await item.lockAt(trx, id, version);
        await item.save(trx, id, version, {
          ...columnsOf(article, content, before, now),
          updated_by: actor.id,
          updated_at: now,
        });
        const saved = editableOf(await readRecord(trx, id), now);
        await item.record(
          trx,
          actor,
          id,
          'news.updated',
          changedFields(articleOf(before, now), saved.article),
        );
        return saved;
      });
    },

    async carousel(): Promise<NewsRow[]> {
      const now = clock.now();
      return (await carouselRows(db)).map((row) => toRow(row, now));
    },

    async saveCarousel({ from, to }: CarouselOrder, actor: StaffActor): Promise<NewsRow[]> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('news-carousel'))`.execute(trx);
        await desk.reorder(trx, actor, {
          rows: await carouselRows(trx),
          from,
          to,
          changed: M.carouselChanged,
          invalid: M.carouselInvalid,
          place: (id, position) =>
            trx.updateTable('news').set({ carousel_position: position }).where('id', '=', id).execute(),
          name: (row) => row.title,
          action: 'news.carouselOrdered',
          subject: 'news:carousel',
        });
        return (await carouselRows(trx)).map((row) => toRow(row, now));
      });
    },
  };
};

export type NewsDesk = ReturnType<typeof createNewsDesk>;
