import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/** The repository root: the bench runs from anywhere. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** Every child still running: killed when the bench ends, however it ends. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** CPU seconds the process has used (user + system), from /proc/<pid>/stat at 100 ticks a second. */
export const cpuSeconds = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** A line of /proc/<pid>/status in MB (VmRSS now, VmHWM the peak). */
export const memoryMb = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
};

export interface ServerProcess {
  pid: number;
  origin: string;
  /** Milliseconds from spawn to the first 200 of `readyPath`. */
  startMs: number;
  stop(): Promise<void>;
}

/**
 * A script run by Node with tsx's loader in the same process (so the pid is the server's own, for
 * its CPU and memory), stdout to /dev/null, listening on a free port; answers once `readyPath`
 * answers 200.
 */
export const startProcess = async (
  script: string,
  env: Record<string, string>,
  readyPath = '/',
): Promise<ServerProcess> => {
  const port = await freePort();
  const started = performance.now();
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'STATIC_ROOT', 'APP_SECRET', 'PUBLIC_URL'])
    delete inherited[name];
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...inherited, NODE_ENV: 'development', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  exited.then(() => running.delete(child));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited (${child.exitCode}): ${stderr}`);
    if (performance.now() - started > 120_000) {
      await stop();
      throw new Error(`${script} did not answer ${readyPath} within 120 s: ${stderr}`);
    }
    const status = await fetch(`${origin}${readyPath}`).then(
      async (res) => {
        await res.arrayBuffer();
        return res.status;
      },
      () => 0,
    );
    if (status === 200) break;
    await sleep(25);
  }
  return { pid: child.pid ?? 0, origin, startMs: performance.now() - started, stop };
};

/**
 * The temple server (src/server/main.ts) on PostgreSQL (`url`) or PGlite (`dataDir`), trusting
 * 127.0.0.1 as its reverse proxy: the bench stands for many believers' homes (X-Forwarded-For).
 */
export const startTempleServer = (
  database: { url: string } | { dataDir: string },
  extra: Record<string, string> = {},
) =>
  startProcess(
    'src/server/main.ts',
    {
      ...('url' in database ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir }),
      TRUSTED_PROXIES: '127.0.0.1',
      ...extra,
    },
    '/api/yxs-app/site/config',
  );
