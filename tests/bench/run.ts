import { bundleRows } from './bundle';
import { contentionRows } from './contention';
import { dropBenchDatabases } from './databases';
import { lighthouseRows } from './lighthouse';
import { loadRows } from './load';
import { startSiteServer } from './memory';
import { buildSite } from './site-build';
import { type Row, renderTable, writeReport } from './table';

/**
 * `npm run bench`: builds the site, measures every section and prints one table, written to
 * docs/benchmarks.md. BENCH_ONLY=bundle,lighthouse,load,contention,cold runs some sections.
 * Exits non-zero only when a section cannot measure; a budget missed is a ✗ in its row.
 */
const SECTIONS = ['bundle', 'lighthouse', 'load', 'contention', 'cold'] as const;
type Section = (typeof SECTIONS)[number];
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const wanted = (s: Section) => !only || only.includes(s);

const rows: Row[] = [];
const notes: string[] = [];
let failed = false;
const started = performance.now();

const attempt = async (name: string, work: () => Promise<Row[]>) => {
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

try {
  if (wanted('bundle') || wanted('lighthouse') || wanted('cold')) {
    const site = await buildSite();
    await attempt('site server', async () => {
      const { server, row } = await startSiteServer(site.siteDir);
      try {
        const out = [row];
        if (wanted('bundle')) await attempt('bundle', () => bundleRows(server.origin, site.floorDir));
        if (wanted('lighthouse')) await attempt('lighthouse', () => lighthouseRows(server.origin));
        return wanted('cold') ? out : [];
      } finally {
        await server.stop();
        site.remove();
      }
    });
  }
  if (wanted('load')) await attempt('load', loadRows);
  if (wanted('contention')) await attempt('contention', contentionRows);
} finally {
  await dropBenchDatabases();
}

const order = ['Bundle', 'Lighthouse', 'API', 'Contention', 'Memory'];
rows.sort((a, b) => order.indexOf(a.section) - order.indexOf(b.section));
const seconds = (performance.now() - started) / 1000;
if (!only) writeReport(rows, notes, seconds);
process.stdout.write(
  `${renderTable(rows)}\n\n${notes.map((n) => `- ${n}\n`).join('')}Whole run: ${Math.round(seconds)} s.\n`,
);
process.exit(failed ? 1 : 0);
