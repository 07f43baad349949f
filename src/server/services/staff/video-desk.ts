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
import { badRequest } from '../../errors';
import { guardContentImage } from '../content-images';
import type { VideoFileStore } from '../video-files';
import type { StaffActor } from './audit';
import { createVersionedDesk } from './versioned-desk';

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
 * 视频管理 (内容 staff): the gallery's videos, news rows of menu 6, a versioned desk
 * (versioned-desk.ts). A new video is a draft (status 0) until published; a save or 发布/撤下 locks
 * the row, checks the version read, writes and audits before and after. A film, captions or poster
 * named by a save must be an upload of ours (or the seed's shipped film and captions).
 */
export const createVideoDesk = ({ db, clock, files }: { db: Db; clock: Clock; files: VideoFileStore }) => {
  const desk = createVersionedDesk({ db, clock });
  const item = desk.item({
    table: 'news',
    naming: (id: number) => ({ id, menu_id: NEWS_MENU.videos }),
    notFound: M.notFound,
    subject: (id) => `video:${id}`,
    publishing: {
      noun: 'video',
      // 发布 (status 1, shown at once) or 撤下 (status 0: off the gallery and the detail).
      set: (published, actor, at) => ({
        status: published ? 1 : 0,
        publish_at: null,
        updated_by: actor.id,
        updated_at: at,
      }),
      isPublished: (row) => row.status === 1,
    },
  });

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

    read: async (id: number): Promise<VideoAnswer> => answerOf(await item.read(db, id)),

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
        await item.record(trx, actor, row.id, 'video.created', { after: video });
        return answerOf(row);
      });
    },

    async save(id: number, video: VideoDraft, version: number, actor: StaffActor): Promise<VideoAnswer> {
      await guard(video);
      return db.transaction().execute(async (trx) => {
        const before = await item.lockAt(trx, id, version);
        const row = await item.save(trx, id, version, {
          ...columnsOf(video),
          updated_by: actor.id,
          updated_at: clock.now(),
        });
        await item.record(trx, actor, id, 'video.updated', { before: draftOf(before), after: video });
        return answerOf(row);
      });
    },

    publish: (id: number, published: boolean, version: number, actor: StaffActor): Promise<VideoAnswer> =>
      item.publish(id, published, version, actor, async (trx) => answerOf(await item.read(trx, id))),
  };
};
