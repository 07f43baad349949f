import type { SeatMap } from '@contract/seats';
import { seatSelectionMachine } from '@machines/seat-selection.machine';
import { useActorRef } from '@xstate/react';
import { type ActorRefFrom, fromPromise } from 'xstate';

export type SeatSelectionActor = ActorRefFrom<typeof seatSelectionMachine>;

/**
 * The seat-selection machine with its map loader: what a parent flow invokes (as its
 * `seatSelection` actor) or a page uses on its own. `load` is the flow's own call (the statue
 * niches or the tablet places of an area).
 */
export const seatSelectionLogic = (load: (area: string) => Promise<SeatMap>) =>
  seatSelectionMachine.provide({ actors: { loadSeats: fromPromise(({ input }) => load(input.area)) } });

/** A seat map of its own, for a page that does not invoke it from its flow machine. */
export const useSeatSelectionActor = (load: (area: string) => Promise<SeatMap>): SeatSelectionActor =>
  useActorRef(seatSelectionLogic(load));
