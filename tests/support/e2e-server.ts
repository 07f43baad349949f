import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/bootstrap';
import { systemClock } from '../../src/server/clock';
import type { Db } from '../../src/server/db/database';

const root = join(import.meta.dirname, '..', '..');

export interface E2eServer {
  url: string;
  /** Its PGlite folder (the staff command reaches the running server through it). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * A real server (built SPA, PGlite in a fresh folder of its own, port 0, NODE_ENV=test), its
 * folder migrated, seeded and given `prepare`'s fixtures before it starts. `env` adds settings
 * (a WeChat Pay gateway against the fake, say).
 */
export const startE2eServer = async (
  env: NodeJS.ProcessEnv = {},
  prepare: (db: Db) => Promise<void> = async () => {},
): Promise<E2eServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'temple-e2e-'));
  const database = await openDatabase({ dataDir }, systemClock);
  try {
    await prepare(database.db);
  } finally {
    await database.close();
  }
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    ...env,
  };
  delete serverEnv.DATABASE_URL;
  const server = spawn(join(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: root,
    env: serverEnv,
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
  return { url, dataDir, stop };
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
