import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  VIDEO_CATALOGUE_MESSAGES as M,
  VIDEO_UPLOAD_PREFIX,
  VIDEO_UPLOAD_RULES,
  type VideoUploadAnswer,
} from '@contract/video-catalogue';
import { WEBVTT_MESSAGES, webVttRefusal } from '@contract/webvtt';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError, badRequest } from '../errors';
import { probeFilm, sniffFilm } from './film-probe';
import { audit, type StaffActor } from './staff/audit';

export type VideoFileKind = 'film' | 'captions';

const LIMITS: Record<VideoFileKind, { max: number; tooLarge: string; missing: string }> = {
  film: { max: VIDEO_UPLOAD_RULES.filmMaxBytes, tooLarge: M.filmSize, missing: M.filmMissing },
  captions: {
    max: VIDEO_UPLOAD_RULES.captionsMaxBytes,
    tooLarge: M.captionsSize,
    missing: M.captionsMissing,
  },
};

/** Where incoming bytes wait while they are counted and judged, inside the media folder (one rename away). */
const INCOMING = '.incoming';

/**
 * The gallery's uploaded films and captions, kept as files in `mediaDir` (MEDIA_DIR, by default
 * `<DATA_DIR>/media`) under a name made of the SHA-256 of their bytes, with a `video_files` line
 * each (who, when, how large) and an audit line. A body is written to disk while it arrives,
 * counted (413 past the limit, the rest never read) and hashed; only then judged: a film by its
 * container (film-probe.ts), captions by webVttRefusal. A refused file is deleted at once.
 */
export const createVideoFileStore = ({ db, clock, mediaDir }: { db: Db; clock: Clock; mediaDir: string }) => {
  /** The body streamed to a file of its own in the incoming folder: its path, size and hash. */
  const receive = async (body: ReadableStream<Uint8Array> | null, kind: VideoFileKind) => {
    const limit = LIMITS[kind];
    if (!body) throw badRequest(limit.missing);
    await mkdir(join(mediaDir, INCOMING), { recursive: true });
    const path = join(mediaDir, INCOMING, randomBytes(12).toString('hex'));
    const hash = createHash('sha256');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.byteLength;
        if (size > limit.max) return done(new AppError(413, limit.tooLarge));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(
        Readable.fromWeb(body as import('node:stream/web').ReadableStream),
        counter,
        createWriteStream(path, { flags: 'wx', mode: 0o640 }),
      );
    } catch (error) {
      await rm(path, { force: true });
      if (error instanceof AppError) throw error;
      throw badRequest(kind === 'film' ? M.filmFailed : M.captionsFailed);
    }
    if (size === 0) {
      await rm(path, { force: true });
      throw badRequest(limit.missing);
    }
    return { path, size, digest: hash.digest('hex').slice(0, 32) };
  };

  /** What the file is, or a refusal (415 not a film / not captions, 422 a broken film or bad captions). */
  const judge = async (path: string, size: number, kind: VideoFileKind): Promise<'webm' | 'mp4' | 'vtt'> => {
    if (kind === 'captions') {
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(await readFile(path));
      } catch {
        throw new AppError(415, WEBVTT_MESSAGES.encoding);
      }
      const refusal = webVttRefusal(text);
      if (refusal) throw new AppError(422, refusal);
      return 'vtt';
    }
    const file = await open(path, 'r');
    try {
      const head = new Uint8Array(8);
      await file.read(head, 0, 8, 0);
      if (!sniffFilm(head)) throw new AppError(415, M.filmType);
      const format = await probeFilm(file, size);
      if (!format) throw new AppError(422, M.filmBroken);
      return format;
    } finally {
      await file.close();
    }
  };

  return {
    /** Keeps an uploaded film or captions file; answers its address and size. */
    async store(
      body: ReadableStream<Uint8Array> | null,
      kind: VideoFileKind,
      actor: StaffActor,
    ): Promise<VideoUploadAnswer> {
      const { path, size, digest } = await receive(body, kind);
      let ext: string;
      try {
        ext = await judge(path, size, kind);
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
      const name = `${digest}.${ext}`;
      // The same bytes uploaded again are the same file: the name (and its content) never changes.
      await rename(path, join(mediaDir, name));
      const url = `${VIDEO_UPLOAD_PREFIX}${name}`;
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('video_files')
          .values({
            name,
            kind,
            byte_size: size,
            uploaded_by: actor.id,
            uploaded_by_name: actor.username,
            uploaded_at: clock.now(),
          })
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
        await audit(trx, actor, `video.${kind}Uploaded`, url, { after: { url, bytes: size } }, clock.now());
      });
      return { url, bytes: size };
    },

    /** Whether an uploaded file of that kind exists under `name` (its line and its bytes). */
    async exists(name: string, kind: VideoFileKind): Promise<boolean> {
      const row = await db
        .selectFrom('video_files')
        .select('name')
        .where('name', '=', name)
        .where('kind', '=', kind)
        .executeTakeFirst();
      if (!row) return false;
      return stat(join(mediaDir, name)).then(
        (s) => s.isFile(),
        () => false,
      );
    },
  };
};

export type VideoFileStore = ReturnType<typeof createVideoFileStore>;
