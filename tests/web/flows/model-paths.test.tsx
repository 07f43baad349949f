import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineRegistry } from '@machines/index';
import { expect, it } from 'vitest';

const PATHS_DIR = join(process.cwd(), 'tests/web/flows/paths');

/**
 * Every machine the SPA shows has its generated paths run on the rendered view: a file
 * paths/<machine>.paths.test.tsx calling `describeViewPaths` with the machine's view adapter.
 * The order lifecycle lives on the server (its paths run on the machine alone).
 */
it('every machine with a view has its paths run on the view', () => {
  const viewMachines = machineRegistry.filter((e) => e.surface !== 'server').map((e) => e.name);
  const files = readdirSync(PATHS_DIR).map((f) => f.replace(/\.paths\.test\.tsx$/, ''));
  expect(files.sort()).toEqual(viewMachines.sort());
});

/** A believer's machine runs its paths on the phone's view too (issue 36); the console's, on a desktop only. */
it('every believer’s machine has its paths run on the phone view as well', () => {
  const onBoth = machineRegistry
    .filter((e) => e.surface !== 'server')
    .map((e) => {
      const file = readFileSync(join(PATHS_DIR, `${e.name}.paths.test.tsx`), 'utf8');
      return [e.name, /onAPhone\([\s\S]*column: 'phone'/.test(file)] as const;
    });
  expect(onBoth).toEqual(
    machineRegistry.filter((e) => e.surface !== 'server').map((e) => [e.name, e.surface === 'view']),
  );
});
