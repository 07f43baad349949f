/**
 * The temple tour's pictures, drawn as small flat SVG scenes (no photograph is shipped): a sky of
 * the hour, soft hills, the ground and one subject of the temple. `scripts/generate-tour-images.ts`
 * writes them to `src/web/public/tour/`; a test checks the files still match this drawing.
 * Not imported by the page, so none of it reaches the browser bundle.
 */

export type Hour = 'morning' | 'day' | 'dusk' | 'snow' | 'night';

interface Sky {
  top: string;
  bottom: string;
  ground: string;
  hills: string;
  light: string;
}

const skies: Record<Hour, Sky> = {
  morning: { top: '#f1e2c2', bottom: '#fbf6e9', ground: '#d9cfb7', hills: '#cbc4ac', light: '#f7dca0' },
  day: { top: '#c9d9df', bottom: '#eef2ec', ground: '#d6cdb5', hills: '#b3c2bb', light: '#fbf3df' },
  dusk: { top: '#e4ae86', bottom: '#f6e0c0', ground: '#cbb898', hills: '#c0977b', light: '#f9d9a0' },
  snow: { top: '#d4dade', bottom: '#f3f4f2', ground: '#f4f4f0', hills: '#c5cdd2', light: '#fbfbf7' },
  night: { top: '#1d2842', bottom: '#3b4965', ground: '#2a3146', hills: '#2e3954', light: '#f3e6b8' },
};

export const TOUR_WIDTH = 960;
export const TOUR_HEIGHT = 640;
const W = TOUR_WIDTH;
const H = TOUR_HEIGHT;
/** Where the ground begins. */
const G = 500;

const ROOF = '#403b37';
const RIDGE = '#2d2926';
const WALL = '#9a3a26';
const COLUMN = '#74291b';
const STONE = '#d9cfbb';
const STONE_DARK = '#b5aa94';
const GOLD = '#d0aa58';
const BRACKET = '#5a4636';
const LEAF = '#6f8a52';
const LEAF_DARK = '#4f6a3c';
const WATER = '#8fb0b2';

const r = (x: number) => Math.round(x);

interface Ctx {
  sky: Sky;
  snow: boolean;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}" fill="${fill}"${extra}/>`;

/** A hall's roof with its eaves turned up at both ends, ridge on top. */
const roof = (c: Ctx, cx: number, top: number, w: number, h: number) => {
  const L = cx - w / 2;
  const R = cx + w / 2;
  const yb = top + h;
  const tip = yb - h * 0.35;
  const body = `<path fill="${ROOF}" d="M${r(L)} ${r(tip)}Q${r(L + w * 0.06)} ${r(yb)} ${r(L + w * 0.14)} ${r(yb)}H${r(R - w * 0.14)}Q${r(R - w * 0.06)} ${r(yb)} ${r(R)} ${r(tip)}Q${r(cx + w * 0.36)} ${r(yb - h * 0.45)} ${r(cx + w * 0.3)} ${r(top)}H${r(cx - w * 0.3)}Q${r(cx - w * 0.36)} ${r(yb - h * 0.45)} ${r(L)} ${r(tip)}Z"/>`;
  const ridge = rect(cx - w * 0.32, top - h * 0.12, w * 0.64, h * 0.16, RIDGE);
  const eave = `<path stroke="${GOLD}" stroke-opacity=".55" stroke-width="3" d="M${r(L + w * 0.14)} ${r(yb - 3)}H${r(R - w * 0.14)}"/>`;
  const snow = c.snow
    ? `<path fill="#fbfbf8" d="M${r(cx - w * 0.3)} ${r(top - h * 0.12)}H${r(cx + w * 0.3)}Q${r(cx + w * 0.36)} ${r(yb - h * 0.5)} ${r(R - w * 0.04)} ${r(tip - 4)}Q${r(cx)} ${r(top + h * 0.5)} ${r(L + w * 0.04)} ${r(tip - 4)}Q${r(cx - w * 0.36)} ${r(yb - h * 0.5)} ${r(cx - w * 0.3)} ${r(top - h * 0.12)}Z"/>`
    : '';
  return body + ridge + snow + eave;
};

