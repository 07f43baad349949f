import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerProcess, startProcess } from './server-process';
import { ms, type Row } from './table';

const mb = (value: number) => `${Math.round(value)} MB`;

/** The server's resident memory after start and settle, and its peak (VmHWM) after the API rows. */
export const memoryRows = (kind: string, idleMb: number, peakMb: number): Row[] => [
  {
    section: 'Memory',
    what: `${kind} · RSS at idle`,
    figure: mb(idleMb),
    budget: '—',
    ratio: '—',
    pass: null,
  },
  {
    section: 'Memory',
    what: `${kind} · peak RSS under load (VmHWM)`,
    figure: mb(peakMb),
    budget: '—',
    ratio: '—',
    pass: null,
  },
];

/**
 * The server on a fresh, empty PGlite directory serving the production build: the time until
 * GET / answers 200 (migrations and seed included) is the cold start. The server stays up for
 * the bundle and Lighthouse rows; its directory goes when it stops.
 */
export const startSiteServer = async (staticRoot: string): Promise<{ server: ServerProcess; row: Row }> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-cold-'));
  const started = await startProcess(
    'src/server/main.ts',
    { DATA_DIR: dataDir, STATIC_ROOT: staticRoot },
    '/',
  );
  const server: ServerProcess = {
    ...started,
    stop: async () => {
      await started.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const row: Row = {
    section: 'Memory',
    what: 'cold start: spawn to first GET / 200 (fresh PGlite)',
    figure: ms(started.startMs),
    budget: '—',
    ratio: '—',
    pass: null,
  };
  return { server, row };
};
