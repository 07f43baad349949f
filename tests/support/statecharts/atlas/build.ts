import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findMachine, type MachineEntry, machineRegistry } from '@machines/index';
import { build } from 'vite';
import { toSvg } from '../diagrams';
import { openCamera } from './camera';
import { machineFiles, ROOT, routeFlows } from './flow-map';
import { ATLAS_DIR, type AtlasManifest, manifestOf } from './manifest';
import { atlasModel } from './model';
import { ATLAS_CSS, indexPage, machinePage, type ScreenShot } from './pages';
import { type AtlasColumn, captureFile, type RecordedScreen } from './recorder';

/**
 * `npm run atlas [-- <machine>…]`: runs the view-path tests with the recorder on, photographs each
 * state's recorded page in Chromium (camera.ts), and writes docs/flows/atlas: a page per machine,
 * the index and the manifests the atlas check reads. Named machines are redrawn alone; a full run
 * also removes what belongs to a machine no longer registered. A machine's pictures are drawn
 * aside and moved in at the end, so a failed run leaves the committed atlas as it was.
 */
const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const name of names)
  if (!findMachine(name))
    throw new Error(`没有名为 ${name} 的状态机：${machineRegistry.map((e) => e.name).join(', ')}`);
const chosen = machineRegistry.filter((e) => names.length === 0 || names.includes(e.name));
const step = (what: string) => process.stderr.write(`atlas: ${what}\n`);

const work = mkdtempSync(join(tmpdir(), 'atlas-'));
const siteDir = join(work, 'site');
const captureDir = join(work, 'capture');
const drawnDir = join(work, 'drawn');

/** The covering paths of the chosen machines that have a view, run with the recorder on. */
const record = (entries: MachineEntry[]) => {
  const views = entries.filter((e) => e.surface !== 'server');
  if (views.length === 0) return;
  step(`running the covering paths of ${views.length} machines on their views, recording each state`);
  const run = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'web',
      ...views.map((e) => `tests/web/flows/paths/${e.name}.paths.test.tsx`),
    ],
    {
      cwd: ROOT,
      // Vite's build set NODE_ENV=production in this process: the tests run as tests.
      env: { ...process.env, NODE_ENV: 'test', ATLAS_CAPTURE_DIR: captureDir },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (run.status !== 0)
    throw new Error('the view-path tests failed: the atlas draws only what they pass through');
};

const routes = routeFlows();

/** What the tests recorded of a machine in a column (none: nothing). */
const recordedIn = (entry: MachineEntry, column: AtlasColumn): RecordedScreen[] => {
  const file = join(captureDir, captureFile(entry.name, column));
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
};

/** Why a state has no screen in a column, or null where it has one. */
const hiddenReason = (entry: MachineEntry, screen: RecordedScreen | undefined): string | null => {
  if (entry.surface === 'server') return 'the machine runs on the server.';
  if (!screen) return 'no covering path rests in it (the view never shows it).';
  if (screen.unchanged)
    return `the page is the same as one step before on every path through it (first P${screen.path + 1}, step ${screen.step}): the view does not show it.`;
  return null;
};

/** One machine's pictures (into drawnDir), page and manifest: each state on a computer and on a phone. */
const draw = async (entry: MachineEntry, camera: Awaited<ReturnType<typeof openCamera>>) => {
  step(`drawing ${entry.name}`);
  const model = atlasModel(entry);
  const files = machineFiles(entry.name);
  const onConsole = files.views.length > 0 && files.views.every((f) => f.startsWith('src/web/admin/'));
  const recorded = recordedIn(entry, 'desktop');
  const onPhone = recordedIn(entry, 'phone');
  const shots: Record<string, ScreenShot> = {};
  const save = (file: string, picture: Buffer) => {
    mkdirSync(join(drawnDir, entry.name), { recursive: true });
    writeFileSync(join(drawnDir, file), picture);
    return file;
  };
  for (const state of model.states) {
    const screen = recorded.find((r) => r.leaf === state.id);
    const reason = hiddenReason(entry, screen);
    if (reason !== null || !screen) {
      shots[state.path] = { shown: false, reason: reason ?? 'not recorded' };
      continue;
    }
    const photo = await camera.photograph(screen, { onConsole, column: 'desktop' });
    const shot = save(`${entry.name}/${state.path}.webp`, photo.full);
    const dialog = photo.dialog ? save(`${entry.name}/${state.path}-dialog.webp`, photo.dialog) : null;
    // The console has no phone edition; a believer's state the phone's paths showed, its phone screen.
    const phoneScreen = onPhone.find((r) => r.leaf === state.id);
    const phone =
      entry.surface === 'view' && hiddenReason(entry, phoneScreen) === null && phoneScreen
        ? save(
            `${entry.name}/${state.path}-phone.webp`,
            (await camera.photograph(phoneScreen, { onConsole, column: 'phone' })).full,
          )
        : null;
    shots[state.path] = { shown: true, screen: shot, dialog, phone, texts: photo.texts };
  }
  const seenOn = routes.filter((r) => r.machines.includes(entry.name)).map((r) => r.route);
  const svg = await toSvg(entry, { links: true });
  writeFileSync(join(drawnDir, `${entry.name}.html`), machinePage(entry, model, svg, shots, files, seenOn));
  const manifest: AtlasManifest = manifestOf(model, shots);
  writeFileSync(join(drawnDir, `${entry.name}.json`), `${JSON.stringify(manifest, null, 2)}\n`);
};

/** Moves a drawn machine into docs/flows/atlas, replacing what was there. */
const moveIn = (name: string) => {
  rmSync(join(ATLAS_DIR, name), { recursive: true, force: true });
  if (existsSync(join(drawnDir, name))) renameSync(join(drawnDir, name), join(ATLAS_DIR, name));
  for (const file of [`${name}.html`, `${name}.json`])
    renameSync(join(drawnDir, file), join(ATLAS_DIR, file));
};

try {
  step('building the site for its stylesheets');
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: siteDir, emptyOutDir: true },
  });
  record(chosen);
  mkdirSync(drawnDir, { recursive: true });
  const camera = await openCamera(siteDir);
  try {
    for (const entry of chosen) await draw(entry, camera);
  } finally {
    await camera.close();
  }
  mkdirSync(ATLAS_DIR, { recursive: true });
  for (const entry of chosen) moveIn(entry.name);
  if (names.length === 0) {
    // A machine no longer registered leaves with its page, manifest and pictures.
    const kept = new Set(['index.html', 'atlas.css']);
    for (const { name } of machineRegistry)
      for (const file of [name, `${name}.html`, `${name}.json`]) kept.add(file);
    for (const file of readdirSync(ATLAS_DIR))
      if (!kept.has(file)) rmSync(join(ATLAS_DIR, file), { recursive: true, force: true });
  }
  step('writing the index');
  const machines = machineRegistry.map((entry) => {
    const manifestFile = join(ATLAS_DIR, `${entry.name}.json`);
    const manifest: AtlasManifest | null = existsSync(manifestFile)
      ? JSON.parse(readFileSync(manifestFile, 'utf8'))
      : null;
    const shown = manifest ? Object.values(manifest.screens).filter((s) => 'screen' in s).length : 0;
    return { entry, model: atlasModel(entry), files: machineFiles(entry.name), shown };
  });
  writeFileSync(join(ATLAS_DIR, 'index.html'), indexPage(routes, machines));
  writeFileSync(join(ATLAS_DIR, 'atlas.css'), ATLAS_CSS);
  step(`done: docs/flows/atlas (${chosen.length} machines drawn)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
