/**
 * The seed's photographs (src/server/media/photos/<name>.jpg), made by
 * scripts/generate-seed-photos.ts: drawn scenes given a camera's grain, standing in for the
 * temple's own photographs until its staff upload them.
 */
export const SEED_PHOTOS = [
  'hall',
  'pagoda',
  'lotus',
  'lamps',
  'incense',
  'buddha',
  'gate',
  'garden',
  'tablets',
  'offerings',
] as const;
export type SeedPhoto = (typeof SEED_PHOTOS)[number];