/** Stone platform, red walls, columns, lattice doors, bracket band and one or two roofs. */
const hall = (c: Ctx, cx: number, w: number, bodyH: number, tiers = 1, bays = 5, baseY = G + 10) => {
  const baseH = 22;
  const bw = w * 0.9;
  const top = baseY - baseH - bodyH;
  let out = rect(cx - w * 0.56, baseY - baseH, w * 1.12, baseH, STONE);
  out += rect(cx - w * 0.1, baseY - baseH, w * 0.2, baseH, STONE_DARK);
  out += rect(cx - bw / 2, top, bw, bodyH, WALL);
  const step = bw / bays;
  for (let i = 0; i < bays; i++) {
    const x = cx - bw / 2 + i * step;
    out += rect(x + step * 0.16, top + bodyH * 0.22, step * 0.68, bodyH * 0.78, 'url(#lat)');
  }
  for (let i = 0; i <= bays; i++) out += rect(cx - bw / 2 + i * step - 4, top, 8, bodyH, COLUMN);
  out += rect(cx - bw / 2, top, bw, bodyH * 0.14, BRACKET);
  const roofH = bodyH * 0.62;
  out += roof(c, cx, top - roofH + 6, w * 1.25, roofH);
  if (tiers > 1) {
    const upperH = bodyH * 0.36;
    const upperTop = top - roofH - upperH + 10;
    out += rect(cx - bw * 0.36, upperTop, bw * 0.72, upperH, WALL);
    out += rect(cx - bw * 0.36, upperTop, bw * 0.72, upperH * 0.3, BRACKET);
    out += rect(cx - 34, upperTop + upperH * 0.35, 68, upperH * 0.5, GOLD);
    out += roof(c, cx, upperTop - roofH * 0.85 + 6, w * 0.98, roofH * 0.85);
  }
  return out;
};

/** The gate: a hall whose front has three dark arches. */
const gate = (c: Ctx, cx: number, w: number, bodyH: number) => {
  const top = G + 10 - 22 - bodyH;
  let out = rect(cx - w * 0.56, G - 12, w * 1.12, 22, STONE);
  out += rect(cx - w * 0.45, top, w * 0.9, bodyH, WALL);
  for (const dx of [-0.28, 0, 0.28]) {
    const aw = dx === 0 ? w * 0.16 : w * 0.12;
    const ah = dx === 0 ? bodyH * 0.7 : bodyH * 0.58;
    const x = cx + dx * w;
    out += `<path fill="#3a2a22" d="M${r(x - aw / 2)} ${G - 12}V${r(G - 12 - ah + aw / 2)}A${r(aw / 2)} ${r(aw / 2)} 0 0 1 ${r(x + aw / 2)} ${r(G - 12 - ah + aw / 2)}V${G - 12}Z"/>`;
  }
  out += rect(cx - w * 0.45, top, w * 0.9, bodyH * 0.12, BRACKET);
  out += rect(cx - 40, top + bodyH * 0.14, 80, 22, GOLD);
  out += roof(c, cx, top - bodyH * 0.5 + 6, w * 1.2, bodyH * 0.5);
  return out;
};

/** A tall stone base with an arched passage, and a pavilion holding a bell or a drum. */
const tower = (c: Ctx, cx: number, inner: 'bell' | 'drum') => {
  const w = 230;
  const baseTop = G - 150;
  let out = rect(cx - w / 2, baseTop, w, 160, STONE);
  out += `<path fill="#4a3a30" d="M${cx - 32} ${G + 10}V${G - 50}A32 32 0 0 1 ${cx + 32} ${G - 50}V${G + 10}Z"/>`;
  const pTop = baseTop - 110;
  out += rect(cx - w * 0.38, pTop, w * 0.76, 110, WALL);
  out += rect(cx - w * 0.28, pTop + 18, w * 0.56, 92, '#5b2318');
  out +=
    inner === 'bell'
      ? `<path fill="${GOLD}" d="M${cx - 30} ${pTop + 96}Q${cx - 30} ${pTop + 36} ${cx} ${pTop + 34}Q${cx + 30} ${pTop + 36} ${cx + 30} ${pTop + 96}Z"/>${rect(cx - 4, pTop + 20, 8, 16, GOLD)}`
      : `<circle cx="${cx}" cy="${pTop + 66}" r="36" fill="#a8402a" stroke="${GOLD}" stroke-width="6"/>`;
  for (const dx of [-0.38, -0.28, 0.28, 0.38]) out += rect(cx + dx * w - 4, pTop, 8, 110, COLUMN);
  out += roof(c, cx, pTop - 58, w * 1.15, 64);
  out += rect(cx - w * 0.26, pTop - 86, w * 0.52, 30, WALL);
  out += roof(c, cx, pTop - 130, w * 0.85, 52);
  return out;
};

