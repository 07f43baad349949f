import { randomBytes } from 'node:crypto';
import { PHOTO_ID, PHOTO_MESSAGES, PHOTO_RULES, PHOTO_URL_PREFIX, sniffPhotoType } from '@contract/photo';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError, notFound } from '../errors';
import type { SessionUser } from './auth';

export interface StoredPhoto {
  contentType: string;
  bytes: Uint8Array;
}

/** The photo's site-relative URL. */
export const photoUrl = (id: string) => `${PHOTO_URL_PREFIX}${id}`;

/**
 * The believer's one photo (spec 001 section 5): judged by its bytes (PNG, GIF, JPEG), at most
 * 2 MB, kept in the database. A new photo replaces the old one; the profile and the membership
 * that showed the old one show the new one, so no stored URL is left pointing at nothing.
 */
export const createPhotoService = ({ db, clock }: { db: Db; clock: Clock }) => ({
  async store(user: SessionUser, bytes: Uint8Array): Promise<string> {
    if (bytes.byteLength > PHOTO_RULES.maxBytes) throw new AppError(413, PHOTO_MESSAGES.size);
    const contentType = sniffPhotoType(bytes);
    if (!contentType) throw new AppError(415, PHOTO_MESSAGES.type);
    const id = randomBytes(16).toString('hex');
    const url = photoUrl(id);
    const row = {
      id,
      content_type: contentType,
      bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      byte_size: bytes.byteLength,
      created_at: clock.now(),
    };
    await db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom('believer_photos')
        .select('id')
        .where('user_id', '=', user.id)
        .forUpdate()
        .executeTakeFirst();
      await trx
        .insertInto('believer_photos')
        .values({ user_id: user.id, ...row })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
        .execute();
      if (old) {
        const oldUrl = photoUrl(old.id);
        await trx
          .updateTable('believer_profiles')
          .set({ photo: url })
          .where('user_id', '=', user.id)
          .where('photo', '=', oldUrl)
          .execute();
        await trx
          .updateTable('memberships')
          .set({ photo: url })
          .where('user_id', '=', user.id)
          .where('photo', '=', oldUrl)
          .execute();
      }
    });
    return url;
  },

  async read(id: string): Promise<StoredPhoto> {
    if (!PHOTO_ID.test(id)) throw notFound(PHOTO_MESSAGES.notFound);
    const row = await db
      .selectFrom('believer_photos')
      .select(['content_type', 'bytes'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(PHOTO_MESSAGES.notFound);
    return { contentType: row.content_type, bytes: row.bytes };
  },
});

export type PhotoService = ReturnType<typeof createPhotoService>;
