import { randomBytes } from 'node:crypto';
import {
  CONTENT_IMAGE_ID,
  CONTENT_IMAGE_MESSAGES,
  CONTENT_IMAGE_RULES,
  CONTENT_IMAGE_WIDTHS,
  type ContentImageWidth,
  contentImageId,
  contentImageUrl,
} from '@contract/content-image';
import sharp from 'sharp';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError, badRequest, notFound } from '../errors';
import { pictureExtras } from '../images/picture-extras';
import { isMotif } from '../images/seed-image';
import { audit, type StaffActor } from './staff/audit';

type ImageFormat = 'jpeg' | 'png' | 'webp';

/** The format the first bytes show (JPEG FFD8FF, PNG's signature, RIFF….WEBP), or null. */
export const sniffImageFormat = (head: Uint8Array): ImageFormat | null => {
  const at = (offset: number, ...bytes: number[]) => bytes.every((byte, i) => head[offset + i] === byte);
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
};

/** What an upload may decode to at most: 50 megapixels (a camera's full size), no decompression bomb. */
const MAX_PIXELS = 50_000_000;
/** WebP quality: a photograph at 78 is hard to tell from the original at the size it is shown. */
const WEBP_QUALITY = 78;

/** An upload encoded: its upright size and one WebP per served width. */
export interface EncodedImage {
  width: number;
  height: number;
  variants: Record<ContentImageWidth, Uint8Array>;
}

/** Why an upload cannot be kept: the status and message the console shows. */
const refusal = (reason: 'type' | 'hiddenContent' | 'tooSmall') =>
  new AppError(reason === 'tooSmall' ? 422 : 415, CONTENT_IMAGE_MESSAGES[reason]);

/**
 * The upload decoded once and encoded again as WebP at each width of CONTENT_IMAGE_WIDTHS (never
 * enlarged: a width past the upload's keeps the upload's own), upright (EXIF orientation applied),
 * with no metadata at all (no EXIF, GPS, XMP, ICC comment). Refused (415) when the first bytes are
 * not JPEG, PNG or WebP, when the decoder finds another format than they claim (a polyglot), or
 * when the file is corrupt, truncated or larger than 50 megapixels; refused (415 hiddenContent)
 * when it carries more than its picture (a comment, bytes after its end: `pictureExtras`);
 * refused (422) when it is narrower than 480 pixels upright.
 */