/** A pagoda of several storeys narrowing upward, a finial on top. */
const pagoda = (c: Ctx, cx: number, levels: number, w: number, storey = 44) => {
  let out = rect(cx - w * 0.6, G - 10, w * 1.2, 20, STONE);
  let y = G - 10;
  for (let i = 0; i < levels; i++) {
    const bw = w * (1 - i * 0.08);
    const h = storey - i * 2;
    out += rect(cx - bw / 2, y - h, bw, h, i % 2 ? '#c8b79a' : '#d2c3a6');
    out += rect(cx - bw * 0.1, y - h * 0.8, bw * 0.2, h * 0.8, '#5b4636');
    y -= h;
    out += roof(c, cx, y - 22, bw * 1.35, 26);
    y -= 22;
  }
  out += `<path stroke="${GOLD}" stroke-width="6" d="M${cx} ${r(y - 4)}V${r(y - 70)}"/>`;
  for (const dy of [20, 36, 52]) out += `<circle cx="${cx}" cy="${r(y - dy)}" r="9" fill="${GOLD}"/>`;
  return out;
};

/** Still water from `y` down, with a few ripples. */
const pond = (y: number, h = H - y) => {
  let out = rect(0, y, W, h, 'url(#water)');
  for (let i = 0; i < 6; i++) {
    const x = 80 + ((i * 157) % 800);
    const yy = y + 24 + ((i * 37) % Math.max(20, h - 40));
    out += `<path stroke="#f4f1e6" stroke-opacity=".55" stroke-width="3" stroke-linecap="round" d="M${x} ${r(yy)}h${60 + ((i * 23) % 50)}"/>`;
  }
  return out;
};

const lotus = (x: number, y: number, bloom: boolean) => {
  let out = `<ellipse cx="${x}" cy="${y}" rx="46" ry="14" fill="${LEAF}"/><path stroke="${LEAF_DARK}" stroke-width="2" d="M${x} ${y}l-30 -6M${x} ${y}l30 -6"/>`;
  if (bloom)
    out += `<path fill="#e9a3a0" d="M${x} ${y - 44}C${x + 14} ${y - 30} ${x + 12} ${y - 12} ${x} ${y - 8}C${x - 12} ${y - 12} ${x - 14} ${y - 30} ${x} ${y - 44}Z"/><path fill="#d98682" d="M${x} ${y - 8}C${x - 22} ${y - 14} ${x - 30} ${y - 28} ${x - 28} ${y - 34}C${x - 12} ${y - 28} ${x - 4} ${y - 18} ${x} ${y - 8}ZM${x} ${y - 8}C${x + 22} ${y - 14} ${x + 30} ${y - 28} ${x + 28} ${y - 34}C${x + 12} ${y - 28} ${x + 4} ${y - 18} ${x} ${y - 8}Z"/>`;
  return out;
};

