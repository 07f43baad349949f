import { machineRegistry } from '@machines/index';
import { coveringPaths, modelPaths } from '@tests/support/statecharts/graph';
import { runOnMachine } from '@tests/support/statecharts/run-on-machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe.each(machineRegistry.map((entry) => [entry.name, entry] as const))(
  '%s: generated paths',
  (_, entry) => {
    const { paths, coverage } = modelPaths(entry);

    it('cover 100% of its states and transitions', () => {
      expect(coverage.states.missing).toEqual([]);
      expect(coverage.transitions.missing).toEqual([]);
      expect(coverage.states.covered).toBe(coverage.states.total);
      expect(coverage.transitions.covered).toBe(coverage.transitions.total);
    });

    it('have a covering set for the rendered view that still covers 100% of them', () => {
      const cover = coveringPaths(entry);
      expect(cover.coverage.states.missing).toEqual([]);
      expect(cover.coverage.transitions.missing).toEqual([]);
      expect(cover.paths.length).toBeLessThanOrEqual(paths.length);
    });

    describe('each path on the machine', () => {
      beforeEach(() => vi.useFakeTimers());
      afterEach(() => vi.useRealTimers());
      it.each(paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
        for (const { expected, actual } of runOnMachine(entry, path)) expect(actual).toBe(expected);
      });
    });
  },
);
