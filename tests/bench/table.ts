import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { ROOT } from './server-process';

/** One line of the table: a figure beside its budget and the reference measured in the same run. */
export interface Row {
  section: string;
  what: string;
  figure: string;
  /** The budget in words ('—' when the issue sets none). */
  budget: string;
  /** The figure over the reference of the same run, with both figures (site/floor, ours/bare Hono). */
  ratio: string;
  /** Sequential API round trips of a route's first visit (bundle rows only). */
  trips?: number;
  /** Within the budget; null when there is no budget. */
  pass: boolean | null;
}

/** One run of every section asked for: its rows, what could not be measured, its machine and length. */
export interface Run {
  rows: Row[];
  notes: string[];
  machine: string;
  seconds: number;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;

/** ours / reference rounded to the hundredth shown: the row is judged on the ratio it shows. */
export const ratioOf = (ours: number, reference: number) =>
  reference > 0 ? Math.round((ours / reference) * 100) / 100 : Number.POSITIVE_INFINITY;
export const times = (ours: number, reference: number) =>
  reference > 0 ? `${ratioOf(ours, reference).toFixed(2)}×` : '—';

/**
 * A figure against the same figure of the reference measured in the same run: the ratio with both
 * figures beside it ("1.32× (78 µs / 59 µs bare POST)"), and, given a `limit`, the budget
 * `≤ limit× <reference>` and whether the ratio shown is within it.
 */
export const against = (
  ours: number,
  reference: number,
  o: { show: (value: number) => string; name: string; limit?: number; label?: string },
): Pick<Row, 'budget' | 'ratio' | 'pass'> => {
  const label = o.label ? `${o.label} ` : '';
  return {
    budget: o.limit === undefined ? '—' : `${label}≤ ${o.limit}× ${o.name}`,
    ratio: `${label}${times(ours, reference)} (${o.show(ours)} / ${o.show(reference)} ${o.name})`,
    pass: o.limit === undefined ? null : ratioOf(ours, reference) <= o.limit,
  };
};

const mark = (pass: boolean | null) => (pass === null ? '·' : pass ? '✓' : '✗');
const cell = (text: string) => text.replaceAll('|', '\\|');

export const renderTable = (rows: Row[]): string => {
  const head = [
    '| Section | What | Figure | Budget | Ratio (ours / reference, same run) | Round trips | Pass |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  const lines = rows.map((r) =>
    [
      r.section,
      r.what,
      r.figure,
      r.budget,
      r.ratio,
      r.trips === undefined ? '' : String(r.trips),
      mark(r.pass),
    ]
      .map(cell)
      .join(' | '),
  );
  return [...head, ...lines.map((l) => `| ${l} |`)].join('\n');
};

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/** Date, commit (and whether the tree is dirty), cores, CPU model and Node: what the figures depend on. */
export const machineLine = (): string => {
  const commit = git('rev-parse', '--short', 'HEAD');
  const dirty = git('status', '--porcelain').length > 0 ? ' + uncommitted changes' : '';
  const cpu = cpus();
  return [
    `Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `commit ${commit}${dirty}`,
    `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'})`,
    `Node ${process.version}`,
  ].join(' · ');
};

/** One run's table, its notes and its length, as printed and as written. */
export const renderRun = (run: Run): string =>
  [
    run.machine,
    '',
    renderTable(run.rows),
    '',
    ...run.notes.map((n) => `- ${n}`),
    ...(run.notes.length > 0 ? [''] : []),
    `Run took ${Math.round(run.seconds)} s.`,
  ].join('\n');

/** Budgeted rows over all runs: how many were met in every run, and which were missed in any. */
export const summary = (runs: Run[]): string => {
  const judged = new Map<string, { run: number; pass: boolean }[]>();
  runs.forEach((run, i) => {
    for (const r of run.rows) {
      if (r.pass === null) continue;
      const key = `${r.section} · ${r.what}`;
      judged.set(key, [...(judged.get(key) ?? []), { run: i + 1, pass: r.pass }]);
    }
  });
  const missed = [...judged].filter(([, passes]) => passes.some((p) => !p.pass));
  const runsWord = runs.length === 1 ? 'the run' : `all ${runs.length} runs`;
  return [
    `Budgets met in ${runsWord}: ${judged.size - missed.length} of ${judged.size}.`,
    ...missed.map(
      ([what, passes]) => `- ✗ ${what} (${passes.map((p) => `run ${p.run} ${mark(p.pass)}`).join(', ')})`,
    ),
    // A section that could not be measured has no rows to miss: said here, or it would pass unseen.
    ...runs.flatMap((run, i) => run.notes.map((n) => `- run ${i + 1}: ${n}`)),
  ].join('\n');
};

/** The paragraphs above the runs: how the figures are taken and judged. */
export const REPORT_HEADER = [
  'Written by `npm run bench` (tests/bench/run.ts); re-run it to refresh. Every budget (issue 22) is',
  'a ratio to a reference measured in the same run, so a slower or busier machine moves both',
  'figures: the site over a minimal React 19 page built with the same Vite (bundle), ours over bare',
  'Hono answering a constant on the same @hono/node-server (API: the same GET, the same POST, the',
  'same 1000 dialogs polling). The Ratio column gives the ratio, rounded to the hundredth (the row',
  'is judged on the ratio shown), then our figure and the reference’s. ✓ within the budget, ✗ over',
  'it, · no budget set. The API and dialog budgets are judged on PostgreSQL; the PGlite rows show',
  'their ratios unjudged. /index is judged on both its gzip KB and its ratio to the floor.',
  '',
  'API rows: autocannon, 100 connections, 5 s each after a 1 s warm-up, loopback; CPU per request',
  'from the server process’s /proc stat (10 ms ticks, over seconds of CPU). p50 and p99 are the',
  'bench’s own, over the time autocannon measured for each 2xx answer (hrtime, fractions of a',
  'millisecond): autocannon’s own percentiles are whole milliseconds, so with a bare p99 of 5 ms',
  'one millisecond of rounding would move the ratio by 0.2×; the ratio is taken of the unrounded',
  'figures. GETs carry Chromium’s Accept-Encoding (gzip, deflate, br, zstd), so the catalogue’s',
  'answers travel gzipped as a browser gets them. Bare Hono is measured once per run, just before',
  'the PostgreSQL rows. Bundle rows: a',
  'fresh Chromium context per route, every script and stylesheet of the first visit (gzip = zlib',
  'level 6 of each file); routes behind login as a visitor first sees them. Round trips: the',
  'longest chain of /api and /portal calls each starting after the one before it ended.',
  'Lighthouse: desktop preset, performance only, the median score of 3 runs; CLS is the largest of',
  'the 3 and must be 0 (no shift at all). QR dialogs: each of 1000 believers polls its own unpaid',
  'order once a second, spread over the second, on a kept-alive connection of its own, for 10 s',
  'counted after 2 s in which the dialogs opened; a poll gives up after 5 s; the figure is the',
  'server’s CPU over those 10 s as a share of one core.',
  '',
  'One invocation measures every section BENCH_RUNS times (2 by default, 1 with BENCH_ONLY, which',
  'only prints), one run after the other on one build of the site and of the floor, each run with',
  'its own references. Each run’s table is below, first run first; the summary counts a budget',
  'as met only when it is met in every run.',
];

/**
 * The hand-written sections of a report (a `## ` heading other than a run's, to the end: one
 * measurement's before and after, a budget's ✗ explained), kept when the runs are written again.
 */
export const handWrittenSections = (report: string): string => {
  const lines = report.split('\n');
  const first = lines.findIndex((line) => line.startsWith('## ') && !/^## Run \d/.test(line));
  return first < 0 ? '' : lines.slice(first).join('\n');
};

/**
 * docs/benchmarks.md: the header, the summary over the runs, then every run's table, then the
 * hand-written sections the file had.
 */
export const writeReport = (runs: Run[], seconds: number) => {
  const file = resolve(ROOT, 'docs/benchmarks.md');
  const kept = existsSync(file) ? handWrittenSections(readFileSync(file, 'utf8')) : '';
  const text = [
    '# Benchmarks',
    '',
    ...REPORT_HEADER,
    '',
    summary(runs),
    '',
    ...runs.flatMap((run, i) => [
      `## Run ${i + 1}${runs.length > 1 && i === runs.length - 1 ? ' (latest)' : ''}`,
      '',
      renderRun(run),
      '',
    ]),
    `Whole invocation: ${Math.round(seconds)} s.`,
    '',
    ...(kept ? [kept.trimEnd(), ''] : []),
  ].join('\n');
  writeFileSync(file, text);
  return text;
};