const tree = (x: number, base: number, s: number, kind: 'ginkgo' | 'pine' | 'willow' | 'round') => {
  const trunk = `<path fill="#5e4433" d="M${r(x - 10 * s)} ${base}L${r(x - 5 * s)} ${r(base - 120 * s)}H${r(x + 5 * s)}L${r(x + 10 * s)} ${base}Z"/>`;
  if (kind === 'pine') {
    let out = trunk;
    for (const [dy, rx] of [
      [110, 90],
      [150, 70],
      [186, 50],
    ] as const)
      out += `<ellipse cx="${x}" cy="${r(base - dy * s)}" rx="${r(rx * s)}" ry="${r(20 * s)}" fill="#3f5a3a"/>`;
    return out;
  }
  if (kind === 'willow') {
    let out = `${trunk}<ellipse cx="${x}" cy="${r(base - 150 * s)}" rx="${r(80 * s)}" ry="${r(46 * s)}" fill="#8aa165"/>`;
    for (let i = -3; i <= 3; i++)
      out += `<path fill="none" stroke="#7c955a" stroke-width="${r(5 * s)}" stroke-linecap="round" d="M${r(x + i * 22 * s)} ${r(base - 130 * s)}q${r(6 * s)} ${r(60 * s)} ${r(-4 * s)} ${r(100 * s)}"/>`;
    return out;
  }
  const fill = kind === 'ginkgo' ? '#d9ae45' : '#7f9a5c';
  const dark = kind === 'ginkgo' ? '#c2922f' : LEAF_DARK;
  return `${trunk}<circle cx="${r(x - 40 * s)}" cy="${r(base - 150 * s)}" r="${r(52 * s)}" fill="${dark}"/><circle cx="${r(x + 42 * s)}" cy="${r(base - 145 * s)}" r="${r(50 * s)}" fill="${dark}"/><circle cx="${x}" cy="${r(base - 185 * s)}" r="${r(64 * s)}" fill="${fill}"/>`;
};

const bamboo = (x0: number, x1: number, count: number, top = 60) => {
  let out = '';
  const step = (x1 - x0) / count;
  for (let i = 0; i < count; i++) {
    const x = r(x0 + i * step + ((i * 29) % 17));
    const t = top + ((i * 53) % 140);
    const tone = i % 2 ? LEAF : '#5f7d48';
    out += `<path stroke="${tone}" stroke-width="9" d="M${x} ${G + 40}V${t}"/>`;
    const gap = 62 + ((i * 19) % 34);
    for (let y = t + 40 + ((i * 11) % 30), k = 0; y < G - 40; y += gap, k++) {
      const d = (i + k) % 2 ? 1 : -1;
      out += `<path stroke="#4a643a" stroke-width="2" d="M${x - 5} ${y}h10"/>`;
      if (k % 3 !== 2)
        out += `<path fill="${tone}" d="M${x} ${y}q${d * 34} -2 ${d * 54} 16q${d * -28} -6 ${d * -54} -16Z"/><path fill="#5f7d48" d="M${x} ${y + 4}q${d * 24} 8 ${d * 36} 30q${d * -20} -12 ${d * -36} -30Z"/>`;
    }
  }
  return out;
};

/** A long covered walk: roof, columns and a low railing. */
const corridor = (c: Ctx, x0: number, x1: number, base: number, h: number, posts: number) => {
  const w = x1 - x0;
  let out = rect(x0 - 10, base - 14, w + 20, 14, STONE);
  const step = w / posts;
  for (let i = 0; i <= posts; i++) out += rect(x0 + i * step - 5, base - 14 - h, 10, h, COLUMN);
  out += `<path stroke="${COLUMN}" stroke-width="5" d="M${x0} ${base - 40}H${x1}"/>`;
  out += rect(x0, base - 14 - h, w, 12, BRACKET);
  out += roof(c, (x0 + x1) / 2, base - 14 - h - 50, w + 80, 56);
  return out;
};

