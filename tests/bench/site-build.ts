import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { ROOT } from './server-process';

/**
 * The production build of the site (vite.config.ts) and of the floor (a React 19 heading, the
 * same Vite and React plugin), each into a temporary directory so dist/ is never touched.
 */
export const buildSite = async () => {
  const base = mkdtempSync(join(tmpdir(), 'bench-build-'));
  const siteDir = join(base, 'site');
  const floorDir = join(base, 'floor');
  await build({
    configFile: resolve(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: siteDir, emptyOutDir: true },
  });
  await build({
    configFile: false,
    root: resolve(ROOT, 'tests/bench/floor'),
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: floorDir, emptyOutDir: true },
  });
  return { siteDir, floorDir, remove: () => rmSync(base, { recursive: true, force: true }) };
};
