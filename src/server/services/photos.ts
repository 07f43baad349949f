import { randomBytes } from 'node:crypto';
import {
  PHOTO_ID,
  PHOTO_MESSAGES,
  PHOTO_RULES,
  PHOTO_URL_PREFIX,
  type PhotoType,
  sniffPhotoType,
} from '@contract/photo';
import sharp from 'sharp';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError, badRequest, notFound } from '../errors';
import { pictureExtras } from '../images/picture-extras';
import type { SessionUser } from './auth';

export interface StoredPhoto {
  contentType: string;
  bytes: Uint8Array;
}

/** What a photo may decode to at most: 50 megapixels (a phone camera's full size), no decompression bomb. */
const MAX_PIXELS = 50_000_000;
/** The longest side of a stored photo. */
const MAX_SIDE = 2048;

const SHARP_FORMAT: Record<PhotoType, 'png' | 'gif' | 'jpeg'> = {
  'image/png': 'png',
  'image/gif': 'gif',
  'image/jpeg': 'jpeg',
};

/**
 * The photo decoded and encoded again in the type its first bytes showed, upright (the EXIF
 * orientation applied), at most MAX_SIDE pixels a side, with no metadata: no EXIF (camera, time, GPS location), no XMP, no
 * comments. Null when the bytes are not wholly a picture of that type: a polyglot whose content
 * is another format, a truncated or corrupt file, one too large to decode; 'hidden-content' when
 * they carry more than the picture (a comment, bytes after its end: `pictureExtras`).
 */
export const reencodePhoto = async (bytes: Uint8Array): Promise<StoredPhoto | 'hidden-content' | null> => {
  const contentType = sniffPhotoType(bytes);
  if (!contentType) return null;
  const extra = pictureExtras(bytes, SHARP_FORMAT[contentType]);
  if (extra === 'broken') return null;
  if (extra) return 'hidden-content';
  const options = { failOn: 'error', limitInputPixels: MAX_PIXELS } as const;
  try {
    const { format } = await sharp(bytes, options).metadata();
    if (format !== SHARP_FORMAT[contentType]) return null;
    // A portrait needs no more than 2048 pixels a side: the stored copy stays small whatever came in.
    const image = sharp(bytes, { ...options, animated: contentType === 'image/gif' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      contentType === 'image/png'
        ? image.png()
        : contentType === 'image/gif'
          ? image.gif()
          : image.jpeg({ quality: 90, mozjpeg: true });
    return { contentType, bytes: new Uint8Array(await encoded.toBuffer()) };
  } catch {
    return null;
  }
};

/** The photo's site-relative URL. */
export const photoUrl = (id: string) => `${PHOTO_URL_PREFIX}${id}`;

/**
 * Refuses (400 `notOurs`) a photo URL that is not `userId`'s own current photo: another believer's,
 * one since replaced, or one never uploaded. '' (no photo) passes. The photo's row is share-locked
 * to the end of `trx`, so a new upload meanwhile waits, then moves what `trx` stored along with it.
 */
export const guardOwnPhoto = async (trx: Db, userId: number, url: string): Promise<void> => {
  if (url === '') return;
  const id = url.startsWith(PHOTO_URL_PREFIX) ? url.slice(PHOTO_URL_PREFIX.length) : '';
  const owned =
    PHOTO_ID.test(id) &&
    (await trx
      .selectFrom('believer_photos')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .forShare()
      .executeTakeFirst());
  if (!owned) throw badRequest(PHOTO_MESSAGES.notOurs);
};

/**
 * The believer's one photo (spec 001 section 5): judged by its bytes (PNG, GIF, JPEG), at most
 * 2 MB, encoded again without its metadata (`reencodePhoto`) and kept in the database, shown to
 * its owner only. A new photo replaces the old one; the profile and the membership
 * that showed the old one show the new one, so no stored URL is left pointing at nothing.
 */
export const createPhotoService = ({ db, clock }: { db: Db; clock: Clock }) => ({
  async store(user: SessionUser, bytes: Uint8Array): Promise<string> {
    if (bytes.byteLength > PHOTO_RULES.maxBytes) throw new AppError(413, PHOTO_MESSAGES.size);
    const photo = await reencodePhoto(bytes);
    if (!photo) throw new AppError(415, PHOTO_MESSAGES.type);
    if (photo === 'hidden-content') throw new AppError(415, PHOTO_MESSAGES.hiddenContent);
    const id = randomBytes(16).toString('hex');
    const url = photoUrl(id);
    const row = {
      id,
      content_type: photo.contentType,
      bytes: Buffer.from(photo.bytes.buffer, photo.bytes.byteOffset, photo.bytes.byteLength),
      // The size of the file the believer chose, which the size rules (and the column's check) judge.
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

  /** The photo `id` when it is `user`'s own; another believer's is as unknown as none (404). */
  async read(user: SessionUser, id: string): Promise<StoredPhoto> {
    if (!PHOTO_ID.test(id)) throw notFound(PHOTO_MESSAGES.notFound);
    const row = await db
      .selectFrom('believer_photos')
      .select(['content_type', 'bytes'])
      .where('id', '=', id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!row) throw notFound(PHOTO_MESSAGES.notFound);
    return { contentType: row.content_type, bytes: row.bytes };
  },
});

export type PhotoService = ReturnType<typeof createPhotoService>;
