import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import rules of DESIGN section 2, as the linter enforces them: each probe file is written
 * where a real file would live, with one import written as a relative path, and Biome must
 * refuse it (or accept it, for the allowed ones).
 */
const root = join(import.meta.dirname, '..', '..');
const probes: string[] = [];

const lint = async (file: string, source: string) => {
  const path = join(root, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${source}\nexport const probe = 1;\n`);
  probes.push(dirname(path));
  try {
    await promisify(execFile)(join(root, 'node_modules/.bin/biome'), ['lint', file], { cwd: root });
    return 'accepted';
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    const output = `${stdout}${stderr}`;
    return output.includes('noRestrictedImports') ? 'refused' : `failed otherwise: ${output.slice(0, 300)}`;
  }
};

describe('import rules, for relative paths as well as aliases', () => {
  afterAll(() => {
    for (const folder of probes) rmSync(folder, { recursive: true, force: true });
  });

  it.each([
    ['web → server', 'src/web/features/lint-probe/probe.ts', "import '../../../server/app';"],
    ['feature → feature', 'src/web/features/lint-probe/probe.ts', "import '../merit/merit-queries';"],
    [
      'feature → feature, by alias',
      'src/web/features/lint-probe/probe.ts',
      "import '@web/features/merit/merit-queries';",
    ],
    ['contract → machines', 'src/contract/lint-probe/probe.ts', "import '../../../machines/order.machine';"],
    ['machines → web', 'machines/lint-probe/probe.ts', "import '../../src/web/api/client';"],
    [
      'shared → feature',
      'src/web/shared/lint-probe/probe.ts',
      "import '../../features/merit/merit-queries';",
    ],
    ['server → web', 'src/server/lint-probe/probe.ts', "import '../../web/api/client';"],
  ])(
    'refuses %s',
    async (_, file, source) => {
      expect(await lint(file, source)).toBe('refused');
    },
    30_000,
  );

  it.each([
    ['feature → shared', 'src/web/features/lint-probe/probe.ts', "import '../../shared/site-config-query';"],
    ['machines → contract', 'machines/lint-probe/probe.ts', "import '../../src/contract/merit';"],
  ])(
    'accepts %s',
    async (_, file, source) => {
      expect(await lint(file, source)).toBe('accepted');
    },
    30_000,
  );
});
