import { defineConfig } from '@playwright/test';
import { E2E_WORKERS } from './workers';

/**
 * End-to-end tests in Debian's Chromium (Playwright cannot download its own browser here)
 * against the real server: global-setup starts one per worker, each on a free port with a fresh
 * database, and the specs' `test` (workers.ts) points each worker's pages at its own. Files run
 * side by side; the tests of a file run in order on one worker.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['../support/timing/playwright-reporter.ts']],
  outputDir: '../../test-results',
  use: {
    locale: 'zh-CN',
    viewport: { width: 1366, height: 900 },
    // A trace costs about a fifth of the run (merit + statue specs: 82 -> 64 s) and CI only prints:
    // E2E_TRACE=1 keeps one for each failed test, to open with `npx playwright show-trace`.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
});
