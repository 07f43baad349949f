import { useEffect } from 'react';
import {
  type Actor,
  type AnyStateMachine,
  createActor,
  type InputFrom,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';

/**
 * A membership wizard kept for the browser tab's session (sessionStorage), so a reload keeps what
 * the believer chose and typed. The machine's persisted snapshot is written each time the wizard
 * rests on a step (`isRest`: never while an order is created or its QR shown, so a reload comes
 * back to the step before them, and a repeated buy sends the same idempotency key); it is read
 * back when the wizard starts, and removed once the flow has ended (paid, or sent elsewhere).
 * A snapshot of another version of the site is dropped: one kept with other states (a state of
 * the same name may mean another step now), or whose context lacks a field the machine has now.
 */

type Context<M extends AnyStateMachine> = SnapshotFrom<M>['context'];
type Persisted = { value: unknown; context: Record<string, unknown> } & Record<string, unknown>;
/** What is kept: the machine's states when it was written, and its persisted snapshot. */
type Kept = { states: string; snapshot: Persisted };

const storageKey = (key: string) => `wizard:${key}`;

const remove = (key: string) => {
  try {
    sessionStorage.removeItem(storageKey(key));
  } catch {
    // Storage refused (private mode, quota): nothing was kept.
  }
};

/** The ids of the machine's states, in the order of its chart: another version has others. */
const statesOf = (machine: AnyStateMachine): string => {
  type Node = { id: string; states: Record<string, Node> };
  const ids = (node: Node): string[] => [node.id, ...Object.values(node.states).flatMap(ids)];
  return ids(machine.root as unknown as Node).join(' ');
};

/** The fields of a fresh context for `input` (those with a value: a kept snapshot is JSON). */
const fieldsOf = <M extends AnyStateMachine>(machine: M, input: InputFrom<M>): string[] => {
  const { context } = createActor(machine, { input } as never).getSnapshot() as {
    context: Record<string, unknown>;
  };
  return Object.keys(context).filter((field) => context[field] !== undefined);
};

export interface SessionSnapshotOptions<M extends AnyStateMachine> {
  /** What the wizard starts with now (a fresh context's fields are read from it). */
  input: InputFrom<M>;
  /** The steps a reload comes back to. */
  isRest: (snapshot: SnapshotFrom<M>) => boolean;
  /** Brings in what must be fresh (the packages as the page has them now). */
  revive?: (context: Context<M>) => Context<M>;
}

/** The snapshot kept under `key`, if it is a resting step of this very machine. */
export const readSessionSnapshot = <M extends AnyStateMachine>(
  key: string,
  machine: M,
  { input, isRest, revive = (context) => context }: SessionSnapshotOptions<M>,
): Snapshot<unknown> | undefined => {
  try {
    const text = sessionStorage.getItem(storageKey(key));
    if (!text) return undefined;
    const kept = JSON.parse(text) as Partial<Kept>;
    const persisted = kept.snapshot;
    if (kept.states !== statesOf(machine) || !persisted) throw new Error('another version of the machine');
    if (fieldsOf(machine, input).some((field) => !(field in persisted.context)))
      throw new Error('another version of the context');
    const context = revive(persisted.context as Context<M>);
    // Throws for a state this machine does not have.
    const resolved = machine.resolveState({ value: persisted.value as never, context }) as SnapshotFrom<M>;
    if ((resolved as Snapshot<unknown>).status !== 'active' || !isRest(resolved))
      throw new Error('not a resting step');
    return { ...persisted, context } as unknown as Snapshot<unknown>;
  } catch {
    remove(key);
    return undefined;
  }
};

/** Keeps the actor's snapshot under `key` while it rests on a step; removes it when the flow ends. */
export const useSessionSnapshot = <M extends AnyStateMachine>(
  key: string,
  actor: Actor<M>,
  isRest: (snapshot: SnapshotFrom<M>) => boolean,
) => {
  useEffect(() => {
    const states = statesOf(actor.logic);
    const subscription = actor.subscribe((snapshot) => {
      if ((snapshot as Snapshot<unknown>).status === 'done') return remove(key);
      if (!isRest(snapshot as SnapshotFrom<M>)) return;
      try {
        const kept: Kept = { states, snapshot: actor.getPersistedSnapshot() as unknown as Persisted };
        sessionStorage.setItem(storageKey(key), JSON.stringify(kept));
      } catch {
        // Storage refused (private mode, quota): the wizard works, a reload starts it afresh.
      }
    });
    return () => subscription.unsubscribe();
  }, [key, actor, isRest]);
};
