import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type EncodedImage, encodeContentImage, insertContentImage } from '../../services/content-images';
import type { Db } from '../database';
import { SEED_PHOTOS, type SeedPhoto } from './photo-names';

/** The committed photographs (scripts/generate-seed-photos.ts: stand-ins for the temple's own). */
export const SEED_PHOTO_ROOT = fileURLToPath(new URL('../../media/photos/', import.meta.url));

interface SeedPhotoFile {
  name: SeedPhoto;
  bytes: number;
  encoded: EncodedImage;
}

let encoding: Promise<SeedPhotoFile[]> | undefined;

/**
 * Every seed photograph encoded as an upload is (`encodeContentImage`: WebP at each width), once
 * per process: the tests seed many databases in one worker, and the encodings are the same each time.
 */
const encodedPhotos = (): Promise<SeedPhotoFile[]> => {
  encoding ??= Promise.all(
    SEED_PHOTOS.map(async (name) => {
      const bytes = readFileSync(`${SEED_PHOTO_ROOT}${name}.jpg`);
      return { name, bytes: bytes.byteLength, encoded: await encodeContentImage(bytes) };
    }),
  );
  encoding.catch(() => {
    encoding = undefined;
  });
  return encoding;
};

/**
 * Which rows show a photograph, by name or title; the rest keep the drawn art, as an item the
 * temple has not photographed yet would. News titles match both menus (home carousel 1, news 2).
 */
const ASSEMBLIES: Partial<Record<string, SeedPhoto>> = {
  新春祈福法会: 'hall',
  观音菩萨圣诞法会: 'lotus',
  浴佛节法会: 'buddha',
  盂兰盆报恩法会: 'offerings',
  水陆普度大斋胜会: 'lamps',
};
const NEWS: Partial<Record<string, SeedPhoto>> = {
  本寺举行新春祈福法会: 'hall',
  观音菩萨圣诞法会圆满: 'lotus',
  '浴佛节：香汤沐浴太子像': 'buddha',
  盂兰盆报恩法会通告: 'incense',
  寺院开放时间调整公告: 'gate',
  '佛学讲座：《心经》浅释': 'garden',
  水陆普度大斋胜会启建: 'lamps',
};
const MERIT_ITEMS: Partial<Record<string, SeedPhoto>> = {
  佛前供灯: 'lamps',
  佛前添香油: 'incense',
  随喜功德: 'lotus',
  供花供果: 'offerings',
};
const CEREMONY_TYPES: Partial<Record<string, SeedPhoto>> = { 往生普佛: 'tablets', 延生普佛: 'buddha' };
const STATUE_LOCATIONS: Partial<Record<string, SeedPhoto>> = { 大殿内: 'buddha', 大殿外: 'hall' };

/**
 * The seed's photographs stored as uploads are (the same encoding, the same tables, uploaded by
 * 示例数据 at `now`), then named by several assemblies, news items (both menus), merit items, both
 * ceremony types and two statue locations. Runs inside the seed's transaction, after the rows.
 */
export const seedPhotos = async (trx: Db, now: Date): Promise<void> => {
  const url = {} as Record<SeedPhoto, string>;
  for (const photo of await encodedPhotos())
    url[photo.name] = await insertContentImage(trx, photo.encoded, photo.bytes, null, now);
  const each = async (
    chosen: Partial<Record<string, SeedPhoto>>,
    update: (name: string, image: string) => Promise<unknown>,
  ) => {
    for (const [name, photo] of Object.entries(chosen)) if (photo) await update(name, url[photo]);
  };
  await each(ASSEMBLIES, (name, image) =>
    trx.updateTable('assemblies').set({ image }).where('name', '=', name).execute(),
  );
  await each(NEWS, (title, image) =>
    trx.updateTable('news').set({ image_url: image }).where('title', '=', title).execute(),
  );
  await each(MERIT_ITEMS, (name, image) =>
    trx.updateTable('merit_items').set({ image }).where('name', '=', name).execute(),
  );
  await each(CEREMONY_TYPES, (name, image) =>
    trx.updateTable('ceremony_types').set({ image }).where('name', '=', name).execute(),
  );
  await each(STATUE_LOCATIONS, (name, image) =>
    trx.updateTable('statue_locations').set({ image }).where('name', '=', name).execute(),
  );
};
