import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/bootstrap';
import { systemClock } from '../../src/server/clock';
import { insertUnsafeArticle } from '../support/news-fixtures';

const root = join(import.meta.dirname, '..', '..');

/**
 * Starts the real server (built SPA, PGlite in a fresh folder, port 0) and tells the tests its URL.
 * Before it starts, the folder is migrated and seeded here and given the fixtures the tests need
 * beyond the seed (the unsafe article of news.spec.ts), then closed: one process at a time.
 */
export default async function globalSetup() {
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
  process.env.E2E_BASE_URL = await serverUrl(server);
  return async () => {
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
}

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
