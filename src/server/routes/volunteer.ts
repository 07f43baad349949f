import { photoApi } from '@contract/photo';
import {
  VOLUNTEER_MESSAGES,
  VOLUNTEER_PHOTO_RULES,
  VOLUNTEER_PHOTO_URL_PREFIX,
  volunteerApi,
  volunteerCodeRequest,
  volunteerPayloadSchema,
} from '@contract/volunteer';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../app-env';
import { REQUEST_MALFORMED } from '../error-answers';
import { AppError, badRequest } from '../errors';
import { body, ok } from '../http';
import type { AuthService } from '../services/auth';
import type { VolunteerService } from '../services/volunteer';
import type { VolunteerPhotoService } from '../services/volunteer-photos';
import { MULTIPART_ALLOWANCE_BYTES } from './photo';
import { requireUser } from './require-user';

const tooLarge = () => new AppError(413, VOLUNTEER_MESSAGES.photoTooLarge);

/** The body counted while it streams in: refused (413) once it passes 5 MB and the multipart allowance. */
const volunteerBodyLimit = bodyLimit({
  maxSize: VOLUNTEER_PHOTO_RULES.maxBytes + MULTIPART_ALLOWANCE_BYTES,
  onError: () => {
    throw tooLarge();
  },
});

const receivePhoto = async (c: Context<AppEnv>, photos: VolunteerPhotoService) => {
  if (!(c.req.header('content-type') ?? '').includes('multipart/form-data'))
    throw badRequest(VOLUNTEER_MESSAGES.photoEmpty);
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw badRequest(REQUEST_MALFORMED);
  }
  const file = form[VOLUNTEER_PHOTO_RULES.field];
  if (!(file instanceof File) || file.size === 0) throw badRequest(VOLUNTEER_MESSAGES.photoEmpty);
  if (file.size > VOLUNTEER_PHOTO_RULES.maxBytes) throw tooLarge();
  const url = await photos.store(c.get('user'), new Uint8Array(await file.arrayBuffer()));
  return ok(c, { url }, VOLUNTEER_MESSAGES.photoUploaded);
};

/**
 * The volunteer photo: uploadPhoto (002 section 7) with `?use=volunteer`. Mounted before the
 * believer's photo route (routes/photo.ts) and the app's 64 KB body limit: without `use` the
 * request goes on to the profile photo; with it, the token is checked before a byte is read, the
 * body is counted while it streams (5 MB and the multipart allowance), and the photo is stored
 * as a volunteer photo (more than 120 KB, by its bytes a PNG, GIF or JPEG), never replacing the
 * profile photo. The photo is served like the profile photo: an unguessable URL, its own type, nosniff.
 */
export const volunteerPhotoRoutes = (auth: AuthService, photos: VolunteerPhotoService) =>
  new Hono<AppEnv>()
    .post(photoApi.upload.path, async (c, next) => {
      const use = c.req.query('use');
      if (use === undefined) return next();
      if (use !== VOLUNTEER_PHOTO_RULES.use) throw badRequest(VOLUNTEER_MESSAGES.photoUse);
      await requireUser(auth)(c, async () => {});
      let answer: Response | undefined;
      await volunteerBodyLimit(c, async () => {
        answer = await receivePhoto(c, photos);
      });
      return answer ?? c.res;
    })
    .get(`${VOLUNTEER_PHOTO_URL_PREFIX}:id`, async (c) => {
      const photo = await photos.read(c.req.param('id'));
      c.header('Content-Type', photo.contentType);
      c.header('X-Content-Type-Options', 'nosniff');
      c.header('Cross-Origin-Resource-Policy', 'same-origin');
      c.header('Content-Disposition', 'inline');
      c.header('Cache-Control', 'private, max-age=31536000, immutable');
      return c.body(new Uint8Array(photo.bytes));
    });

/** The application and its SMS code (002 section 7); both need the token (DESIGN section 5). */
export const volunteerRoutes = (auth: AuthService, volunteer: VolunteerService) =>
  new Hono<AppEnv>()
    .post(volunteerApi.sendCode.path, requireUser(auth), async (c) => {
      const { phone } = await body(c, volunteerCodeRequest);
      await volunteer.sendCode(c.get('user'), phone);
      return ok(c, null, VOLUNTEER_MESSAGES.codeSent);
    })
    .post(volunteerApi.apply.path, requireUser(auth), async (c) => {
      const payload = await body(c, volunteerPayloadSchema(volunteer.today()));
      await volunteer.apply(c.get('user'), payload);
      return ok(c, null, VOLUNTEER_MESSAGES.applied);
    });