const censer = (cx: number, base: number, s: number) => {
  const k = (v: number) => r(v * s);
  let out = `<path fill="#6b5233" d="M${cx - k(60)} ${base}l${k(14)} -${k(50)}h${k(8)}l-${k(8)} ${k(50)}ZM${cx + k(60)} ${base}l-${k(14)} -${k(50)}h-${k(8)}l${k(8)} ${k(50)}Z"/>`;
  out += `<path fill="#7c5f3a" d="M${cx - k(90)} ${base - k(60)}Q${cx - k(90)} ${base - k(150)} ${cx} ${base - k(150)}Q${cx + k(90)} ${base - k(150)} ${cx + k(90)} ${base - k(60)}Z"/>`;
  out += rect(cx - k(100), base - k(160), k(200), k(14), '#8e6c40');
  out += `<path fill="#6b5233" d="M${cx - k(60)} ${base - k(160)}Q${cx} ${base - k(230)} ${cx + k(60)} ${base - k(160)}Z"/>`;
  out += `<circle cx="${cx}" cy="${base - k(232)}" r="${k(12)}" fill="${GOLD}"/>`;
  for (const dx of [-30, 0, 30])
    out += `<path fill="none" stroke="#f3efe6" stroke-opacity=".6" stroke-width="${k(5)}" stroke-linecap="round" d="M${cx + k(dx)} ${base - k(240)}c${k(-18)} ${k(-30)} ${k(18)} ${k(-50)} 0 ${k(-80)}s${k(18)} ${k(-50)} 0 ${k(-80)}"/>`;
  return out;
};

/** 经幢: an octagonal stone column in stacked tiers, a canopy and a pearl on top. */
const pillar = (cx: number, base: number, s: number) => {
  const k = (v: number) => r(v * s);
  let out = rect(cx - k(70), base - k(30), k(140), k(30), STONE_DARK);
  out += rect(cx - k(54), base - k(60), k(108), k(30), STONE);
  out += rect(cx - k(30), base - k(260), k(60), k(200), '#cfc4ae');
  for (let y = 80; y < 250; y += 34) out += rect(cx - k(18), base - k(y + 12), k(36), k(4), '#a79a82');
  out += `<path fill="${STONE_DARK}" d="M${cx - k(62)} ${base - k(260)}L${cx} ${base - k(300)}L${cx + k(62)} ${base - k(260)}Z"/>`;
  out += rect(cx - k(22), base - k(330), k(44), k(30), '#cfc4ae');
  out += `<path fill="${STONE_DARK}" d="M${cx - k(44)} ${base - k(330)}L${cx} ${base - k(356)}L${cx + k(44)} ${base - k(330)}Z"/>`;
  out += `<circle cx="${cx}" cy="${base - k(372)}" r="${k(16)}" fill="${GOLD}"/>`;
  return out;
};

/** 牌坊: four posts, a high middle roof and two lower ones. */
const archway = (c: Ctx, cx: number, w: number, h: number) => {
  let out = '';
  for (const dx of [-0.5, -0.2, 0.2, 0.5]) {
    out += rect(cx + dx * w - 12, G - h, 24, h + 10, '#a8402a');
    out += rect(cx + dx * w - 24, G - 20, 48, 30, STONE);
  }
  out += rect(cx - w * 0.2, G - h + 20, w * 0.4, 40, BRACKET);
  out += rect(cx - 60, G - h + 26, 120, 28, GOLD);
  out += rect(cx - w * 0.5, G - h + 70, w * 0.3, 24, BRACKET);
  out += rect(cx + w * 0.2, G - h + 70, w * 0.3, 24, BRACKET);
  out += roof(c, cx, G - h - 40, w * 0.55, 50);
  out += roof(c, cx - w * 0.35, G - h + 24, w * 0.38, 44);
  out += roof(c, cx + w * 0.35, G - h + 24, w * 0.38, 44);
  return out;
};

/** 照壁: a screen wall with a roof and a carved round lotus in the middle. */
const screenWall = (c: Ctx, cx: number, w: number, h: number) => {
  let out = rect(cx - w / 2 - 20, G - 20, w + 40, 30, STONE);
  out += rect(cx - w / 2, G - 20 - h, w, h, WALL);
  out += rect(cx - w / 2 + 16, G - 4 - h, w - 32, h - 32, 'none', ` stroke="${GOLD}" stroke-width="4"`);
  out += `<circle cx="${cx}" cy="${r(G - 20 - h / 2)}" r="${r(h * 0.3)}" fill="#b65a3f" stroke="${GOLD}" stroke-width="5"/>`;
  out += lotus(cx, r(G - 20 - h / 2 + h * 0.16), true);
  out += roof(c, cx, G - 20 - h - 56, w * 1.15, 60);
  return out;
};

