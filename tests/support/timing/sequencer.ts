import { relative } from 'node:path';
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';

/** A file that only calls a generator (a machine's view paths): 200 bytes on disk, 10-90 s to run. */
const GENERATED_WALK = /\.paths\.test\.tsx?$/;

/**
 * Vitest's order (failed files first, then the longest of the last run, projects one after the
 * other), except where it has no last run, as in a fresh clone (.ci/run): there it runs larger
 * files first, which put the generated view walks, the smallest files of the web project and
 * among its longest, at the very end of the suite, one worker waiting while the other finished
 * them. Those of them vitest has no time for run first in their project. Vitest's own sequencer is
 * loaded when the run sorts, so a build reading the config does not load vitest.
 */
export class WalksFirstSequencer implements TestSequencer {
  constructor(private readonly ctx: Vitest) {}

  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { BaseSequencer } = await import('vitest/node');
    return new BaseSequencer(this.ctx).shard(files);
  }

  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { BaseSequencer } = await import('vitest/node');
    const sorted = await new BaseSequencer(this.ctx).sort(files);
    const unmeasuredWalk = (spec: TestSpecification) =>
      GENERATED_WALK.test(spec.moduleId) &&
      !this.ctx.cache.getFileTestResults(
        `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`,
      );
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    return projects.flatMap((name) => {
      const own = sorted.filter((spec) => spec.project.name === name);
      return [...own.filter(unmeasuredWalk), ...own.filter((spec) => !unmeasuredWalk(spec))];
    });
  }
}
