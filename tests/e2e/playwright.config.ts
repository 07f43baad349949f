import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (Playwright cannot download its own browser here)
 * against the real server, started by global-setup on a free port with a fresh database.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../../test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'zh-CN',
    viewport: { width: 1366, height: 900 },
    trace: 'retain-on-failure',
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
