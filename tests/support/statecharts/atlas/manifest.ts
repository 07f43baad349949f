import { join } from 'node:path';
import { ROOT } from './flow-map';
import type { AtlasModel } from './model';
import type { ScreenShot } from './pages';

/** Where `npm run atlas` writes; committed, and checked against the machines by the atlas test. */
export const ATLAS_DIR = join(ROOT, 'docs/flows/atlas');

/** What the atlas drew of a machine, committed beside its page: the atlas check compares it with the machine. */
export interface AtlasManifest {
  machine: string;
  states: string[];
  transitions: string[];
  paths: string[];
  /** Each state's pictures: a computer's page and dialog, a phone's page (none on the console). */
  screens: Record<
    string,
    { screen: string; dialog: string | null; phone: string | null } | { hidden: string }
  >;
}

export const manifestOf = (model: AtlasModel, shots: Record<string, ScreenShot>): AtlasManifest => ({
  machine: model.name,
  states: model.states.map((s) => s.path),
  transitions: model.transitions.map((t) => t.label),
  paths: model.paths.map((p) => p.description),
  screens: Object.fromEntries(
    model.states.map((s) => {
      const shot = shots[s.path];
      return [
        s.path,
        shot?.shown
          ? { screen: shot.screen, dialog: shot.dialog, phone: shot.phone }
          : { hidden: shot?.reason ?? 'not recorded' },
      ];
    }),
  ),
});
