import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { type FileTime, relativeToRoot, writeFileTimes } from './file-times';

/** Writes each spec file's time (its tests' durations, one worker) for the summary at the end of `npm test`. */
export default class FileTimesReporter implements Reporter {
  private readonly times = new Map<string, FileTime>();

  onTestEnd(test: TestCase, result: TestResult) {
    const file = `e2e: ${relativeToRoot(test.location.file)}`;
    const time = this.times.get(file) ?? { file, seconds: 0, tests: 0 };
    time.seconds += result.duration / 1000;
    time.tests += 1;
    this.times.set(file, time);
  }

  onEnd() {
    writeFileTimes('e2e', [...this.times.values()]);
  }
}
