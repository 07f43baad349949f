import { randomBytes } from 'node:crypto';
import { PHOTO_ID, PHOTO_MESSAGES } from '@contract/photo';
import {
  VOLUNTEER_MESSAGES,
  VOLUNTEER_PHOTO_RULES,
  VOLUNTEER_PHOTO_URL_PREFIX,
  volunteerPhotoSizeRefusal,
} from '@contract/volunteer';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError, badRequest, notFound } from '../errors';
import type { SessionUser } from './auth';
import { reencodePhoto, type StoredPhoto } from './photos';

/** A volunteer photo's site-relative URL. */
export const volunteerPhotoUrl = (id: string) => `${VOLUNTEER_PHOTO_URL_PREFIX}${id}`;

/** The id in a volunteer photo's URL, or null when it is not one. */
export const volunteerPhotoIdOf = (url: string): string | null => {
  const id = url.startsWith(VOLUNTEER_PHOTO_URL_PREFIX) ? url.slice(VOLUNTEER_PHOTO_URL_PREFIX.length) : '';
  return PHOTO_ID.test(id) ? id : null;
};

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * The volunteer application's photo (spec 002 sections 5, 9): png, gif or jpeg by its bytes, more
 * than 120 KB and at most 5 MB, encoded again without its metadata, shown to its owner only, kept in the database beside (never instead of) the believer's
 * profile photo. A new upload drops the believer's earlier volunteer photos that no application
 * references, so one believer keeps at most one spare.
 */
export const createVolunteerPhotoService = ({ db, clock }: { db: Db; clock: Clock }) => ({
  async store(user: SessionUser, bytes: Uint8Array): Promise<string> {
    if (bytes.byteLength > VOLUNTEER_PHOTO_RULES.maxBytes)
      throw new AppError(413, VOLUNTEER_MESSAGES.photoTooLarge);
    const photo = await reencodePhoto(bytes);
    if (!photo) throw new AppError(415, VOLUNTEER_MESSAGES.photoEmpty);
    if (photo === 'hidden-content') throw new AppError(415, PHOTO_MESSAGES.hiddenContent);
    // The size rules judge the file the believer chose, not its metadata-free copy.
    const refusal = volunteerPhotoSizeRefusal(bytes.byteLength);
    if (refusal) throw badRequest(refusal);
    const id = randomBytes(16).toString('hex');
    await db
      .insertInto('volunteer_photos')
      .values({
        id,
        user_id: user.id,
        content_type: photo.contentType,
        bytes: Buffer.from(photo.bytes.buffer, photo.bytes.byteOffset, photo.bytes.byteLength),
        // The size of the file the believer chose, which the size rules (and the column's check) judge.
        byte_size: bytes.byteLength,
        created_at: clock.now(),
      })
      .execute();
    // Best effort: a photo an application took meanwhile stays (its reference refuses the delete).
    await db
      .deleteFrom('volunteer_photos')
      .where('user_id', '=', user.id)
      .where('id', '!=', id)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('volunteer_applications')
              .select('volunteer_applications.id')
              .whereRef('volunteer_applications.photo_id', '=', 'volunteer_photos.id'),
          ),
        ),
      )
      .execute()
      .catch((error: unknown) => {
        if ((error as { code?: unknown }).code !== FOREIGN_KEY_VIOLATION) throw error;
      });
    return volunteerPhotoUrl(id);
  },

  /** The photo `id` when it is `user`'s own; another believer's is as unknown as none (404). */
  async read(user: SessionUser, id: string): Promise<StoredPhoto> {
    if (!PHOTO_ID.test(id)) throw notFound(VOLUNTEER_MESSAGES.photoNotFound);
    const row = await db
      .selectFrom('volunteer_photos')
      .select(['content_type', 'bytes'])
      .where('id', '=', id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!row) throw notFound(VOLUNTEER_MESSAGES.photoNotFound);
    return { contentType: row.content_type, bytes: row.bytes };
  },
});

export type VolunteerPhotoService = ReturnType<typeof createVolunteerPhotoService>;
