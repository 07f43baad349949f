import { availableParallelism } from 'node:os';
import { test as base } from '@playwright/test';

/** One Playwright worker per core, each with a server and a database of its own (global-setup.ts). */
export const E2E_WORKERS = Math.max(1, Math.min(2, availableParallelism()));

export const serverUrlVariable = (parallelIndex: number) => `E2E_BASE_URL_${parallelIndex}`;

/** Playwright's `test`, its pages and requests pointed at the worker's own server. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(process.env[serverUrlVariable(testInfo.parallelIndex)]);
  },
});

export { expect } from '@playwright/test';
