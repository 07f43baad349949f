import type { AnyActorRef } from 'xstate';
import { chooseSeatArea, refreshSeatMap } from './ordering';
import { update } from './ordering-flow';
import { seatSelectionMachine } from './seat-selection.machine';

/**
 * An ordering flow with a seat map on its page (statues, tablets): the invoked seat-selection
 * machine `seats` lives with the page, its selection is the order's seat, and every outcome that
 * may have changed the seats asks the map again.
 */
export interface SeatMapContext {
  /** The seat chosen on the map (the child's selection). */
  position: string | null;
  /** The message beside 提交 (a choice or the seat missing). */
  error: string | null;
  draft: { POSITION: string } | null;
}

type Args<C> = { self: AnyActorRef; context: C };

/** The seat map's part of a kind's machine: its child, actions and the page's own events. */
export const seatMapFlow = <C extends SeatMapContext, Choices>(
  areaOf: (context: C, choices: Choices) => string | null,
) => ({
  /** A page without an order yet: no seat, no message, no draft. */
  context: () => ({ position: null, error: null, draft: null }),
  actors: { seatSelection: seatSelectionMachine },
  actions: {
    /** The seats may have changed (a refusal, a reservation made): the map is asked again. */
    refused: ({ self }: Args<C>) => refreshSeatMap(self),
    reservedClosed: ({ self }: Args<C>) => refreshSeatMap(self),
    /** A QR closed unpaid: the map asked again, the seat just ordered still the believer's (`mine`). */
    closedUnpaid: ({ self, context }: Args<C>) => refreshSeatMap(self, context.draft?.POSITION),
    /** The choices' map (none until both are chosen); another one forgets the seat. */
    chooseArea: ({ self, context }: Args<C>, choices: Choices) =>
      chooseSeatArea(self, areaOf(context, choices)),
    /** A snapshot without a context (a stand-in child's) leaves the seat as it was. */
    assignPosition: update<C, string | null | undefined>(
      ({ context }, position) =>
        ({ position: position === undefined ? context.position : position }) as Partial<C>,
    ),
    clearError: update<C>(() => ({ error: null }) as Partial<C>),
  },
  /** The map, alive with the page. */
  invoke: {
    id: 'seats' as const,
    src: 'seatSelection' as const,
    onSnapshot: {
      actions: {
        type: 'assignPosition' as const,
        params: ({ event }: { event: { snapshot: { context?: { selected: string | null } } } }) =>
          event.snapshot.context?.selected,
      },
    },
  },
  /** The page's events: the choices pick the map; either takes the message beside 提交 away. */
  editingOn: {
    'choices.change': {
      actions: [{ type: 'chooseArea', params: ({ event }: { event: Choices }) => event }, 'clearError'],
    },
    'form.edit': { actions: 'clearError' },
  },
});
