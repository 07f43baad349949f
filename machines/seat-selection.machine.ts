import { SEAT_STATUS, type SeatMap } from '@contract/seats';
import { assign, fromPromise, setup } from 'xstate';

/**
 * The seat map of the statue enshrinement and the memorial-tablet booking: which area's map is
 * shown, and the one seat the believer has chosen on it. The area is an opaque key the parent
 * flow builds from its own choices (a tablet's floor + type + group, a statue's location +
 * material + group); the parent's `loadSeats` turns it into a map.
 *
 * | state   | the believer sees                                                                 |
 * | ------- | --------------------------------------------------------------------------------- |
 * | noArea  | 请先选择位置 (no map)                                                              |
 * | loading | 座位图加载中… (tag busy); on a refresh the old map stays, busy and not selectable  |
 * | ready   | the map, the legend and 已选：第N排第M号 (or 未选择座位)                            |
 * | failed  | 座位图加载失败，请重试 and 重试 (tag error)                                        |
 *
 * | event                  | accepted in | what it does                                                   |
 * | ---------------------- | ----------- | -------------------------------------------------------------- |
 * | `area.choose` {area}   | every state | another area: forget map, seat and `mine`, load it; null: noArea; the same area: nothing |
 * | `seat.select` {pos}    | ready       | a free (5) seat or `mine` becomes the selection, releasing the previous one; the selected seat again releases it; any other seat: nothing |
 * | `map.retry`            | failed      | loads the same area again                                      |
 * | `map.refresh` {mine?}  | ready       | reloads the same area (the parent sends it when the seats may have changed: 该位置已被选择, a QR closed unpaid, a reservation made) with the seat its own unpaid order holds, `mine` (none when absent); the selection stays only if that seat is still free or `mine` |
 *
 * `mine` reads as reserved (2) on the server's map, yet is the believer's to choose again: the
 * server answers the same request with the same order, and a changed one replaces it.
 * A parent invoking this machine reads `snapshot.context.selected` (onSnapshot); there is no
 * final state: the map lives as long as the parent's page.
 */
export const SEAT_SELECTION_MESSAGES = { loadFailed: '座位图加载失败，请重试' } as const;

export interface SeatSelectionContext {
  area: string | null;
  map: SeatMap | null;
  /** The chosen seat's POSITION ('row_col'), free on the map last loaded or `mine`. */
  selected: string | null;
  /** The seat the believer's own unpaid order holds, as the parent said at the last refresh. */
  mine: string | null;
  error: string | null;
}

export type SeatSelectionEvent =
  | { type: 'area.choose'; area: string | null }
  | { type: 'seat.select'; position: string }
  | { type: 'map.retry' }
  | { type: 'map.refresh'; mine?: string };

type ChooseEvent = Extract<SeatSelectionEvent, { type: 'area.choose' }>;
type SelectEvent = Extract<SeatSelectionEvent, { type: 'seat.select' }>;
type RefreshEvent = Extract<SeatSelectionEvent, { type: 'map.refresh' }>;

/** The state of the seat at `position` on `map` (undefined: no such seat). */
const statusAt = (map: SeatMap | null, position: string | null) =>
  map?.seats.find((s) => s.POSITION === position)?.PW_STATUS;

/** Is the seat at `position` free (5) on `map`? */
export const isFreeSeat = (map: SeatMap | null, position: string | null): boolean =>
  statusAt(map, position) === SEAT_STATUS.free;

/** Free, or `mine`: held (2) by the believer's own unpaid order, theirs to choose again. */
export const isChoosable = (
  { map, mine }: Pick<SeatSelectionContext, 'map' | 'mine'>,
  position: string | null,
) => isFreeSeat(map, position) || (position === mine && statusAt(map, position) === SEAT_STATUS.reserved);

export const seatSelectionMachine = setup({
  types: {
    context: {} as SeatSelectionContext,
    events: {} as SeatSelectionEvent,
    children: {} as { loadSeats: 'loadSeats' },
    tags: {} as 'busy' | 'error',
  },
  actors: {
    loadSeats: fromPromise<SeatMap, { area: string }>(async () => {
      throw new Error('loadSeats is not provided: add it with .provide()');
    }),
  },
  guards: {
    clearsArea: (_, e: ChooseEvent) => e.area === null,
    /** Choosing the area already shown changes nothing (the cascader may report it twice). */
    changesArea: ({ context }, e: ChooseEvent) => e.area !== context.area,
    isSelected: ({ context }, e: SelectEvent) => context.selected === e.position,
    isChoosable: ({ context }, e: SelectEvent) => isChoosable(context, e.position),
  },
  actions: {
    clearArea: assign({ area: null, map: null, selected: null, mine: null, error: null }),
    startArea: assign((_, e: ChooseEvent) => ({
      area: e.area,
      map: null,
      selected: null,
      mine: null,
      error: null,
    })),
    assignMine: assign({ mine: (_, e: RefreshEvent) => e.mine ?? null }),
    select: assign({ selected: (_, e: SelectEvent) => e.position }),
    release: assign({ selected: null }),
    /** A reloaded map keeps the selection only while that seat is still free, or is `mine`. */
    assignMap: assign(({ context }, map: SeatMap) => ({
      map,
      selected: isChoosable({ map, mine: context.mine }, context.selected) ? context.selected : null,
      error: null,
    })),
    assignError: assign({ error: SEAT_SELECTION_MESSAGES.loadFailed }),
  },
}).createMachine({
  id: 'seatSelection',
  context: { area: null, map: null, selected: null, mine: null, error: null },
  initial: 'noArea',
  on: {
    'area.choose': [
      {
        guard: { type: 'clearsArea', params: ({ event }) => event },
        target: '.noArea',
        actions: 'clearArea',
      },
      {
        guard: { type: 'changesArea', params: ({ event }) => event },
        // Re-entered while loading another area: the old request is stopped, its answer ignored.
        target: '.loading',
        reenter: true,
        actions: { type: 'startArea', params: ({ event }) => event },
      },
    ],
  },
  states: {
    noArea: {},
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSeats',
        src: 'loadSeats',
        input: ({ context }) => ({ area: context.area ?? '' }),
        onDone: { target: 'ready', actions: { type: 'assignMap', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    ready: {
      on: {
        'seat.select': [
          {
            guard: { type: 'isSelected', params: ({ event }) => event },
            actions: 'release',
          },
          {
            guard: { type: 'isChoosable', params: ({ event }) => event },
            actions: { type: 'select', params: ({ event }) => event },
          },
        ],
        'map.refresh': { target: 'loading', actions: { type: 'assignMine', params: ({ event }) => event } },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'map.retry': 'loading' },
    },
  },
});
