import { consoleApi } from '@contract/console';
import {
  CONTENT_IMAGE_MESSAGES,
  CONTENT_IMAGE_RULES,
  CONTENT_IMAGE_UPLOAD_HEADER,
} from '@contract/content-image';
import { STAFF_MESSAGES } from '@contract/staff';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { AppError, unauthorized } from '../../errors';
import { ok } from '../../http';
import type { ContentImageService } from '../../services/content-images';
import type { StaffAccounts } from '../../services/staff/accounts';
import { MULTIPART_ALLOWANCE_BYTES, receivePhoto } from '../photo';
import { allow, staffTokenOf } from './require-staff';

const tooLarge = () => new AppError(413, CONTENT_IMAGE_MESSAGES.size);

/**
 * The console's one multipart call, so it keeps requireStaff's rules itself: a staff session from
 * the console's cookie (a believer's token is none), then its permission, then, instead of the
 * JSON-only rule, the upload header a form of another site cannot send (415 otherwise).
 */
const signedInUploader = (accounts: StaffAccounts) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = staffTokenOf(c);
    if (!token) throw unauthorized(STAFF_MESSAGES.signInRequired);
    c.set('staff', await accounts.sessionFor(token));
    await next();
  });

const fromTheConsole = createMiddleware<AppEnv>(async (c, next) => {
  const multipart = (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
  if (!multipart || !c.req.header(CONTENT_IMAGE_UPLOAD_HEADER))
    throw new AppError(415, STAFF_MESSAGES.jsonOnly);
  await next();
});

/**
 * POST /admin/api/images (内容 staff): a photograph for a content form, multipart field `file`.
 * The session, the role and the header are checked before a byte of the body is read; the body is
 * counted while it streams in and refused (413) past 10 MB and the multipart allowance, so no more
 * is ever held. Answers `{ url: '/uploads/<id>' }`; the upload is audited (image.uploaded).
 *
 * Routed in app.ts before the site's 64 KB body limit, as the believers' photo uploads are, and so
 * before the console's own routes (whose requireStaff refuses anything but JSON).
 */
export const imageUploadRoutes = (accounts: StaffAccounts, images: ContentImageService) =>
  new Hono<AppEnv>().post(
    consoleApi.uploadImage.path,
    signedInUploader(accounts),
    allow('editContent'),
    fromTheConsole,
    bodyLimit({
      maxSize: CONTENT_IMAGE_RULES.maxBytes + MULTIPART_ALLOWANCE_BYTES,
      onError: () => {
        throw tooLarge();
      },
    }),
    async (c) => {
      const bytes = await receivePhoto(
        c,
        CONTENT_IMAGE_RULES.maxBytes,
        CONTENT_IMAGE_MESSAGES.missing,
        tooLarge,
      );
      const staff = c.get('staff');
      const url = await images.store(bytes, { id: staff.id, username: staff.username });
      return ok(c, { url }, CONTENT_IMAGE_MESSAGES.uploaded);
    },
  );
