/**
 * Makes the seed's photographs: src/server/media/photos/<name>.jpg (1600 x 1000 JPEG).
 *
 * Honestly: these are NOT photographs of the temple. There is no camera and no internet where the
 * site was built, so each is a scene drawn here as SVG (a hall at dusk, a pagoda in mist, a lotus
 * pond, lamps…), rendered large and then given what a camera gives a picture: soft focus, uneven
 * light, a vignette and sensor grain, so that it decodes, encodes and weighs as a real photograph
 * would (the first-visit and Lighthouse budgets are measured with them). They stand in for the
 * temple's own photographs, which its staff upload in the console and which replace them.
 *
 *   npx tsx scripts/generate-seed-photos.ts
 *
 * The output is deterministic (a seeded random generator), so running it again changes nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { SEED_PHOTOS } from '../src/server/db/seed/photo-names';

const W = 1600;
const H = 1000;
const OUT = join(import.meta.dirname, '..', 'src', 'server', 'media', 'photos');

/** mulberry32: a small seeded generator, so the scenes come out the same every run. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const svg = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>${defs}
    <filter id="soft"><feGaussianBlur stdDeviation="6"/></filter>
    <filter id="far"><feGaussianBlur stdDeviation="14"/></filter>
    <filter id="glow"><feGaussianBlur stdDeviation="28"/></filter>
  </defs>${body}</svg>`;

const sky = (id: string, stops: [number, string][]) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;

/** A hall's roof with upturned eaves, centred at x, its ridge at y, `w` wide. */
const roof = (x: number, y: number, w: number, h: number, fill: string) => {
  const l = x - w / 2;
  const r = x + w / 2;
  return `<path fill="${fill}" d="M${l - 40} ${y + h - 30} Q${l + 20} ${y + h} ${l + w * 0.18} ${y + h * 0.55} L${x - w * 0.3} ${y} L${x + w * 0.3} ${y} L${r - w * 0.18} ${y + h * 0.55} Q${r - 20} ${y + h} ${r + 40} ${y + h - 30} L${r} ${y + h + 10} L${l} ${y + h + 10} Z"/>`;
};

const hills = (rand: () => number, base: number, amp: number, fill: string, filter = '') => {
  let d = `M0 ${H} L0 ${base}`;
  for (let x = 0; x <= W; x += 80)
    d += ` L${x} ${base - amp * (0.5 + 0.5 * Math.sin(x / 190 + rand() * 2)) - rand() * amp * 0.3}`;
  return `<path d="${d} L${W} ${H} Z" fill="${fill}" ${filter ? `filter="url(#${filter})"` : ''}/>`;
};

const pagoda = (x: number, base: number, tiers: number, fill: string) => {
  let out = '';
  let w = 260;
  let y = base;
  for (let i = 0; i < tiers; i += 1) {
    out += `<rect x="${x - w * 0.32}" y="${y - 70}" width="${w * 0.64}" height="70" fill="${fill}"/>`;
    out += roof(x, y - 110, w, 50, fill);
    y -= 95;
    w *= 0.84;
  }
  return `${out}<rect x="${x - 5}" y="${y - 90}" width="10" height="110" fill="${fill}"/>`;
};

const bokeh = (rand: () => number, n: number, colours: string[], yMin: number, yMax: number) =>
  Array.from({ length: n }, () => {
    const r = 18 + rand() * 70;
    const c = colours[Math.floor(rand() * colours.length)];
    return `<circle cx="${rand() * W}" cy="${yMin + rand() * (yMax - yMin)}" r="${r}" fill="${c}" opacity="${0.25 + rand() * 0.5}"/>`;
  }).join('');

const lotusFlower = (x: number, y: number, s: number, colour: string) => {
  const petal = (angle: number) =>
    `<path transform="translate(${x} ${y}) rotate(${angle}) scale(${s})" d="M0 0 C-26 -40 -18 -92 0 -120 C18 -92 26 -40 0 0Z" fill="${colour}" stroke="#f7d9e3" stroke-width="3"/>`;
  return [-62, -38, 38, 62, -14, 14, 0].map(petal).join('');
};

