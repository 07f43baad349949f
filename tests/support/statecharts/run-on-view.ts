import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ModelPath } from './graph';

/** A rendered view of one machine, driven by the gestures and fake answers a model event stands for. */
export interface ViewDriver {
  /** Does what the event stands for: a click, a fake answer, a second passing. */
  exec(event: AnyEventObject, before: AnyMachineSnapshot): Promise<void>;
  /** Asserts the DOM shows `snapshot` (the model's state after a step). */
  check(snapshot: AnyMachineSnapshot): Promise<void>;
  unmount(): void;
}

/** Renders the view of the machine started from `input` (the path's: the registry's, or one of its starts). */
export type ViewAdapter = (input: unknown) => Promise<ViewDriver>;

/** Lets promises, React and the router settle under fake timers without moving the clock. */
export const settle = async (rounds = 5) => {
  for (let i = 0; i < rounds; i += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
};

/** One second of the clock (a poll interval, a countdown tick), with React updated. */
export const passSecond = async () => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1000);
  });
  await settle();
};

/** Sees the rendered view after each checked step (0: the start): the atlas's recorder. */
export type StepObserver = (step: number, snapshot: AnyMachineSnapshot) => void;

/** Runs a generated path against the rendered view, checking the DOM after every step. */
export const runOnView = async (adapter: ViewAdapter, path: ModelPath, observe?: StepObserver) => {
  const driver = await adapter(path.input);
  try {
    await driver.check(path.initial);
    observe?.(0, path.initial);
    let before = path.initial;
    for (const [index, step] of path.steps.entries()) {
      await driver.exec(step.event, before);
      await driver.check(step.state);
      observe?.(index + 1, step.state);
      before = step.state;
    }
  } finally {
    driver.unmount();
  }
};
