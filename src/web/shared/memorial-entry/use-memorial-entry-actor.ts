import type { MemorialEntry } from '@contract/memorial-entry';
import { type MemorialEntryInput, memorialEntryMachine } from '@machines/memorial-entry.machine';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';

export type MemorialEntryActor = ActorRefFrom<typeof memorialEntryMachine>;
export type MemorialEntrySnapshot = SnapshotFrom<typeof memorialEntryMachine>;

/**
 * A memorial-entry editor of its own (the ceremony booking, a page that does not invoke it from
 * its order machine). The machine has no effects to provide; `onChange` hears each new list.
 * A parent machine that invokes the editor passes its child's ref to `MemorialEntryEditor` instead.
 */
export function useMemorialEntryActor(
  input: MemorialEntryInput,
  onChange?: (entries: MemorialEntry[]) => void,
): MemorialEntryActor {
  const actor = useActorRef(memorialEntryMachine, { input });
  useEffect(() => {
    if (!onChange) return;
    const subscription = actor.on('entries.changed', (event) => onChange(event.entries));
    return () => subscription.unsubscribe();
  }, [actor, onChange]);
  return actor;
}

/** The editor's snapshot, re-rendering on each change. */
export const useEntrySnapshot = (actor: MemorialEntryActor): MemorialEntrySnapshot =>
  useSelector(actor, (snapshot) => snapshot);