const scenes: Record<string, (rand: () => number) => string> = {
  // 大殿: a hall at dusk, its doors lit, lanterns under the eaves.
  hall: (rand) =>
    svg(
      sky('s', [
        [0, '#24344f'],
        [0.55, '#c9784a'],
        [1, '#f0c27b'],
      ]),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
      ${hills(rand, 620, 120, '#3b3345', 'far')}
      <rect x="300" y="520" width="1000" height="330" fill="#5a1f16"/>
      ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${360 + i * 160}" y="560" width="26" height="290" fill="#8e2a1c"/>`).join('')}
      ${[0, 1, 2, 3, 4].map((i) => `<rect x="${400 + i * 160}" y="620" width="110" height="230" fill="#f3b957" opacity=".85"/>`).join('')}
      <g filter="url(#glow)">${[0, 1, 2, 3, 4].map((i) => `<rect x="${400 + i * 160}" y="620" width="110" height="230" fill="#ffd27a"/>`).join('')}</g>
      ${roof(800, 330, 1220, 200, '#2a1d1a')}
      ${roof(800, 250, 700, 110, '#2a1d1a')}
      ${[0, 1, 2, 3, 4, 5].map((i) => `<ellipse cx="${370 + i * 170}" cy="590" rx="26" ry="34" fill="#e0452b"/><ellipse cx="${370 + i * 170}" cy="590" rx="60" ry="60" fill="#ff8a4a" opacity=".25" filter="url(#glow)"/>`).join('')}
      <path d="M200 850 H1400 L1500 1000 H100 Z" fill="#6d6259"/>
      ${[0, 1, 2, 3].map((i) => `<rect x="${170 - i * 25}" y="${860 + i * 35}" width="${1260 + i * 50}" height="8" fill="#4e453f"/>`).join('')}`,
    ),
  // 塔: a pagoda above morning mist and layered hills.
  pagoda: (rand) =>
    svg(
      sky('s', [
        [0, '#9fb4c4'],
        [0.6, '#e6e0d0'],
        [1, '#f4efe4'],
      ]),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
      <circle cx="1180" cy="260" r="70" fill="#fff4d6" opacity=".8" filter="url(#soft)"/>
      ${hills(rand, 560, 160, '#8a9a9c', 'far')}
      ${hills(rand, 660, 140, '#6e8079', 'soft')}
      <g filter="url(#soft)" opacity=".92">${pagoda(560, 760, 7, '#3a3330')}</g>
      <rect y="640" width="${W}" height="200" fill="#f1ece2" opacity=".55" filter="url(#glow)"/>
      ${hills(rand, 820, 90, '#3f5147')}
      ${hills(rand, 930, 60, '#2c3b33')}`,
    ),
  // 莲池: lotus flowers and leaves on dark water.
  lotus: (rand) =>
    svg(
      sky('w', [
        [0, '#1f3b33'],
        [1, '#0d1f1b'],
      ]),
      `<rect width="${W}" height="${H}" fill="url(#w)"/>
      <g filter="url(#far)">${bokeh(rand, 26, ['#3d6b4f', '#5b8a5a', '#c7d98f'], 0, 380)}</g>
      ${Array.from({ length: 22 }, () => {
        const x = rand() * W;
        const y = 380 + rand() * 620;
        const r = 70 + rand() * 120;
        return `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * 0.42}" fill="${rand() > 0.5 ? '#2f6a3c' : '#3f7d45'}" stroke="#1c4427" stroke-width="4"/>`;
      }).join('')}
      <g filter="url(#soft)">${lotusFlower(330, 470, 1, '#e59ab2')}</g>
      ${lotusFlower(820, 640, 1.9, '#ee8fb0')}
      <ellipse cx="820" cy="640" rx="40" ry="22" fill="#f3d36b"/>
      <g filter="url(#soft)">${lotusFlower(1300, 520, 1.2, '#f0a7bf')}</g>
      <rect x="818" y="640" width="8" height="360" fill="#2d5a33"/>`,
    ),
  // 供灯: rows of oil lamps in a dark hall.
  lamps: (rand) =>
    svg(
      `<radialGradient id="g" cx=".5" cy=".65" r=".7"><stop offset="0" stop-color="#5a2a10"/><stop offset="1" stop-color="#120806"/></radialGradient>`,
      `<rect width="${W}" height="${H}" fill="url(#g)"/>
      <g filter="url(#far)">${bokeh(rand, 60, ['#ffb347', '#ffcf70', '#ff8c3a'], 60, 520)}</g>
      ${[0, 1, 2]
        .map((row) =>
          Array.from({ length: 9 - row }, (_, i) => {
            const s = 1 - row * 0.22;
            const x = 120 + i * (170 + row * 25) + row * 60;
            const y = 900 - row * 150;
            return `<g transform="translate(${x} ${y}) scale(${s})"><ellipse cx="0" cy="-40" rx="80" ry="80" fill="#ff9f3a" opacity=".35" filter="url(#glow)"/><path d="M-55 0 H55 L35 40 H-35 Z" fill="#c9932f"/><ellipse cx="0" cy="0" rx="55" ry="12" fill="#e7b64c"/><path d="M0 -70 C16 -40 12 -18 0 -8 C-12 -18 -16 -40 0 -70Z" fill="#ffe08a"/><path d="M0 -52 C7 -36 6 -22 0 -16 C-6 -22 -7 -36 0 -52Z" fill="#fff6d0"/></g>`;
          }).join(''),
        )
        .reverse()
        .join('')}`,
    ),
  // 香炉: a bronze censer with smoke in warm light.
  incense: (rand) =>
    svg(
      sky('s', [
        [0, '#6d5a45'],
        [1, '#2b2119'],
      ]),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
      <g filter="url(#far)">${bokeh(rand, 18, ['#d9a25a', '#f2c98a'], 0, 500)}</g>
      ${Array.from({ length: 7 }, (_, i) => `<path d="M${740 + i * 20} 560 C${600 + rand() * 300} 420 ${900 - rand() * 300} 300 ${700 + rand() * 200} ${80 + rand() * 60}" stroke="#e8e2d8" stroke-width="${6 + rand() * 10}" fill="none" opacity=".35" filter="url(#soft)"/>`).join('')}
      <rect x="${760}" y="470" width="6" height="100" fill="#b3452c"/><rect x="800" y="460" width="6" height="110" fill="#b3452c"/><rect x="840" y="475" width="6" height="95" fill="#b3452c"/>
      <path d="M520 580 H1080 C1060 760 960 830 800 830 C640 830 540 760 520 580Z" fill="#5b4122"/>
      <path d="M520 580 H1080 C1060 700 960 760 800 760 C640 760 540 700 520 580Z" fill="#8a6532" opacity=".6"/>
      <ellipse cx="800" cy="580" rx="280" ry="40" fill="#a47a3c"/>
      <path d="M600 810 L560 930 H610 L650 820 M1000 810 L1040 930 H990 L950 820" fill="#4a3419"/>
      <path d="M0 930 H${W} V${H} H0Z" fill="#3a2d22"/>`,
    ),
  // 佛像: a golden figure with its halo in a dark red hall.
  buddha: (rand) =>
    svg(
      `<radialGradient id="g" cx=".5" cy=".4" r=".7"><stop offset="0" stop-color="#7a2a1c"/><stop offset="1" stop-color="#1d0907"/></radialGradient>
       <radialGradient id="gold" cx=".4" cy=".3" r=".8"><stop offset="0" stop-color="#ffe6a0"/><stop offset=".5" stop-color="#d6a140"/><stop offset="1" stop-color="#7a5118"/></radialGradient>`,
      `<rect width="${W}" height="${H}" fill="url(#g)"/>
      <g filter="url(#far)">${bokeh(rand, 20, ['#e8a84a', '#c2562f'], 0, 1000)}</g>
      <circle cx="800" cy="330" r="260" fill="#f2c15c" opacity=".25" filter="url(#glow)"/>
      <circle cx="800" cy="330" r="220" fill="none" stroke="#e9b85a" stroke-width="10" opacity=".7"/>
      <circle cx="800" cy="270" r="95" fill="url(#gold)"/>
      <circle cx="800" cy="170" r="40" fill="url(#gold)"/>
      <path d="M560 820 C560 560 640 400 800 390 C960 400 1040 560 1040 820Z" fill="url(#gold)"/>
      <path d="M500 860 C600 780 1000 780 1100 860 C1000 920 600 920 500 860Z" fill="url(#gold)"/>
      <path d="M440 880 H1160 L1200 1000 H400Z" fill="#5a1a12"/>
      ${lotusFlower(800, 900, 1.4, '#c9862e')}`,
    ),
  // 山门: a red temple wall and gate under a blue sky, trees in front.
  gate: (rand) =>
    svg(
      sky('s', [
        [0, '#4f86c6'],
        [1, '#cfe3f1'],
      ]),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
      ${Array.from({ length: 6 }, () => `<ellipse cx="${rand() * W}" cy="${60 + rand() * 200}" rx="${120 + rand() * 160}" ry="${24 + rand() * 30}" fill="#ffffff" opacity=".55" filter="url(#far)"/>`).join('')}
      <rect y="430" width="${W}" height="400" fill="#b6402c"/>
      <rect y="400" width="${W}" height="40" fill="#3c3431"/>
      <rect x="560" y="380" width="480" height="450" fill="#a3392a"/>
      ${roof(800, 250, 640, 140, '#2f2a28')}
      <path d="M680 830 V580 Q800 480 920 580 V830Z" fill="#2b1410"/>
      <rect x="720" y="430" width="160" height="60" fill="#1e2a44" stroke="#d9b45a" stroke-width="6"/>
      <path d="M0 830 H${W} V${H} H0Z" fill="#9b9186"/>
      <g filter="url(#soft)">${Array.from({ length: 30 }, () => `<circle cx="${(rand() < 0.5 ? rand() * 420 : 1200 + rand() * 400).toFixed(0)}" cy="${380 + rand() * 420}" r="${50 + rand() * 80}" fill="${rand() > 0.5 ? '#2e5b2c' : '#3f7436'}"/>`).join('')}</g>
      <rect x="200" y="600" width="24" height="260" fill="#4a3322"/><rect x="1380" y="620" width="24" height="240" fill="#4a3322"/>`,
    ),
  // 园林: bamboo by a stone path.
  garden: (rand) =>
    svg(
      sky('s', [
        [0, '#cfe0c4'],
        [1, '#7c9a6c'],
      ]),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
      <g filter="url(#far)">${Array.from({ length: 30 }, () => `<rect x="${rand() * W}" y="0" width="${14 + rand() * 16}" height="${H}" fill="#58794a" opacity=".6"/>`).join('')}</g>
      <g filter="url(#soft)">${Array.from({ length: 14 }, () => {
        const x = rand() * W;
        const w = 26 + rand() * 20;
        return `<rect x="${x}" y="0" width="${w}" height="${H}" fill="#3f6b35"/>${[0, 1, 2, 3, 4].map((k) => `<rect x="${x - 2}" y="${120 + k * 190 + rand() * 40}" width="${w + 4}" height="7" fill="#2c4d25"/>`).join('')}`;
      }).join('')}</g>
      ${Array.from({ length: 80 }, () => `<ellipse cx="${rand() * W}" cy="${rand() * 520}" rx="${40 + rand() * 30}" ry="10" transform="rotate(${-30 + rand() * 60})" fill="${rand() > 0.5 ? '#4e8a3c' : '#6aa04e'}"/>`).join('')}
      <path d="M600 ${H} C700 820 760 700 820 620 C860 700 1000 840 1200 ${H}Z" fill="#b9b1a2"/>
      ${Array.from({ length: 9 }, (_, i) => `<ellipse cx="${900 - i * 10 + rand() * 40}" cy="${980 - i * 42}" rx="${120 - i * 10}" ry="${24 - i * 2}" fill="#8f877a"/>`).join('')}`,
    ),
  // 牌位: rows of memorial tablets by candle light.
  tablets: (rand) =>
    svg(
      `<radialGradient id="g" cx=".5" cy=".5" r=".8"><stop offset="0" stop-color="#4a2315"/><stop offset="1" stop-color="#120705"/></radialGradient>`,
      `<rect width="${W}" height="${H}" fill="url(#g)"/>
      ${[0, 1, 2, 3]
        .map((row) => {
          const s = 1 - row * 0.18;
          const y = 880 - row * 190;
          return Array.from({ length: 10 + row * 2 }, (_, i) => {
            const x = 60 + i * 150 * s + row * 40;
            return `<g transform="translate(${x} ${y}) scale(${s})"><rect x="0" y="-190" width="90" height="190" fill="${rand() > 0.3 ? '#a8281c' : '#d9b04c'}"/><rect x="12" y="-175" width="66" height="160" fill="none" stroke="#e9c46a" stroke-width="3"/><path d="M-8 -190 Q45 -230 98 -190Z" fill="#c79a3a"/></g>`;
          }).join('');
        })
        .reverse()
        .join('')}
      <g filter="url(#glow)">${bokeh(rand, 14, ['#ffb347', '#ffd27a'], 500, 1000)}</g>`,
    ),
  // 供果: fruit and flowers on an altar table.
  offerings: (rand) =>
    svg(
      sky('s', [
        [0, '#5e2a1d'],
        [1, '#2a120c'],
      ]),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
      <g filter="url(#far)">${bokeh(rand, 24, ['#e8a84a', '#f5d08a'], 0, 500)}</g>
      <path d="M0 640 H${W} V${H} H0Z" fill="#7a3b1f"/><path d="M0 640 H${W} V660 H0Z" fill="#a35a2c"/>
      <ellipse cx="520" cy="660" rx="220" ry="40" fill="#d8c8a0"/>
      ${Array.from({ length: 11 }, (_, i) => {
        const x = 400 + (i % 4) * 80 + (i > 7 ? 40 : 0);
        const y = 610 - Math.floor(i / 4) * 70;
        return `<circle cx="${x}" cy="${y}" r="48" fill="${i % 3 ? '#ef8a1f' : '#f2a33a'}"/><circle cx="${x - 14}" cy="${y - 16}" r="12" fill="#ffd08a" opacity=".7"/>`;
      }).join('')}
      <ellipse cx="1090" cy="660" rx="220" ry="40" fill="#d8c8a0"/>
      ${Array.from({ length: 9 }, (_, i) => {
        const x = 980 + (i % 4) * 75;
        const y = 612 - Math.floor(i / 4) * 66;
        return `<circle cx="${x}" cy="${y}" r="44" fill="${i % 2 ? '#b3202a' : '#cf3b2c'}"/><circle cx="${x - 12}" cy="${y - 14}" r="10" fill="#ff9a8a" opacity=".6"/>`;
      }).join('')}
      <g filter="url(#soft)">${lotusFlower(800, 420, 1.1, '#f1c0cf')}${lotusFlower(730, 470, 0.8, '#f6d3de')}${lotusFlower(880, 470, 0.8, '#f6d3de')}</g>
      <path d="M770 640 L790 470 H810 L830 640Z" fill="#c9a24a"/>`,
    ),
};

/** What a camera adds: uneven light and a vignette (multiplied), then grain (overlaid). */
const lightAndVignette = svg(
  `<radialGradient id="v" cx=".45" cy=".42" r=".75"><stop offset=".45" stop-color="#fff"/><stop offset="1" stop-color="#5a5048"/></radialGradient>`,
  `<rect width="${W}" height="${H}" fill="url(#v)"/>`,
);

/** Sensor grain: grey gaussian noise (Box-Muller over the seeded generator, so it too is the same each run). */
const grain = (seed: number) => {
  const rand = random(1000 + seed);
  const sigma = 26 + (seed % 3) * 4;
  const pixels = new Uint8Array(W * H * 3);
  for (let i = 0; i < pixels.length; i += 1) {
    const gauss = Math.sqrt(-2 * Math.log(rand() || 1e-9)) * Math.cos(2 * Math.PI * rand());
    pixels[i] = Math.max(0, Math.min(255, Math.round(128 + gauss * sigma)));
  }
  return sharp(pixels, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
};

mkdirSync(OUT, { recursive: true });
let total = 0;
for (const [index, name] of SEED_PHOTOS.entries()) {
  const scene = scenes[name];
  if (!scene) throw new Error(`no scene for ${name}`);
  const drawn = await sharp(Buffer.from(scene(random(index + 1))))
    .blur(1.1)
    .png()
    .toBuffer();
  const jpeg = await sharp(drawn)
    .composite([
      { input: Buffer.from(lightAndVignette), blend: 'multiply' },
      { input: await grain(index), blend: 'soft-light' },
    ])
    .modulate({ saturation: 0.92 })
    .jpeg({ quality: 74, mozjpeg: true })
    .toBuffer();
  writeFileSync(join(OUT, `${name}.jpg`), jpeg);
  total += jpeg.byteLength;
  process.stdout.write(`${name}.jpg ${(jpeg.byteLength / 1024).toFixed(0)} KB\n`);
}
process.stdout.write(`${SEED_PHOTOS.length} photographs, ${(total / 1024).toFixed(0)} KB in all\n`);
