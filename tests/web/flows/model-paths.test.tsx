import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { machineRegistry } from '@machines/index';
import { expect, it } from 'vitest';

/**
 * Every machine the SPA shows has its generated paths run on the rendered view: a file
 * paths/<machine>.paths.test.tsx calling `describeViewPaths` with the machine's view adapter.
 * The order lifecycle lives on the server (its paths run on the machine alone).
 */
it('every machine with a view has its paths run on the view', () => {
  const viewMachines = machineRegistry.filter((e) => e.surface === 'view').map((e) => e.name);
  const files = readdirSync(join(process.cwd(), 'tests/web/flows/paths')).map((f) =>
    f.replace(/\.paths\.test\.tsx$/, ''),
  );
  expect(files.sort()).toEqual(viewMachines.sort());
});
