import { useEffect } from 'react';
import type { Actor, AnyStateMachine, Snapshot, SnapshotFrom } from 'xstate';

/**
 * A membership wizard kept for the browser tab's session (sessionStorage), so a reload keeps what
 * the believer chose and typed. The machine's persisted snapshot is written each time the wizard
 * rests on a step (`isRest`: never while an order is created or its QR shown, so a reload comes
 * back to the step before them, and a repeated buy sends the same idempotency key); it is read
 * back when the wizard starts, and removed once the flow has ended (paid, or sent elsewhere).
 * A snapshot the machine cannot resolve (another version of the site) is dropped.
 */

type Context<M extends AnyStateMachine> = SnapshotFrom<M>['context'];
type Persisted = { value: unknown; context: Record<string, unknown> } & Record<string, unknown>;

const storageKey = (key: string) => `wizard:${key}`;

const remove = (key: string) => {
  try {
    sessionStorage.removeItem(storageKey(key));
  } catch {
    // Storage refused (private mode, quota): nothing was kept.
  }
};

/**
 * The snapshot kept under `key`, if it is a resting step of this machine; `revive` brings in what
 * must be fresh (the packages as the page has them now).
 */
export const readSessionSnapshot = <M extends AnyStateMachine>(
  key: string,
  machine: M,
  isRest: (snapshot: SnapshotFrom<M>) => boolean,
  revive: (context: Context<M>) => Context<M> = (context) => context,
): Snapshot<unknown> | undefined => {
  try {
    const text = sessionStorage.getItem(storageKey(key));
    if (!text) return undefined;
    const persisted = JSON.parse(text) as Persisted;
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
    const subscription = actor.subscribe((snapshot) => {
      if ((snapshot as Snapshot<unknown>).status === 'done') return remove(key);
      if (!isRest(snapshot as SnapshotFrom<M>)) return;
      try {
        sessionStorage.setItem(storageKey(key), JSON.stringify(actor.getPersistedSnapshot()));
      } catch {
        // Storage refused (private mode, quota): the wizard works, a reload starts it afresh.
      }
    });
    return () => subscription.unsubscribe();
  }, [key, actor, isRest]);
};
