import { bundleRows } from './bundle';
import { contentionRows } from './contention';
import { dropBenchDatabases } from './databases';
import { lighthouseRows } from './lighthouse';
import { loadRows } from './load';
import { startSiteServer } from './memory';
import { buildSite } from './site-build';
import { machineLine, type Row, type Run, renderRun, summary, writeReport } from './table';

/**
 * `npm run bench`: builds the site, measures every section BENCH_RUNS times (2 by default) and
 * writes every run's table to docs/benchmarks.md. BENCH_ONLY=bundle,lighthouse,load,contention,cold
 * runs some sections (once unless BENCH_RUNS says otherwise) and only prints.
 * Exits non-zero only when a section cannot measure; a budget missed is a ✗ in its row.
 */
const SECTIONS = ['bundle', 'lighthouse', 'load', 'contention', 'cold'] as const;
type Section = (typeof SECTIONS)[number];
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const wanted = (s: Section) => !only || only.includes(s);
const RUNS = Number(process.env.BENCH_RUNS ?? (only ? 1 : 2));
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`BENCH_RUNS must be a whole number ≥ 1, not ${RUNS}`);

let failed = false;
const started = performance.now();

const attempt = async (rows: Row[], notes: string[], name: string, work: () => Promise<Row[]>) => {
  const t0 = performance.now();
  process.stderr.write(`bench: ${name}…\n`);
  try {
    rows.push(...(await work()));
  } catch (error) {
    failed = true;
    notes.push(`${name} could not be measured: ${(error as Error).message.split('\n')[0]}`);
    process.stderr.write(`bench: ${name} failed: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.stderr.write(`bench: ${name} took ${Math.round((performance.now() - t0) / 1000)} s\n`);
};

const interrupted = () => {
  dropBenchDatabases().finally(() => process.exit(130));
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);

const ORDER = ['Bundle', 'Lighthouse', 'API', 'Contention', 'Memory'];

/** Every wanted section once, each with the references it is judged against measured within it. */
const measureRun = async (site: Awaited<ReturnType<typeof buildSite>> | undefined): Promise<Run> => {
  const t0 = performance.now();
  const machine = machineLine();
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    if (site)
      await attempt(rows, notes, 'site server', async () => {
        const { server, row } = await startSiteServer(site.siteDir);
        try {
          if (wanted('bundle'))
            await attempt(rows, notes, 'bundle', () => bundleRows(server.origin, site.floorDir));
          if (wanted('lighthouse'))
            await attempt(rows, notes, 'lighthouse', () => lighthouseRows(server.origin));
          return wanted('cold') ? [row] : [];
        } finally {
          await server.stop();
        }
      });
    if (wanted('load')) await attempt(rows, notes, 'load', loadRows);
    if (wanted('contention')) await attempt(rows, notes, 'contention', contentionRows);
  } finally {
    await dropBenchDatabases();
  }
  rows.sort((a, b) => ORDER.indexOf(a.section) - ORDER.indexOf(b.section));
  return { rows, notes, machine, seconds: (performance.now() - t0) / 1000 };
};

const runs: Run[] = [];
const site = wanted('bundle') || wanted('lighthouse') || wanted('cold') ? await buildSite() : undefined;
try {
  for (let i = 0; i < RUNS; i += 1) {
    process.stderr.write(`bench: run ${i + 1} of ${RUNS}\n`);
    runs.push(await measureRun(site));
  }
} finally {
  site?.remove();
}

const seconds = (performance.now() - started) / 1000;
if (!only) writeReport(runs, seconds);
process.stdout.write(
  `${runs.map((run, i) => `Run ${i + 1}\n\n${renderRun(run)}`).join('\n\n')}\n\n${summary(runs)}\n\nWhole invocation: ${Math.round(seconds)} s.\n`,
);
process.exit(failed ? 1 : 0);
