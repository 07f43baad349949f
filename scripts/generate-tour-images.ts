/**
 * Writes the temple tour's pictures (src/web/public/tour/*.svg) from their drawing in
 * src/web/features/tour/tour-art.ts: `npx tsx scripts/generate-tour-images.ts`.
 * tests/web/temple-tour.test.tsx fails when the files and the drawing disagree.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tourImageSvg, tourScenes } from '../src/web/features/tour/tour-art';
import { TOUR_IMAGES } from '../src/web/features/tour/tour-images';

const out = fileURLToPath(new URL('../src/web/public/tour/', import.meta.url));
mkdirSync(out, { recursive: true });
let total = 0;
for (const image of TOUR_IMAGES) {
  const file = image.src.replace(/^\/tour\//, '');
  const scene = tourScenes[file.replace(/\.svg$/, '')];
  if (!scene) throw new Error(`no drawing for ${file}`);
  const svg = tourImageSvg(scene);
  writeFileSync(`${out}${file}`, svg);
  total += Buffer.byteLength(svg);
}
console.log(`${TOUR_IMAGES.length} pictures, ${Math.round(total / 1024)} KB, in ${out}`);
