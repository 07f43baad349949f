import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
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
  /** The figure over the reference of the same run (site/floor, ours/bare Hono). */
  ratio: string;
  /** Sequential API round trips of a route's first visit (bundle rows only). */
  trips?: number;
  /** Within the budget; null when there is no budget. */
  pass: boolean | null;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
export const times = (ours: number, reference: number) =>
  reference > 0 ? `${(ours / reference).toFixed(2)}×` : '—';

const mark = (pass: boolean | null) => (pass === null ? '·' : pass ? '✓' : '✗');
const cell = (text: string) => text.replaceAll('|', '\\|');

export const renderTable = (rows: Row[]): string => {
  const head = [
    '| Section | What | Figure | Budget | Ratio | Round trips | Pass |',
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

export const writeReport = (rows: Row[], notes: string[], seconds: number) => {
  const text = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (tests/bench/run.ts); re-run it to refresh. ✓ within the budget,',
    '✗ over it, · no budget set (issue 12). Ratios are against references measured in the same run:',
    'the site over a minimal React 19 page built with the same Vite (bundle), ours over bare Hono',
    'answering a constant on the same @hono/node-server (API). API rows: autocannon, 100 connections,',
    '5 s each after a 1 s warm-up, loopback; CPU per request from the server process’s /proc stat.',
    'Bundle rows: a fresh Chromium context per route, every script and stylesheet of the first visit',
    '(gzip = zlib level 6 of each file); routes behind login as a visitor first sees them. Round',
    'trips: the longest chain of /api and /portal calls each starting after the one before it ended.',
    'QR dialogs: each of 1000 believers polls its own unpaid order once a second, spread over the',
    'second, on a kept-alive connection of its own, for 10 s counted after 2 s in which the dialogs',
    'opened; a poll gives up after 5 s.',
    '',
    machineLine(),
    '',
    renderTable(rows),
    '',
    ...notes.map((n) => `- ${n}`),
    ...(notes.length > 0 ? [''] : []),
    `Whole run: ${Math.round(seconds)} s.`,
    '',
  ].join('\n');
  writeFileSync(resolve(ROOT, 'docs/benchmarks.md'), text);
  return text;
};
