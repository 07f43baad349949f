import type { Reporter, TestModule } from 'vitest/node';
import { relativeToRoot, slowestLines, writeFileTimes } from './file-times';

/**
 * Writes each file's wall time (environment, import, setup and tests) for the summary at the end
 * of `npm test`, and prints vitest's ten slowest files after its own summary.
 */
export default class FileTimesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const times = modules.map((module) => {
      const d = module.diagnostic();
      const ms =
        d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      return {
        file: `${module.project.name}: ${relativeToRoot(module.moduleId)}`,
        seconds: ms / 1000,
        tests: [...module.children.allTests()].length,
      };
    });
    writeFileTimes('vitest', times);
    process.stdout.write(`\nvitest: the ten slowest files\n${slowestLines(times).join('\n')}\n`);
  }
}
