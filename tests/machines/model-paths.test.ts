import { ORDER_STATE } from '@contract/payment';
import { machineRegistry } from '@machines/index';
import { nextOrderState } from '@server/services/order-lifecycle';
import { modelPaths } from '@tests/support/statecharts/graph';
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

    describe('each path on the machine', () => {
      beforeEach(() => vi.useFakeTimers());
      afterEach(() => vi.useRealTimers());
      it.each(paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
        for (const { expected, actual } of runOnMachine(entry, path)) expect(actual).toBe(expected);
      });
    });
  },
);

describe('order lifecycle: each path through the server’s transition function', () => {
  const entry = machineRegistry.find((e) => e.name === 'order');
  if (!entry) throw new Error('order machine is not registered');
  const code = (value: unknown) => ORDER_STATE[value as keyof typeof ORDER_STATE];
  it.each(modelPaths(entry).paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    let state: number = ORDER_STATE.reserved;
    for (const step of path.steps) {
      const next = nextOrderState(state, step.event as Parameters<typeof nextOrderState>[1]);
      expect(next).toBe(code(step.state.value));
      state = next ?? state;
    }
  });

  it('refuses what a state does not accept (a repeated confirmation, a late sweep)', () => {
    expect(nextOrderState(ORDER_STATE.paid, { type: 'payment.confirmed', placeAvailable: true })).toBeNull();
    expect(nextOrderState(ORDER_STATE.paid, { type: 'hold.expired' })).toBeNull();
    expect(nextOrderState(ORDER_STATE.refunded, { type: 'refund.requested' })).toBeNull();
  });
});
