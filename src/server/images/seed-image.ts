/**
 * The seed's pictures, drawn here as SVG (no image is fetched): a warm ground, a line motif in
 * gold, and the title. 800 x 500, so cards and banners crop them calmly.
 */
const palettes: [string, string][] = [
  ['#7a2417', '#b4533f'],
  ['#5b3a1e', '#a07040'],
  ['#2f4a43', '#5f8a7c'],
  ['#3b3355', '#6f6294'],
  ['#6b4a1f', '#b8893b'],
  ['#4a2a2a', '#8c4a3a'],
  ['#284055', '#5a7ea0'],
  ['#5a2f3f', '#9a5a6a'],
  ['#34452a', '#6f8a52'],
];

const motifs: Record<string, string> = {
  lotus: `<g transform="translate(400 215)">
    <path d="M0-95C28-60 28-20 0 15C-28-20-28-60 0-95Z"/>
    <path d="M0 15C-15-35-55-60-95-55C-80-15-40 12 0 15Z"/><path d="M0 15C15-35 55-60 95-55C80-15 40 12 0 15Z"/>
    <path d="M0 15C-40-5-100 0-140-15C-110 25-50 35 0 15Z"/><path d="M0 15C40-5 100 0 140-15C110 25 50 35 0 15Z"/>
    <path d="M-160 40C-80 30 80 30 160 40"/></g>`,
  pagoda: `<g transform="translate(400 240)">
    <path d="M0-150v20M-30-130h60l-10 20h-40zM-60-110h120M-45-110v35M45-110v35M-80-75h160l-15 18h-130z"/>
    <path d="M-60-57v35M60-57v35M-100-22h200l-18 20h-164zM-80-2v40M80-2v40M-120 38h240"/></g>`,
  buddha: `<g transform="translate(400 225)">
    <circle r="105" cy="-20"/><circle r="70" cy="-20" opacity=".6"/>
    <circle r="26" cy="-70"/><path d="M-45 40C-45-10-30-40 0-40S45-10 45 40Z"/>
    <path d="M-95 60C-60 35 60 35 95 60C60 75-60 75-95 60Z"/></g>`,
  lamp: `<g transform="translate(400 230)">
    <path d="M0-120C30-80 25-45 0-30C-25-45-30-80 0-120Z"/><path d="M0-95C12-75 10-55 0-48C-10-55-12-75 0-95Z" opacity=".7"/>
    <path d="M-70-20h140C60 25 35 40 0 40S-60 25-70-20Z"/><path d="M-20 40v30h40v-30M-50 75h100"/></g>`,
  mountain: `<g transform="translate(400 250)">
    <path d="M-260 50L-130-80L-60 0L40-120L160 20L260-40"/><path d="M-260 80C-130 60-40 95 60 70S200 60 260 80"/>
    <circle cx="150" cy="-110" r="30"/></g>`,
  tablet: `<g transform="translate(400 225)">
    <path d="M-55-130h110v230h-110z"/><path d="M-70-150C-40-175 40-175 70-150Z"/><path d="M-80 100h160v25h-160z"/>
    <path d="M0-105v170" stroke-dasharray="12 14"/></g>`,
};

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export const isMotif = (name: string): boolean => Object.hasOwn(motifs, name);

export const seedImageSvg = (motif: string, title: string, tone: number): string => {
  const [dark, light] = palettes[Math.abs(tone) % palettes.length] ?? ['#7a2417', '#b4533f'];
  const shape = motifs[motif] ?? motifs.lotus;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500" role="img" aria-label="${escapeXml(title)}">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
    <radialGradient id="r" cx=".5" cy=".42" r=".6"><stop offset="0" stop-color="#f5ecd6" stop-opacity=".28"/><stop offset="1" stop-color="#f5ecd6" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="800" height="500" fill="url(#g)"/><rect width="800" height="500" fill="url(#r)"/>
  <rect x="18" y="18" width="764" height="464" fill="none" stroke="#e6cf9a" stroke-opacity=".45" stroke-width="2"/>
  <g fill="none" stroke="#f0dcaa" stroke-width="5" stroke-linejoin="round" stroke-linecap="round">${shape}</g>
  <text x="400" y="440" text-anchor="middle" font-family="'Noto Serif CJK SC','Songti SC',serif" font-size="44" letter-spacing="6" fill="#fbf3df">${escapeXml(title)}</text>
</svg>`;
};
