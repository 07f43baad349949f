import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/bootstrap';
import { systemClock } from '../../src/server/clock';
import { insertUnsafeArticle } from '../support/news-fixtures';
import { E2E_WORKERS, serverUrlVariable } from './workers';

const root = join(import.meta.dirname, '..', '..');

/**
 * Starts one real server per Playwright worker (built SPA, PGlite in a fresh folder of its own,
 * port 0) and tells the tests their URLs: the workers run side by side, and a test that moves its
 * server's clock (a QR expiring, a hold running out) or takes a seat never touches the other
 * worker's tests. Before a server starts, its folder is migrated and seeded here and given the
 * fixtures the tests need beyond the seed (the unsafe article of news.spec.ts), then closed.
 */
export default async function globalSetup() {
  const servers = await Promise.all(
    Array.from({ length: E2E_WORKERS }, async (_, index) => {
      const started = await startServer();
      process.env[serverUrlVariable(index)] = started.url;
      return started;
    }),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}

const startServer = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'temple-e2e-'));
  const database = await openDatabase({ dataDir }, systemClock);
  try {
    await insertUnsafeArticle(database.db);
  } finally {
    await database.close();
  }
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: dataDir, NODE_ENV: 'test' };
  delete env.DATABASE_URL;
  const server = spawn(join(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await serverUrl(server);
  const stop = async () => {
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
};

/** The server logs `server.started` with its URL once it listens. */
const serverUrl = (server: ChildProcess) =>
  new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    server.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"message":"server.started","url":"(http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