export const encodeContentImage = async (bytes: Uint8Array): Promise<EncodedImage> => {
  const format = sniffImageFormat(bytes);
  if (!format) throw refusal('type');
  const extra = pictureExtras(bytes, format);
  if (extra) throw refusal(extra === 'broken' ? 'type' : 'hiddenContent');
  const options = { failOn: 'error', limitInputPixels: MAX_PIXELS } as const;
  let upright: { width: number; height: number };
  try {
    const meta = await sharp(bytes, options).metadata();
    if (meta.format !== format) throw refusal('type');
    // Orientations 5 to 8 turn the picture a quarter: its upright width is its stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    upright = turned
      ? { width: meta.height ?? 0, height: meta.width ?? 0 }
      : { width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refusal('type');
  }
  if (upright.width < CONTENT_IMAGE_WIDTHS[0]) throw refusal('tooSmall');
  try {
    const source = sharp(bytes, options).rotate();
    const encoded = new Map<number, Promise<Uint8Array>>();
    const encode = (width: number) => {
      let done = encoded.get(width);
      if (!done) {
        done = source
          .clone()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer()
          .then((buffer) => new Uint8Array(buffer));
        encoded.set(width, done);
      }
      return done;
    };
    // Widths past the upload's are the same picture: encoded once.
    const entries = await Promise.all(
      CONTENT_IMAGE_WIDTHS.map(
        async (width) => [width, await encode(Math.min(width, upright.width))] as const,
      ),
    );
    return {
      ...upright,
      variants: Object.fromEntries(entries) as Record<ContentImageWidth, Uint8Array>,
    };
  } catch {
    throw refusal('type');
  }
};

const toBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The served widths' file names: `<id>-<width>.webp`, or `<id>` alone (served at 960). */
const FILE = /^([0-9a-f]{24})(?:-(\d+)\.webp)?$/;
const DRAWN_ART = /^\/images\/([a-z]+)\.svg(?:\?[A-Za-z0-9%&=._~-]*)?$/;

/**
 * Refuses (400 CONTENT_IMAGE_MESSAGES.invalid) an image address a content form sends unless it is
 * '' (no image: the site shows the drawn art of its kind), an upload of ours that exists
 * (`/uploads/<id>`), or the drawn art (`/images/<motif>.svg?title=…&tone=…`). Anything else (another
 * site, a width's file, a path of ours that is no image, a script) never reaches a catalogue row.
 */
export const guardContentImage = async (db: Db, url: string): Promise<void> => {
  if (url === '') return;
  const art = DRAWN_ART.exec(url);
  if (art?.[1] && isMotif(art[1])) return;
  const id = contentImageId(url);
  const found =
    id && (await db.selectFrom('content_images').select('id').where('id', '=', id).executeTakeFirst());
  if (!found) throw badRequest(CONTENT_IMAGE_MESSAGES.invalid);
};

/**
 * Writes an encoded image under a new id with who uploaded it (`actor` null: the seed) and, for a
 * staff member's upload, its audit line, all with `trx` (the caller's transaction). `byteSize`
 * is the size of the file as it came. Answers the address `/uploads/<id>`.
 */
export const insertContentImage = async (
  trx: Db,
  encoded: EncodedImage,
  byteSize: number,
  actor: StaffActor | null,
  now: Date,
): Promise<string> => {
  const id = randomBytes(12).toString('hex');
  const url = contentImageUrl(id);
  await trx
    .insertInto('content_images')
    .values({
      id,
      width: encoded.width,
      height: encoded.height,
      byte_size: byteSize,
      uploaded_by: actor?.id ?? null,
      uploaded_by_name: actor?.username ?? '示例数据',
      uploaded_at: now,
    })
    .execute();
  await trx
    .insertInto('content_image_variants')
    .values(
      CONTENT_IMAGE_WIDTHS.map((width) => ({
        image_id: id,
        width,
        bytes: toBuffer(encoded.variants[width]),
      })),
    )
    .execute();
  if (actor) {
    const after = { url, width: encoded.width, height: encoded.height, bytes: byteSize };
    await audit(trx, actor, 'image.uploaded', url, { after }, now);
  }
  return url;
};

/**
 * The temple's photographs: stored once re-encoded (`encodeContentImage`), with who uploaded them
 * and when (an audit line for a staff member's upload), and read one width at a time.
 */
export const createContentImageService = ({ db, clock }: { db: Db; clock: Clock }) => ({
  /**
   * An upload kept: at most 10 MB (413), JPEG/PNG/WebP by its bytes and wholly so (415), at
   * least 480 pixels wide (422). Answers its address `/uploads/<id>`.
   */
  async store(bytes: Uint8Array, actor: StaffActor | null): Promise<string> {
    if (bytes.byteLength > CONTENT_IMAGE_RULES.maxBytes) throw new AppError(413, CONTENT_IMAGE_MESSAGES.size);
    if (bytes.byteLength === 0) throw badRequest(CONTENT_IMAGE_MESSAGES.missing);
    const encoded = await encodeContentImage(bytes);
    return db
      .transaction()
      .execute((trx) => insertContentImage(trx, encoded, bytes.byteLength, actor, clock.now()));
  },

  /**
   * One width of an image by its file name: `<id>-<width>.webp`, or `<id>` (the 960 width, for an
   * address written into an article as it is). Anything else is 404 图片不存在.
   */
  async read(file: string): Promise<Uint8Array> {
    const match = FILE.exec(file);
    const id = match?.[1];
    const width = match?.[2] === undefined ? 960 : Number(match[2]);
    if (!id || !CONTENT_IMAGE_ID.test(id) || !(CONTENT_IMAGE_WIDTHS as readonly number[]).includes(width))
      throw notFound(CONTENT_IMAGE_MESSAGES.notFound);
    const row = await db
      .selectFrom('content_image_variants')
      .select('bytes')
      .where('image_id', '=', id)
      .where('width', '=', width)
      .executeTakeFirst();
    if (!row) throw notFound(CONTENT_IMAGE_MESSAGES.notFound);
    return row.bytes;
  },
});

export type ContentImageService = ReturnType<typeof createContentImageService>;
