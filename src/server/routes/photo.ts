import { PHOTO_MESSAGES, PHOTO_RULES, PHOTO_URL_PREFIX, photoApi } from '@contract/photo';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../app-env';
import { REQUEST_MALFORMED } from '../error-answers';
import { AppError, badRequest } from '../errors';
import { ok } from '../http';
import type { AuthService } from '../services/auth';
import type { PhotoService, StoredPhoto } from '../services/photos';
import { requireUser } from './require-user';

/** What a multipart body may carry besides the photo: the boundary lines and the part's headers. */
export const MULTIPART_ALLOWANCE_BYTES = 16 * 1024;

const tooLarge = () => new AppError(413, PHOTO_MESSAGES.size);

/**
 * The photo of a multipart upload (field `file`): 400 `missing` when there is none, `tooLarge()`
 * past `maxBytes`. The caller has already limited the body while it streamed.
 */
export const receivePhoto = async (
  c: Context<AppEnv>,
  maxBytes: number,
  missing: string,
  tooLarge: () => AppError,
): Promise<Uint8Array> => {
  if (!(c.req.header('content-type') ?? '').includes('multipart/form-data')) throw badRequest(missing);
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw badRequest(REQUEST_MALFORMED);
  }
  const file = form[PHOTO_RULES.field];
  if (!(file instanceof File) || file.size === 0) throw badRequest(missing);
  if (file.size > maxBytes) throw tooLarge();
  return new Uint8Array(await file.arrayBuffer());
};

/**
 * A stored photo as the browser gets it: the type its bytes showed, `nosniff`, shown only by this
 * site's pages (another site cannot embed a believer's photo), cached privately for good (a photo's
 * URL changes with every upload, and it is personal).
 */
export const servePhoto = (c: Context<AppEnv>, photo: StoredPhoto) => {
  c.header('Content-Type', photo.contentType);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cross-Origin-Resource-Policy', 'same-origin');
  c.header('Content-Disposition', 'inline');
  c.header('Cache-Control', 'private, max-age=31536000, immutable');
  return c.body(new Uint8Array(photo.bytes));
};

/**
 * The photo upload (spec 002 section 7) and the stored photo. The token is checked before a byte
 * of the body is read; the body is counted while it streams in and refused (413) as soon as it
 * passes 2 MB and the multipart allowance, so at most that much is ever held; the photo itself
 * must then be 2 MB at most and, by its first bytes, a PNG, GIF or JPEG. Nothing is stored on a
 * refusal.
 *
 * The photo is served to its owner only (the token is needed; another believer's photo is 404, as
 * is one that does not exist), at an unguessable URL (128 random bits), with the type its bytes
 * showed and `nosniff`. An <img> sends no token: the page fetches the photo with its token and
 * shows it from an object URL.
 */
export const photoRoutes = (auth: AuthService, photos: PhotoService) =>
  new Hono<AppEnv>()
    .post(
      photoApi.upload.path,
      requireUser(auth),
      bodyLimit({
        maxSize: PHOTO_RULES.maxBytes + MULTIPART_ALLOWANCE_BYTES,
        onError: () => {
          throw tooLarge();
        },
      }),
      async (c) => {
        const bytes = await receivePhoto(c, PHOTO_RULES.maxBytes, PHOTO_MESSAGES.missing, tooLarge);
        const url = await photos.store(c.get('user'), bytes);
        return ok(c, { url }, PHOTO_MESSAGES.uploaded);
      },
    )
    .get(`${PHOTO_URL_PREFIX}:id`, requireUser(auth), async (c) =>
      servePhoto(c, await photos.read(c.get('user'), c.req.param('id'))),
    );
