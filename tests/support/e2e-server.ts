import { type ChildProcess, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/bootstrap';
import { systemClock } from '../../src/server/clock';
import type { Db } from '../../src/server/db/database';
import { templateKey } from './pglite-template';

const root = join(import.meta.dirname, '..', '..');

export interface E2eServer {
  url: string;
  /** Its PGlite folder (the staff command reaches the running server through it). */
  dataDir: string;
  stop(): Promise<void>;
}

const TEMPLATE_PREFIX = 'temple-e2e-template-';
/** A template folder no run has copied for this long is another version's or day's: removed. */
const STALE_TEMPLATE_MS = 60 * 60 * 1000;

/**
 * The PGlite folder every e2e server starts from, migrated and seeded for the start of today (the
 * process's zone, which the seed's dates are written in): made once a day and version of the
 * schema and seed (the key of pglite-template.ts) and copied for each server, which takes a
 * fraction of a second where initdb, the migrations and the seed take seconds each time.
 * global-setup makes it before its servers start side by side; two runs making it at once each
 * make their own and the second to finish drops its copy.
 */
export const e2eTemplateDir = async (): Promise<string> => {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const dir = join(tmpdir(), `${TEMPLATE_PREFIX}${templateKey(today)}`);
  if (!existsSync(dir)) {
    const partial = mkdtempSync(`${dir}.partial-`);
    const database = await openDatabase({ dataDir: partial }, { now: () => today });
    await database.close();
    try {
      renameSync(partial, dir);
    } catch {
      rmSync(partial, { recursive: true, force: true });
    }
    for (const name of readdirSync(tmpdir())) {
      const other = join(tmpdir(), name);
      if (
        name.startsWith(TEMPLATE_PREFIX) &&
        other !== dir &&
        statSync(other).mtimeMs < Date.now() - STALE_TEMPLATE_MS
      )
        rmSync(other, { recursive: true, force: true });
    }
  }
  const now = new Date();
  utimesSync(dir, now, now);
  return dir;
};

/**
 * A real server (built SPA, PGlite in a fresh folder of its own, port 0, NODE_ENV=test), its
 * folder a copy of the day's template (e2eTemplateDir), opened as at every start (nothing left to
 * migrate or seed) and given `prepare`'s fixtures before it starts. `env` adds settings
 * (a WeChat Pay gateway against the fake, say).
 */
export const startE2eServer = async (
  env: NodeJS.ProcessEnv = {},
  prepare: (db: Db) => Promise<void> = async () => {},
): Promise<E2eServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'temple-e2e-'));
  cpSync(await e2eTemplateDir(), dataDir, { recursive: true });
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
