import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * How long each test file took, written by the vitest and Playwright reporters to
 * node_modules/.cache/test-file-times/<runner>.json (not test-results/, which Playwright empties
 * when it starts) and read back by `slowest-files.ts` at the end of `npm test`. Seconds are wall
 * time of the file in its worker (import, setup and tests).
 */
export interface FileTime {
  file: string;
  seconds: number;
  tests: number;
}

const root = join(import.meta.dirname, '..', '..', '..');
const fileOf = (runner: string) => join(root, 'node_modules', '.cache', 'test-file-times', `${runner}.json`);

export const relativeToRoot = (path: string) => relative(root, path);

export const writeFileTimes = (runner: string, times: FileTime[]) => {
  const path = fileOf(runner);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(times, null, 1)}\n`);
};

export const readFileTimes = (runner: string): FileTime[] => {
  try {
    return JSON.parse(readFileSync(fileOf(runner), 'utf8')) as FileTime[];
  } catch {
    return [];
  }
};

/** The ten slowest files as lines of a table: seconds, tests, file. */
export const slowestLines = (times: FileTime[], count = 10): string[] =>
  [...times]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map((t) => `${t.seconds.toFixed(1).padStart(7)} s  ${String(t.tests).padStart(4)} tests  ${t.file}`);
