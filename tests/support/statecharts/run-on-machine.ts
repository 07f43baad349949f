import type { MachineEntry } from '@machines/index';
import { type AnyMachineSnapshot, createActor, fromPromise } from 'xstate';
import { type ModelPath, stateKey } from './graph';

const never = fromPromise(() => new Promise<never>(() => {}));

/**
 * Runs a path on a real actor of the machine: its invoked actors never settle and its timers do
 * not run by themselves (the caller uses fake timers), so the path's own events (`xstate.after.*`,
 * `xstate.done.actor.*`) decide every step. Answers the graph key after each step.
 */
export const runOnMachine = (
  entry: MachineEntry,
  path: ModelPath,
): { expected: string; actual: string }[] => {
  const actors = Object.fromEntries(
    Object.keys(entry.machine.implementations.actors).map((name) => [name, never]),
  );
  const actor = createActor(entry.machine.provide({ actors }), { input: path.input }).start();
  const seen = path.steps.map((step) => {
    actor.send(step.event);
    return {
      expected: stateKey(entry, step.state),
      actual: stateKey(entry, actor.getSnapshot() as AnyMachineSnapshot),
    };
  });
  actor.stop();
  return seen;
};
