import { consoleApi } from '@contract/console';
import { STAFF_MESSAGES } from '@contract/staff';
import {
  VIDEO_CATALOGUE_MESSAGES as M,
  VIDEO_UPLOAD_HEADER,
  VIDEO_UPLOAD_RULES,
  videoDraftSchema,
  videoPublishSchema,
  videoSaveSchema,
} from '@contract/video-catalogue';
import { wholeNumberParam } from '@contract/wire';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { AppError, unauthorized } from '../../errors';
import { body, ok, param } from '../../http';
import type { StaffAccounts } from '../../services/staff/accounts';
import { createVideoDesk } from '../../services/staff/video-desk';
import type { VideoFileKind, VideoFileStore } from '../../services/video-files';
import type { ConsoleDeps } from './deps';
import { allow, staffTokenOf } from './require-staff';

const idParam = wholeNumberParam(M.notFound);

/** 视频管理 (内容 staff): the gallery's videos, drafts too; create, save against a version, 发布/撤下. */
export const videoRoutes = ({ db, clock, services }: ConsoleDeps) => {
  const desk = createVideoDesk({ db, clock, files: services.videoFiles });
  return new Hono<AppEnv>()
    .use(consoleApi.videos.path, allow('editContent'))
    .use(`${consoleApi.videos.path}/*`, allow('editContent'))
    .get(consoleApi.videos.path, async (c) => ok(c, await desk.list()))
    .post(consoleApi.videoCreate.path, async (c) =>
      ok(c, await desk.create(await body(c, videoDraftSchema), c.get('staff')), '视频已保存为草稿'),
    )
    .get(consoleApi.video.path, async (c) => ok(c, await desk.read(param(c, 'id', idParam))))
    .put(consoleApi.videoSave.path, async (c) => {
      const { video, version } = await body(c, videoSaveSchema);
      return ok(c, await desk.save(param(c, 'id', idParam), video, version, c.get('staff')), '视频已保存');
    })
    .post(consoleApi.videoPublish.path, async (c) => {
      const { published, version } = await body(c, videoPublishSchema);
      const answer = await desk.publish(param(c, 'id', idParam), published, version, c.get('staff'));
      return ok(c, answer, published ? '视频已发布' : '视频已撤下');
    });
};

/** A staff session from the console's cookie (a believer's token is none), as the photograph upload's. */
const signedIn = (accounts: StaffAccounts) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = staffTokenOf(c);
    if (!token) throw unauthorized(STAFF_MESSAGES.signInRequired);
    c.set('staff', await accounts.sessionFor(token));
    await next();
  });

/** The upload header a page of another site cannot send (415 otherwise), in place of the JSON-only rule. */
const fromTheConsole = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.req.header(VIDEO_UPLOAD_HEADER)) throw new AppError(415, STAFF_MESSAGES.jsonOnly);
  await next();
});

const upload = (kind: VideoFileKind, store: VideoFileStore) =>
  createMiddleware<AppEnv>(async (c) => {
    const max = kind === 'film' ? VIDEO_UPLOAD_RULES.filmMaxBytes : VIDEO_UPLOAD_RULES.captionsMaxBytes;
    // A declared length past the limit is refused before a byte is read; the stream is counted anyway.
    if (Number(c.req.header('content-length') ?? 0) > max)
      throw new AppError(413, kind === 'film' ? M.filmSize : M.captionsSize);
    const staff = c.get('staff');
    const answer = await store.store(c.req.raw.body, kind, { id: staff.id, username: staff.username });
    return ok(c, answer, kind === 'film' ? M.filmUploaded : M.captionsUploaded);
  });

/**
 * POST /admin/api/video-files/film and …/captions (内容 staff): the file itself is the body (not
 * multipart, not JSON), so it streams from the browser's disk to ours. Session, role and upload
 * header are checked before the body is read; it is counted while it arrives (200 MB for a film,
 * 512 KB for captions). Routed in app.ts before the site's body limit, as the photograph upload is.
 */
export const videoUploadRoutes = (accounts: StaffAccounts, store: VideoFileStore) =>
  new Hono<AppEnv>()
    .post(
      consoleApi.videoFilmUpload.path,
      signedIn(accounts),
      allow('editContent'),
      fromTheConsole,
      upload('film', store),
    )
    .post(
      consoleApi.videoCaptionsUpload.path,
      signedIn(accounts),
      allow('editContent'),
      fromTheConsole,
      upload('captions', store),
    );
