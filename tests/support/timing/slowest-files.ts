import { readFileTimes, slowestLines } from './file-times';

/** The end of `npm test`: the ten slowest test files of the run, vitest's and Playwright's together. */
const times = [...readFileTimes('vitest'), ...readFileTimes('e2e')];
const total = times.reduce((sum, t) => sum + t.seconds, 0);
console.log(
  `\nThe ten slowest test files (of ${times.length}; ${Math.round(total)} s summed over files run side by side):`,
);
for (const line of slowestLines(times)) console.log(line);
