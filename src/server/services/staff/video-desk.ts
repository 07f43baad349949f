import { NEWS_MENU } from '@contract/news';
import {
  VIDEO_CATALOGUE_MESSAGES as M,
  shippedCaptionsOf,
  VIDEO_UPLOAD_PREFIX,
  type VideoAnswer,
  type VideoDraft,
  type VideoRow,
} from '@contract/video-catalogue';
import type { Selectable } from 'kysely';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { guardContentImage } from '../content-images';
import type { VideoFileStore } from '../video-files';
import { audit, type StaffActor } from './audit';

type NewsRow = Selectable<Database['news']>;

const draftOf = (row: NewsRow): VideoDraft => ({
  title: row.title,
  description: row.sub_title,
  newDate: row.new_date,
  poster: row.image_url,
  film: row.video_url ?? '',
  captions: row.captions_url ?? shippedCaptionsOf(row.video_url ?? ''),
});

const answerOf = (row: NewsRow): VideoAnswer => ({
  id: row.id,
  version: row.version,
  published: row.status === 1,
  video: draftOf(row),
});

/** The columns of a news row a video's draft sets. */
const columnsOf = (video: VideoDraft) => ({
  title: video.title,
  sub_title: video.description,
  new_date: video.newDate,
  image_url: video.poster,
  video_url: video.film,
  /** '' is kept: no captions, even for a seed film that has its own beside it (NULL would show those). */
  captions_url: video.captions,
});

/**
 * 视频管理 (内容 staff): the gallery's videos, news rows of menu 6. A new video is a draft (status 0)
 * until published; a save or 发布/撤下 is one transaction that locks the row, checks the version
 * read (409 `stale`), writes with the version moved and audits before and after. The news table's
 * trigger moves the catalogue's version, so the site shows a change at once. A film, captions or
 * poster named by a save must be an upload of ours (or the seed's shipped film and captions).
 */
export const createVideoDesk = ({ db, clock, files }: { db: Db; clock: Clock; files: VideoFileStore }) => {
  const guardMedia = async (url: string, kind: 'film' | 'captions') => {
    if (url === '' && kind === 'captions') return;
    // Shipped files are named by the contract's pattern and exist with the server.
    if (!url.startsWith(VIDEO_UPLOAD_PREFIX)) return;
    if (!(await files.exists(url.slice(VIDEO_UPLOAD_PREFIX.length), kind)))
      throw badRequest(kind === 'film' ? M.filmInvalid : M.captionsInvalid);
  };
  const guard = async (video: VideoDraft) => {
    await guardContentImage(db, video.poster);
    await guardMedia(video.film, 'film');
    await guardMedia(video.captions, 'captions');
  };

  const lockAt = async (trx: Db, id: number, version: number) => {
    const row = await trx
      .selectFrom('news')
      .selectAll()
      .where('id', '=', id)
      .where('menu_id', '=', NEWS_MENU.videos)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(M.notFound);
    if (row.version !== version) throw conflict(M.stale);
    return row;
  };

  return {
    /** Every video, drafts too, the newest date first. */
    async list(): Promise<VideoRow[]> {
      const rows = await db
        .selectFrom('news')
        .selectAll()
        .where('menu_id', '=', NEWS_MENU.videos)
        .orderBy('new_date', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => {
        const draft = draftOf(row);
        return {
          id: row.id,
          title: row.title,
          newDate: row.new_date,
          poster: row.image_url,
          captions: draft.captions !== '',
          published: row.status === 1,
        };
      });
    },

    async read(id: number): Promise<VideoAnswer> {
      const row = await db
        .selectFrom('news')
        .selectAll()
        .where('id', '=', id)
        .where('menu_id', '=', NEWS_MENU.videos)
        .executeTakeFirst();
      if (!row) throw notFound(M.notFound);
      return answerOf(row);
    },

    /** A new video, a draft until published. */
    async create(video: VideoDraft, actor: StaffActor): Promise<VideoAnswer> {
      await guard(video);
      return db.transaction().execute(async (trx) => {
        const now = clock.now();
        const row = await trx
          .insertInto('news')
          .values({
            ...columnsOf(video),
            menu_id: NEWS_MENU.videos,
            content: '',
            link: null,
            fh_name: null,
            business_mode: 'trend',
            status: 0,
            updated_by: actor.id,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, actor, 'video.created', `video:${row.id}`, { after: video }, now);
        return answerOf(row);
      });
    },

    async save(id: number, video: VideoDraft, version: number, actor: StaffActor): Promise<VideoAnswer> {
      await guard(video);
      return db.transaction().execute(async (trx) => {
        const before = await lockAt(trx, id, version);
        const now = clock.now();
        const row = await trx
          .updateTable('news')
          .set({ ...columnsOf(video), version: version + 1, updated_by: actor.id, updated_at: now })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(
          trx,
          actor,
          'video.updated',
          `video:${id}`,
          { before: draftOf(before), after: video },
          now,
        );
        return answerOf(row);
      });
    },

    /** 发布 (status 1, shown at once) or 撤下 (status 0: off the gallery and the detail). */
    async publish(id: number, published: boolean, version: number, actor: StaffActor): Promise<VideoAnswer> {
      return db.transaction().execute(async (trx) => {
        const before = await lockAt(trx, id, version);
        const now = clock.now();
        const row = await trx
          .updateTable('news')
          .set({
            status: published ? 1 : 0,
            publish_at: null,
            // The version is the content's: 发布/撤下 checks it but does not move it (the form saves on).
            updated_by: actor.id,
            updated_at: now,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(
          trx,
          actor,
          published ? 'video.published' : 'video.unpublished',
          `video:${id}`,
          { before: { published: before.status === 1 }, after: { published } },
          now,
        );
        return answerOf(row);
      });
    },
  };
};
