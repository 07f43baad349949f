import { availableParallelism } from 'node:os';
import { test as base } from '@playwright/test';
import { systemClock } from '../../src/server/clock';
import { createStaffAccounts } from '../../src/server/services/staff/accounts';
import { type E2eServer, startE2eServer } from '../support/e2e-server';
import { startWechatE2eServer } from '../support/e2e-wechat';

/** One Playwright worker per core, each with a server and a database of its own (global-setup.ts). */
export const E2E_WORKERS = Math.max(1, Math.min(2, availableParallelism()));

export const serverUrlVariable = (parallelIndex: number) => `E2E_BASE_URL_${parallelIndex}`;

/** console.spec's server: WeChat Pay v3 against the fake, which runs in the worker. */
export type WechatE2eServer = Awaited<ReturnType<typeof startWechatE2eServer>>;

/** content-news.spec's server, with a 内容 editor made before it starts. */
export interface NewsE2eServer {
  server: E2eServer;
  editor: { username: string; password: string; secret: string };
}

/**
 * Playwright's `test`, its pages and requests pointed at the worker's own server. The two servers
 * a spec starts for itself (console.spec, content-news.spec) are worker fixtures declared here and
 * started only by a worker that runs that spec (its `test` points baseURL at one, a test fixture):
 * every spec then has the same worker fixtures, and Playwright runs the files in their order.
 * Files of another set of worker fixtures wait until all the first set's are done: console.spec's
 * three serial minutes came last, with the other worker idle.
 */
export const test = base.extend<object, { wechatWorker: WechatE2eServer; newsWorker: NewsE2eServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(process.env[serverUrlVariable(testInfo.parallelIndex)]);
  },
  wechatWorker: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      const started = await startWechatE2eServer();
      await use(started);
      await started.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  newsWorker: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      const editor = { username: 'neirong', password: 'neirong-lotus-2026', secret: '' };
      const server = await startE2eServer({}, async (db) => {
        const enrolment = await createStaffAccounts({ db, clock: systemClock }).create(
          {
            username: editor.username,
            displayName: '内容编辑',
            password: editor.password,
            roles: ['content'],
          },
          { id: null, username: 'test' },
        );
        editor.secret = enrolment.totpSecret;
      });
      await use({ server, editor });
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

export { expect } from '@playwright/test';
