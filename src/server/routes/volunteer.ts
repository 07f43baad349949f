import { photoApi } from '@contract/photo';
import {
  VOLUNTEER_MESSAGES,
  VOLUNTEER_PHOTO_RULES,
  VOLUNTEER_PHOTO_URL_PREFIX,
  volunteerApi,
  volunteerCodeRequest,
  volunteerPayloadSchema,
} from '@contract/volunteer';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../app-env';
import { AppError, badRequest } from '../errors';
import { body, ok } from '../http';
import type { AuthService } from '../services/auth';
import type { VolunteerService } from '../services/volunteer';
import type { VolunteerPhotoService } from '../services/volunteer-photos';
import { MULTIPART_ALLOWANCE_BYTES, receivePhoto, servePhoto } from './photo';
import { requireUser } from './require-user';

const tooLarge = () => new AppError(413, VOLUNTEER_MESSAGES.photoTooLarge);

/** The body counted while it streams in: refused (413) once it passes 5 MB and the multipart allowance. */
const volunteerBodyLimit = bodyLimit({
  maxSize: VOLUNTEER_PHOTO_RULES.maxBytes + MULTIPART_ALLOWANCE_BYTES,
  onError: () => {
    throw tooLarge();
  },
});

/**
 * The volunteer photo: uploadPhoto (002 section 7) with `?use=volunteer`. Mounted before the
 * believer's photo route (routes/photo.ts) and the app's 64 KB body limit: without `use` the
 * request goes on to the profile photo; with it, the token is checked before a byte is read, the
 * body is counted while it streams (5 MB and the multipart allowance), and the photo is stored
 * as a volunteer photo (more than 120 KB, by its bytes a PNG, GIF or JPEG), never replacing the
 * profile photo. The photo is served like the profile photo: to its owner only, its own type, nosniff.
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
        const bytes = await receivePhoto(
          c,
          VOLUNTEER_PHOTO_RULES.maxBytes,
          VOLUNTEER_MESSAGES.photoEmpty,
          tooLarge,
        );
        answer = ok(c, { url: await photos.store(c.get('user'), bytes) }, VOLUNTEER_MESSAGES.photoUploaded);
      });
      return answer ?? c.res;
    })
    .get(`${VOLUNTEER_PHOTO_URL_PREFIX}:id`, requireUser(auth), async (c) =>
      servePhoto(c, await photos.read(c.get('user'), c.req.param('id'))),
    );

/** The application, its SMS code (002 section 7) and the believer's own open one; all need the token (DESIGN section 5). */
export const volunteerRoutes = (auth: AuthService, volunteer: VolunteerService) =>
  new Hono<AppEnv>()
    .get(volunteerApi.mine.path, requireUser(auth), async (c) => ok(c, await volunteer.mine(c.get('user'))))
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
