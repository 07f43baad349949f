export type Motif = 'lotus' | 'pagoda' | 'buddha' | 'lamp' | 'mountain' | 'tablet';

/** Seed images are drawn by our own server (src/server/images), never fetched. */
export const imageUrl = (motif: Motif, title: string, tone = 0): string =>
  `/images/${motif}.svg?title=${encodeURIComponent(title)}&tone=${tone}`;
