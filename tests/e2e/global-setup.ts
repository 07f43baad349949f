import { e2eTemplateDir, startE2eServer } from '../support/e2e-server';
import { insertUnsafeArticle } from '../support/news-fixtures';
import { E2E_WORKERS, serverUrlVariable } from './workers';

/**
 * Starts one real server per Playwright worker (built SPA, PGlite in a fresh folder of its own,
 * port 0) and tells the tests their URLs: the workers run side by side, and a test that moves its
 * server's clock (a QR expiring, a hold running out) or takes a seat never touches the other
 * worker's tests. Before a server starts, its folder is a copy of the day's template (migrated
 * and seeded, made here once) and given the fixtures the tests need beyond the seed (the unsafe
 * article of news.spec.ts).
 */
export default async function globalSetup() {
  // Made once here (its servers would each make it, side by side), then copied for every server.
  await e2eTemplateDir();
  const servers = await Promise.all(
    Array.from({ length: E2E_WORKERS }, async (_, index) => {
      const started = await startE2eServer({}, async (db) => {
        await insertUnsafeArticle(db);
      });
      process.env[serverUrlVariable(index)] = started.url;
      return started;
    }),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
