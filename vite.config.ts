import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { WalksFirstSequencer } from './tests/support/timing/sequencer.ts';
import { webAlone } from './tests/support/web-alone.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const aliases = {
  '@contract': here('./src/contract'),
  '@machines': here('./machines'),
  '@web': here('./src/web'),
  '@server': here('./src/server'),
  '@tests': here('./tests'),
};

const apiPrefixes = ['/admin/api', '/api', '/portal', '/dev', '/pay', '/images', '/media', '/healthz'];

export default defineConfig({
  root: here('./src/web'),
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: here('./src/web/routes'),
      generatedRouteTree: here('./src/web/route-tree.gen.ts'),
      autoCodeSplitting: true,
      // A route's loader travels with its page (one chunk, fetched once): the query options and
      // contract schemas it reads stay out of the entry, which keeps only paths, search schemas
      // and guards.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader', 'component'],
          ['pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
        ],
        // Hot reload is for `vite` in a browser. In tests its code would hand a route file, when
        // first imported, the routes of the last router the window made (the web project shares
        // one window among files: a console test's router gave the site's root the console shell).
        addHmr: !process.env.VITEST,
      },
    }),
    react(),
    tailwindcss(),
  ],
  resolve: {
    alias: [
      ...Object.entries(aliases).map(([find, replacement]) => ({ find, replacement })),
      // React 19 has useSyncExternalStore: the router's store need not bring the React 17 shim.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    // The browsers the site supports preload modules themselves: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Two entries: the believers' site, and the staff console at /admin/ (its code never in the site's graph).
      input: { site: here('./src/web/index.html'), console: here('./src/web/admin/index.html') },
      output: {
        // React, the router and the query cache run on every page: one file compresses better than
        // the dozen small shared chunks they were split into (first visit of /index 151 -> 148 KB gzip).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    // The API server (npm run dev:server) answers these; ./data never enters the watcher.
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, 'http://localhost:3000'])),
    watch: { ignored: ['**/data/**'] },
  },
  test: {
    root: here('.'),
    // Both cores (vitest keeps one for itself by default: on 2 cores, one worker).
    maxWorkers: availableParallelism(),
    // A limit guards against a hang, not against slowness (timings are the benchmarks'): with
    // both cores busy a 50-believer race or a long view journey can pass vitest's default 5 s.
    testTimeout: 20_000,
    // A fresh PGlite (initdb in WebAssembly) can take 10 s when both cores are busy.
    hookTimeout: 60_000,
    reporters: ['default', './tests/support/timing/vitest-reporter.ts'],
    // A fresh clone has no last run to order by: the generated view walks (small files, long runs)
    // first, not last (tests/support/timing/sequencer.ts).
    sequence: { sequencer: WalksFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // No module state is shared by design (no mocks, no globals): one import per worker
          // rather than one per file (about 35 s of the node project's import time).
          isolate: false,
          include: ['tests/{contract,machines,server,lint}/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          // One import of React, React Aria and the app per worker rather than one per file, and
          // one jsdom window (web-setup.ts empties its page after each test): about half the
          // project's time. The files that need their own run in web-alone (web-alone.ts).
          isolate: false,
          include: ['tests/web/**/*.test.{ts,tsx}'],
          exclude: webAlone,
          setupFiles: ['tests/support/web-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web-alone',
          environment: 'jsdom',
          include: webAlone,
          setupFiles: ['tests/support/web-setup.ts'],
        },
      },
    ],
  },
});
