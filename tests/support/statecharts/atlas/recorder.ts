import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MachineEntry } from '@machines/index';
import { leavesOf, valueLabel } from '../graph';
import type { StepObserver } from '../run-on-view';

/** One leaf state's screen as the rendered view first showed it on the covering paths. */
export interface RecordedScreen {
  /** The leaf state node's id ('ceremonyBooking.ordering.confirming'). */
  leaf: string;
  /** The machine's whole state value then ('ordering.confirming'). */
  value: string;
  /** Which covering path (0-based, the tests' order) and step (0: the start) showed it. */
  path: number;
  step: number;
  /** The page's body as the view rendered it, field values written into their attributes. */
  html: string;
  /** The page is what it was one step before, on every visit: the view does not show this state. */
  unchanged: boolean;
}

/** The atlas's two columns of screens: the desktop's (1440 × 900) and the phone's (390 × 844). */
export type AtlasColumn = 'desktop' | 'phone';

/** The file a column's recorded screens of a machine are left in, under the capture dir. */
export const captureFile = (machine: string, column: AtlasColumn) =>
  column === 'desktop' ? `${machine}.json` : `${machine}.${column}.json`;

/** Where `npm run atlas` asks the view-path tests to write what they saw; unset, nothing is recorded. */
export const atlasCaptureDir = () => process.env.ATLAS_CAPTURE_DIR;

/**
 * The body's HTML with what the believer typed, ticked and chose: a field's value lives in a
 * property the markup does not carry, so each is written into its clone's attribute. The
 * element with the focus is marked (data-atlas-focus): the screenshot scrolls to it.
 */
const pageHtml = (): string => {
  const clone = document.body.cloneNode(true) as HTMLElement;
  const focused = [...document.body.querySelectorAll('*')].indexOf(document.activeElement as Element);
  if (focused >= 0) clone.querySelectorAll('*')[focused]?.setAttribute('data-atlas-focus', '');
  const selector = 'input, textarea, select';
  const copies = [...clone.querySelectorAll(selector)];
  for (const [index, field] of [...document.body.querySelectorAll(selector)].entries()) {
    const copy = copies[index];
    if (!copy) continue;
    if (field instanceof HTMLInputElement) {
      if (field.type === 'checkbox' || field.type === 'radio') copy.toggleAttribute('checked', field.checked);
      else if (field.type !== 'file') copy.setAttribute('value', field.value);
    } else if (field instanceof HTMLTextAreaElement) copy.textContent = field.value;
    else if (field instanceof HTMLSelectElement)
      for (const [i, option] of [...field.options].entries())
        copy.querySelectorAll('option')[i]?.toggleAttribute('selected', option.selected);
  }
  for (const script of clone.querySelectorAll('script')) script.remove();
  return clone.innerHTML;
};

/**
 * Records, while a machine's covering paths run on its view, the page at the first step each
 * leaf state shows something new (else its first step); `write` leaves them in the capture dir
 * (`captureFile`) for the atlas builder.
 */
export const atlasRecorder = (entry: MachineEntry, dir: string, column: AtlasColumn) => {
  const screens = new Map<string, RecordedScreen>();
  let before = '';
  return {
    observer:
      (path: number): StepObserver =>
      (step, snapshot) => {
        const html = pageHtml();
        const unchanged = step > 0 && html === before;
        before = html;
        // The first visit that shows something new; a visit that changed nothing only until one does.
        for (const leaf of leavesOf(entry, snapshot))
          if (!screens.has(leaf) || (screens.get(leaf)?.unchanged && !unchanged))
            screens.set(leaf, { leaf, value: valueLabel(snapshot), path, step, html, unchanged });
      },
    write: () => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, captureFile(entry.name, column)), JSON.stringify([...screens.values()]));
    },
  };
};
