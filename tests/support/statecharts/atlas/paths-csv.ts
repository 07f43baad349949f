import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MachineEntry } from '@machines/index';
import { ATLAS_DIR, type AtlasManifest } from './manifest';
import { atlasModel } from './model';

const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * The covering paths (the ones the view tests run, P1… as the atlas names them) as CSV for a test
 * management tool: path id, steps, expected state, and the atlas's screenshots of that state on
 * a computer and on a phone.
 */
export const pathsCsv = (entries: MachineEntry[]): string => {
  const rows = [['path id', 'steps', 'expected state', 'screen', 'phone screen']];
  for (const entry of entries) {
    const model = atlasModel(entry);
    const manifestFile = join(ATLAS_DIR, `${entry.name}.json`);
    const manifest: AtlasManifest | null = existsSync(manifestFile)
      ? JSON.parse(readFileSync(manifestFile, 'utf8'))
      : null;
    const leafPath = new Map(model.states.map((s) => [s.id, s.path]));
    for (const path of model.paths) {
      const state = leafPath.get(path.leaf) ?? '';
      const shot = manifest?.screens[state];
      const screen = !manifest
        ? '(no atlas yet: npm run atlas)'
        : shot && 'screen' in shot
          ? `docs/flows/atlas/${shot.screen}`
          : `(not shown: ${shot?.hidden ?? 'not recorded'})`;
      const phone = !manifest
        ? '(no atlas yet: npm run atlas)'
        : shot && 'screen' in shot
          ? shot.phone
            ? `docs/flows/atlas/${shot.phone}`
            : entry.surface === 'console'
              ? '(the console has no phone edition)'
              : '(not shown on a phone)'
          : `(not shown: ${shot?.hidden ?? 'not recorded'})`;
      rows.push([
        `${entry.name}/${path.id}`,
        [model.start, ...path.steps.map((s) => `${s.event} → ${s.value}`)].join(' | '),
        path.expected,
        screen,
        phone,
      ]);
    }
  }
  return `${rows.map((row) => row.map(cell).join(',')).join('\n')}\n`;
};