const stele = (x: number, base: number, h: number) =>
  `<path fill="#8b8577" d="M${x - 30} ${base}V${base - h + 24}Q${x - 30} ${base - h} ${x} ${base - h}Q${x + 30} ${base - h} ${x + 30} ${base - h + 24}V${base}Z"/>${rect(x - 2, base - h + 36, 4, h - 60, '#5e594f')}${rect(x - 40, base, 80, 14, STONE_DARK)}`;

const lanterns = (x0: number, x1: number, y: number, count: number) => {
  let out = `<path fill="none" stroke="${BRACKET}" stroke-width="3" d="M${x0} ${y}Q${(x0 + x1) / 2} ${y + 30} ${x1} ${y}"/>`;
  for (let i = 0; i < count; i++) {
    const t = (i + 0.5) / count;
    const x = r(x0 + (x1 - x0) * t);
    const yy = r(y + 60 * t * (1 - t) + 36);
    out += `<path stroke="${BRACKET}" stroke-width="2" d="M${x} ${yy - 40}V${yy - 24}"/>${rect(x - 14, yy - 26, 28, 6, GOLD)}<ellipse cx="${x}" cy="${yy}" rx="26" ry="22" fill="#c23b26"/>${rect(x - 14, yy + 20, 28, 6, GOLD)}<path stroke="${GOLD}" stroke-width="3" d="M${x} ${yy + 26}v18"/>`;
  }
  return out;
};

const hills = (c: Ctx, y: number) =>
  `<path fill="${c.sky.hills}" d="M0 ${y}Q120 ${y - 90} 260 ${y - 40}T540 ${y - 70}T820 ${y - 30}Q900 ${y - 10} ${W} ${y - 50}V${G}H0Z"/>`;

const clouds = (c: Ctx) =>
  c.snow || c.sky === skies.night
    ? ''
    : `<g fill="#fffdf6" opacity=".55"><ellipse cx="190" cy="110" rx="90" ry="16"/><ellipse cx="250" cy="96" rx="60" ry="14"/><ellipse cx="760" cy="150" rx="110" ry="15"/></g>`;

const snowfall = () => {
  let out = '<g fill="#ffffff" opacity=".8">';
  for (let i = 0; i < 40; i++)
    out += `<circle cx="${(i * 97) % W}" cy="${(i * 61) % G}" r="${2 + (i % 3)}"/>`;
  return `${out}</g>`;
};

export interface TourScene {
  hour: Hour;
  /** Distant hills behind the subject. */
  hills?: boolean;
  /** A sun (or the moon at night) at this x. */
  orb?: number;
  draw: (c: Ctx) => string;
}

/** The whole picture: sky, light, hills, ground, the subject; the 960 x 640 frame is fixed. */
export const tourImageSvg = (scene: TourScene): string => {
  const sky = skies[scene.hour];
  const c: Ctx = { sky, snow: scene.hour === 'snow' };
  const orb =
    scene.orb === undefined
      ? ''
      : `<circle cx="${scene.orb}" cy="120" r="${scene.hour === 'night' ? 42 : 56}" fill="${sky.light}" opacity="${scene.hour === 'night' ? 1 : 0.85}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient><linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${WATER}"/><stop offset="1" stop-color="#5f8a86"/></linearGradient><pattern id="lat" width="12" height="12" patternUnits="userSpaceOnUse"><rect width="12" height="12" fill="#c79a55"/><path d="M0 0L12 12M12 0L0 12" stroke="#8a5a2c" stroke-width="1.5"/></pattern></defs>
${rect(0, 0, W, H, 'url(#sky)')}${orb}${clouds(c)}${scene.hills ? hills(c, G - 40) : ''}${rect(0, G, W, H - G, sky.ground)}
${scene.draw(c)}${c.snow ? snowfall() : ''}
</svg>
`;
};

