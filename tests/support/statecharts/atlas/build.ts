import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { findMachine, type MachineEntry, type MachineName, machineRegistry } from '@machines/index';
import { chromium, type Page } from '@playwright/test';
import { isMotif, seedImageSvg } from '@server/images/seed-image';
import sharp from 'sharp';
import { build } from 'vite';
import { toSvg } from '../diagrams';
import { machineFiles, ROOT, routeFlows } from './flow-map';
import { ATLAS_DIR, type AtlasManifest, manifestOf } from './manifest';
import { atlasModel } from './model';
import { ATLAS_CSS, indexPage, machinePage, type ScreenShot } from './pages';
import type { RecordedScreen } from './recorder';

/**
 * `npm run atlas [-- <machine>…]`: runs the view-path tests with the recorder on, renders each
 * state's recorded page in Chromium (the site's built stylesheet, 1440×900, and the open
 * dialog's crop), and writes docs/flows/atlas: a page per machine, the index and the manifests
 * the atlas check reads. Named machines are redrawn alone; the index is always rewritten.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const name of names)
  if (!findMachine(name))
    throw new Error(`没有名为 ${name} 的状态机：${machineRegistry.map((e) => e.name).join(', ')}`);
const chosen = machineRegistry.filter((e) => names.length === 0 || names.includes(e.name));

const work = mkdtempSync(join(tmpdir(), 'atlas-'));
const siteDir = join(work, 'site');
const captureDir = join(work, 'capture');

const step = (what: string) => process.stderr.write(`atlas: ${what}\n`);

step('building the site for its stylesheets');
await build({
  configFile: join(ROOT, 'vite.config.ts'),
  logLevel: 'warn',
  build: { outDir: siteDir, emptyOutDir: true },
});
const stylesheet = (prefix: string) => {
  const file = readdirSync(join(siteDir, 'assets')).find((f) => f.startsWith(prefix) && f.endsWith('.css'));
  if (!file) throw new Error(`no ${prefix}*.css in the build`);
  return `/assets/${file}`;
};
const css = { site: stylesheet('site-'), console: stylesheet('console-') };

const views = chosen.filter((e) => e.surface === 'view');
step(`running the covering paths of ${views.length} machines on their views, recording each state`);
const tests = views.map((e) => `tests/web/flows/paths/${e.name}.paths.test.tsx`);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'web', ...tests], {
  cwd: ROOT,
  // Vite's build above set NODE_ENV=production in this process: the tests run as tests.
  env: { ...process.env, NODE_ENV: 'test', ATLAS_CAPTURE_DIR: captureDir },
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (run.status !== 0)
  throw new Error('the view-path tests failed: the atlas draws only what they pass through');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};
// The built site, and the drawn pictures the fixtures name (/images/<motif>.svg) as the server draws
// them; a name the server does not draw shows the lotus, as the page's fallback would (the recorded
// page is static: no script swaps a picture that fails).
const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://x');
  const motif = /^\/images\/([a-z]+)\.svg$/.exec(url.pathname)?.[1];
  if (motif) {
    const title = (url.searchParams.get('title') ?? '').slice(0, 20);
    response.writeHead(200, { 'content-type': 'image/svg+xml; charset=utf-8' });
    response.end(
      seedImageSvg(isMotif(motif) ? motif : 'lotus', title, Number(url.searchParams.get('tone')) || 0),
    );
    return;
  }
  const path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
  const file = join(siteDir, path);
  if (!existsSync(file) || !file.startsWith(siteDir)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  response.end(readFileSync(file));
});
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const address = server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

// jsdom has no object URLs: the tests show a fetched photo from a stand-in blob:test/<n>, which
// Chromium cannot open; the atlas draws a picture in its place.
const BLOB_STAND_IN = '/images/lotus.svg?title=%E7%85%A7%E7%89%87';

/** The recorded body in a page of its own with the built stylesheet; nothing moves. */
const screenPage = (entry: MachineEntry, screen: RecordedScreen) => {
  const onConsole = machineFiles(entry.name).views.every((f) => f.startsWith('src/web/admin/'));
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<link rel="stylesheet" href="${onConsole ? css.console : css.site}">
<style>*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}</style>
</head><body>${screen.html.replace(/blob:test\/\d+/g, BLOB_STAND_IN)}</body></html>`;
};

const DIALOG = '[role="dialog"], [role="alertdialog"]';

/** The page at 1440×900 (scrolled to the focus when no dialog is open), the dialog's crop, the texts shown. */
const shoot = async (page: Page, url: string) => {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready);
  const dialogs = page.locator(DIALOG);
  const open = (await dialogs.count()) > 0;
  if (!open)
    await page.evaluate(() =>
      document.querySelector('[data-atlas-focus]')?.scrollIntoView({ block: 'center' }),
    );
  const full = await page.screenshot();
  const dialog = open ? await dialogs.last().screenshot() : null;
  const texts = await page.evaluate((selector) => {
    // A drop-down shows its chosen option, not the 200 years it offers.
    for (const select of document.querySelectorAll('select')) {
      const shown = document.createElement('span');
      shown.textContent = select.selectedOptions[0]?.textContent ?? '';
      select.replaceWith(shown);
    }
    const root =
      [...document.querySelectorAll<HTMLElement>(selector)].at(-1) ??
      document.querySelector('main') ??
      document.body;
    const lines = root.innerText
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    return lines.filter((line, i) => line !== lines[i - 1]).slice(0, 80);
  }, DIALOG);
  return { full, dialog, texts };
};

const webp = (png: Buffer) => sharp(png).webp({ quality: 70, effort: 5 }).toBuffer();

mkdirSync(ATLAS_DIR, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
try {
  for (const entry of chosen) {
    step(`drawing ${entry.name}`);
    const model = atlasModel(entry);
    const shotsDir = join(ATLAS_DIR, entry.name);
    rmSync(shotsDir, { recursive: true, force: true });
    const capture = join(captureDir, `${entry.name}.json`);
    const recorded: RecordedScreen[] = existsSync(capture) ? JSON.parse(readFileSync(capture, 'utf8')) : [];
    const shots: Record<string, ScreenShot> = {};
    for (const state of model.states) {
      const screen = recorded.find((r) => r.leaf === state.id);
      if (entry.surface === 'server')
        shots[state.path] = { shown: false, reason: 'the machine runs on the server.' };
      else if (!screen)
        shots[state.path] = {
          shown: false,
          reason: 'no covering path rests in it (the view never shows it).',
        };
      else if (screen.unchanged)
        shots[state.path] = {
          shown: false,
          reason: `the page is the same as one step before (P${screen.path + 1}, step ${screen.step}): the view does not show it.`,
        };
      else {
        const file = `${state.path}.html`;
        mkdirSync(join(siteDir, 'atlas', entry.name), { recursive: true });
        writeFileSync(join(siteDir, 'atlas', entry.name, file), screenPage(entry, screen));
        const { full, dialog, texts } = await shoot(page, `${origin}/atlas/${entry.name}/${file}`);
        mkdirSync(shotsDir, { recursive: true });
        const screenFile = `${entry.name}/${state.path}.webp`;
        writeFileSync(join(ATLAS_DIR, screenFile), await webp(full));
        const dialogFile = dialog ? `${entry.name}/${state.path}-dialog.webp` : null;
        if (dialog && dialogFile) writeFileSync(join(ATLAS_DIR, dialogFile), await webp(dialog));
        shots[state.path] = { shown: true, screen: screenFile, dialog: dialogFile, texts };
      }
    }
    const routes = routeFlows()
      .filter((r) => r.machines.includes(entry.name))
      .map((r) => r.route);
    const html = machinePage(
      entry,
      model,
      await toSvg(entry, { links: true }),
      shots,
      machineFiles(entry.name),
      routes,
    );
    writeFileSync(join(ATLAS_DIR, `${entry.name}.html`), html);
    const manifest: AtlasManifest = manifestOf(model, shots);
    writeFileSync(join(ATLAS_DIR, `${entry.name}.json`), `${JSON.stringify(manifest, null, 2)}\n`);
  }
} finally {
  await browser.close();
  server.close();
  rmSync(work, { recursive: true, force: true });
}

step('writing the index');
const machines = machineRegistry.map((entry) => {
  const manifestFile = join(ATLAS_DIR, `${entry.name}.json`);
  const manifest: AtlasManifest | null = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : null;
  const shown = manifest ? Object.values(manifest.screens).filter((s) => 'screen' in s).length : 0;
  return { entry, model: atlasModel(entry), files: machineFiles(entry.name as MachineName), shown };
});
writeFileSync(join(ATLAS_DIR, 'index.html'), indexPage(routeFlows(), machines));
writeFileSync(join(ATLAS_DIR, 'atlas.css'), ATLAS_CSS);
step(`done: docs/flows/atlas (${chosen.length} machines drawn)`);
