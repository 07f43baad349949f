import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { machineRegistry } from '@machines/index';
import { ROOT, SERVER_SIDE } from '@tests/support/statecharts/atlas/flow-map';
import { ATLAS_DIR, type AtlasManifest } from '@tests/support/statecharts/atlas/manifest';
import { atlasModel } from '@tests/support/statecharts/atlas/model';
import { describe, expect, it } from 'vitest';

const hint =
  'docs/flows/atlas differs from the machines: run `npm run atlas -- <machine>` (or `npm run atlas` for all) and commit the result';
const manifest = (name: string): AtlasManifest =>
  JSON.parse(readFileSync(join(ATLAS_DIR, `${name}.json`), 'utf8')) as AtlasManifest;
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

/**
 * The atlas (docs/flows/atlas) is drawn by `npm run atlas`; its screenshots are too slow to
 * redraw in every test run, so this checks what it lists against the machines as they are now.
 */
describe('the flow atlas lists what the machines have', () => {
  it('has a page and a manifest for every machine, and none for a machine that is gone', () => {
    const pages = readdirSync(ATLAS_DIR)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect(pages.sort(), hint).toEqual(machineRegistry.map((e) => e.name).sort());
    for (const { name } of machineRegistry)
      expect(existsSync(join(ATLAS_DIR, `${name}.html`)), hint).toBe(true);
    expect(existsSync(join(ATLAS_DIR, 'index.html')), hint).toBe(true);
  });

  it.each(machineRegistry.map((e) => [e.name, e] as const))(
    '%s: its states, transitions and covering paths, each shown state with its screenshot',
    (name, entry) => {
      const drawn = manifest(name);
      const model = atlasModel(entry);
      expect(drawn.states, hint).toEqual(model.states.map((s) => s.path));
      expect(drawn.transitions, hint).toEqual(model.transitions.map((t) => t.label));
      expect(drawn.paths, hint).toEqual(model.paths.map((p) => p.description));
      for (const screen of Object.values(drawn.screens))
        if ('screen' in screen)
          for (const file of [screen.screen, screen.dialog, screen.phone])
            if (file) expect(existsSync(join(ATLAS_DIR, file)), `${file}: ${hint}`).toBe(true);
      // A believer's flow shows every state it shows on a computer on a phone too (the console's: none).
      const shown = Object.entries(drawn.screens).filter(([, s]) => 'screen' in s);
      expect(
        shown
          .filter(([, s]) => 'screen' in s && (s.phone !== null) !== (entry.surface === 'view'))
          .map(([p]) => p),
        hint,
      ).toEqual([]);
    },
  );

  it('keeps no screenshot a manifest does not name, and stays under 20 MB', () => {
    const named = new Set(
      machineRegistry.flatMap(({ name }) =>
        Object.values(manifest(name).screens).flatMap((s) =>
          'screen' in s ? [s.screen, s.dialog, s.phone] : [],
        ),
      ),
    );
    const files = filesUnder(ATLAS_DIR);
    const shots = files.filter((f) => f.endsWith('.webp')).map((f) => f.slice(ATLAS_DIR.length + 1));
    expect(
      shots.filter((f) => !named.has(f)),
      hint,
    ).toEqual([]);
    const bytes = files.reduce((sum, f) => sum + statSync(f).size, 0);
    expect(bytes).toBeLessThan(20 * 1024 * 1024);
  });

  it('names server files and tests that exist', () => {
    const missing = Object.values(SERVER_SIDE)
      .flatMap(({ services, tests }) => [...services, ...tests])
      .filter((f) => !existsSync(join(ROOT, f)));
    expect(missing).toEqual([]);
  });
});