/** Every picture of the tour by file name (without `.svg`), in the order of the tour. */
export const tourScenes: Record<string, TourScene> = {
  'shan-men': { hour: 'morning', hills: true, orb: 780, draw: (c) => gate(c, 480, 480, 170) },
  'tian-wang-dian': {
    hour: 'day',
    hills: true,
    draw: (c) => tree(120, G + 10, 0.9, 'pine') + hall(c, 480, 460, 150) + tree(850, G + 10, 0.9, 'pine'),
  },
  'da-xiong-bao-dian': {
    hour: 'morning',
    hills: true,
    orb: 160,
    draw: (c) => hall(c, 480, 560, 170, 2, 7, G - 10) + censer(480, G + 110, 0.45),
  },
  'zhong-lou': {
    hour: 'morning',
    orb: 760,
    draw: (c) => tower(c, 420, 'bell') + tree(760, G + 10, 0.8, 'pine'),
  },
  'gu-lou': { hour: 'dusk', orb: 190, draw: (c) => tower(c, 540, 'drum') + tree(190, G + 10, 0.8, 'round') },
  'cang-jing-lou': {
    hour: 'day',
    hills: true,
    draw: (c) =>
      hall(c, 480, 520, 120) +
      rect(480 - 234, G - 300, 468, 110, WALL) +
      rect(480 - 234, G - 210, 468, 10, '#e7dcc6') +
      rect(480 - 200, G - 285, 400, 70, 'url(#lat)') +
      roof(c, 480, G - 372, 600, 80),
  },
  'fang-sheng-chi': {
    hour: 'day',
    hills: true,
    draw: (c) =>
      hall(c, 480, 380, 110, 1, 5, G - 60) +
      pond(G - 50) +
      `<g fill="#d9793e"><path d="M300 580q30-18 60 0q-30 18-60 0l-18-12v24Z"/><path d="M620 540q26-14 52 0q-26 14-52 0l-16-10v20Z"/></g>` +
      `${rect(0, G - 60, W, 10, STONE)}`,
  },
  'hui-lang': { hour: 'day', hills: true, draw: (c) => corridor(c, 110, 850, G + 40, 190, 8) },
  'guan-yin-dian': {
    hour: 'morning',
    orb: 820,
    draw: (c) => hall(c, 520, 420, 140) + tree(130, G + 20, 1, 'willow'),
  },
  'di-zang-dian': { hour: 'dusk', hills: true, orb: 800, draw: (c) => hall(c, 470, 460, 150, 1, 5) },
  'yao-shi-dian': {
    hour: 'day',
    draw: (c) => hall(c, 480, 440, 140) + tree(100, G + 20, 0.9, 'round') + tree(860, G + 20, 0.9, 'round'),
  },
  'fa-tang': { hour: 'day', hills: true, draw: (c) => hall(c, 480, 500, 150, 2, 5, G) },
  'chan-tang': {
    hour: 'morning',
    draw: (c) => bamboo(0, 220, 6) + hall(c, 520, 420, 130) + bamboo(780, 960, 5),
  },
  'nian-fo-tang': {
    hour: 'dusk',
    draw: (c) => hall(c, 480, 480, 150) + lanterns(120, 840, 190, 6),
  },
  'zhai-tang': {
    hour: 'day',
    hills: true,
    draw: (c) => hall(c, 440, 400, 120, 1, 4) + tree(820, G + 20, 0.9, 'round'),
  },
  'ke-tang': {
    hour: 'morning',
    draw: (c) => hall(c, 420, 380, 120, 1, 4) + tree(800, G + 30, 1.1, 'ginkgo'),
  },
  'wan-fo-ta': { hour: 'day', hills: true, orb: 200, draw: (c) => pagoda(c, 480, 7, 170) },
  'zhao-bi': { hour: 'morning', draw: (c) => screenWall(c, 480, 520, 220) },
  'xiang-lu': { hour: 'day', draw: (c) => hall(c, 480, 700, 120, 1, 7, G - 90) + censer(480, G + 80, 1) },
  'jing-chuang': {
    hour: 'dusk',
    hills: true,
    orb: 760,
    draw: () => pillar(480, G + 40, 1.05) + tree(170, G + 20, 0.9, 'pine'),
  },
  'pai-fang': { hour: 'day', hills: true, draw: (c) => archway(c, 480, 600, 260) },
  'yue-dong-men': {
    hour: 'day',
    draw: () =>
      tree(480, G - 20, 1, 'round') +
      `<path fill="${WALL}" fill-rule="evenodd" d="M0 170H${W}V${G + 10}H0ZM480 ${G - 170}m-170 0a170 170 0 1 0 340 0a170 170 0 1 0-340 0Z"/>` +
      `<circle cx="480" cy="${G - 170}" r="170" fill="none" stroke="${STONE}" stroke-width="14"/>` +
      rect(0, 150, W, 22, ROOF) +
      rect(0, 142, W, 10, RIDGE),
  },
  'shi-qiao': {
    hour: 'morning',
    hills: true,
    draw: () =>
      pond(G) +
      `<path fill="${STONE}" d="M180 ${G + 40}Q480 ${G - 150} 780 ${G + 40}V${G + 60}H700Q480 ${G - 120} 260 ${G + 60}H180Z"/>` +
      `<path fill="none" stroke="${STONE_DARK}" stroke-width="5" d="M190 ${G + 20}Q480 ${G - 170} 770 ${G + 20}"/>` +
      `<path fill="#d2c7b2" opacity=".5" d="M260 ${G + 60}Q480 ${G + 240} 700 ${G + 60}Z"/>` +
      tree(90, G, 0.8, 'willow'),
  },
  'he-hua-chi': {
    hour: 'day',
    draw: (c) =>
      hall(c, 480, 300, 90, 1, 3, G - 70) +
      pond(G - 60) +
      lotus(150, 560, true) +
      lotus(330, 610, false) +
      lotus(560, 570, true) +
      lotus(800, 600, true) +
      lotus(700, 520, false),
  },
  'yin-xing-gu-shu': {
    hour: 'dusk',
    draw: (c) =>
      hall(c, 760, 300, 100, 1, 3) +
      tree(330, G + 40, 1.9, 'ginkgo') +
      `<g fill="#e0b347">${[120, 260, 420, 560, 640, 220, 480].map((x, i) => `<ellipse cx="${x}" cy="${G + 50 + (i % 3) * 30}" rx="10" ry="5"/>`).join('')}</g>`,
  },
  'zhu-lin-xiao-jing': {
    hour: 'morning',
    hills: true,
    draw: (c) =>
      hall(c, 482, 120, 40, 1, 3, G + 4) +
      `<path fill="#b3a486" d="M360 ${H}Q470 ${G + 60} 472 ${G}H492Q500 ${G + 60} 600 ${H}Z"/>` +
      [520, 556, 598].map((y, i) => rect(462 - i * 26, y, 40 + i * 52, 12, '#958668')).join('') +
      bamboo(0, 400, 9, 20) +
      bamboo(560, 960, 9, 20),
  },
  'bei-lang': {
    hour: 'day',
    draw: (c) =>
      corridor(c, 80, 880, G + 30, 220, 6) +
      [210, 350, 480, 610, 750].map((x) => stele(x, G + 16, 150)).join(''),
  },
  'qi-fu-deng-long': {
    hour: 'night',
    orb: 820,
    draw: (c) => hall(c, 480, 520, 150) + lanterns(60, 900, 150, 7),
  },
  'xue-zhong-da-dian': { hour: 'snow', hills: true, draw: (c) => hall(c, 480, 540, 160, 2, 7, G) },
  'yue-xia-bao-ta': {
    hour: 'night',
    hills: true,
    orb: 230,
    draw: (c) => pagoda(c, 600, 7, 160) + tree(860, G + 10, 0.8, 'pine'),
  },
  'yuan-tiao-si-yuan': {
    hour: 'morning',
    hills: true,
    orb: 480,
    draw: (c) =>
      hall(c, 200, 220, 70, 1, 3, G - 20) +
      hall(c, 760, 220, 70, 1, 3, G - 20) +
      hall(c, 480, 320, 96, 2, 5, G + 10) +
      pagoda(c, 900, 5, 60, 26) +
      tree(60, G + 40, 0.7, 'pine'),
  },
};
