import { SEAT_STATUS, type SeatMap } from '@contract/seats';
import { SEAT_SELECTION_MESSAGES, seatSelectionMachine } from '@machines/seat-selection.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deferred, flush } from '../support/deferred';
import { modelSeatMap, modelSeatMapTaken } from '../support/statecharts/fixtures/seat-selection';

/** A seat-selection actor whose map loads the test settles by hand; records each area asked for. */
const start = () => {
  const loads: { area: string; answer: ReturnType<typeof deferred<SeatMap>> }[] = [];
  const actor = createActor(
    seatSelectionMachine.provide({
      actors: {
        loadSeats: fromPromise(({ input }: { input: { area: string } }) => {
          const answer = deferred<SeatMap>();
          loads.push({ area: input.area, answer });
          return answer.promise;
        }),
      },
    }),
  ).start();
  const state = () => actor.getSnapshot();
  /** Answers the latest load with `map` (or fails it) and lets the actor take the answer. */
  const answer = async (map: SeatMap | Error) => {
    const last = loads.at(-1);
    if (!last) throw new Error('no load under way');
    if (map instanceof Error) last.answer.reject(map);
    else last.answer.resolve(map);
    await flush();
  };
  const choose = async (area: string | null, map: SeatMap = modelSeatMap) => {
    actor.send({ type: 'area.choose', area });
    if (area !== null) await answer(map);
  };
  return { actor, state, loads, answer, choose };
};

describe('seat selection journeys', () => {
  it('starts with no area and no request; choosing one loads its map (busy meanwhile)', async () => {
    const { actor, state, loads, answer } = start();
    expect(state().value).toBe('noArea');
    expect(loads).toEqual([]);
    actor.send({ type: 'area.choose', area: '2F-大-南' });
    expect(state().value).toBe('loading');
    expect(state().hasTag('busy')).toBe(true);
    expect(loads.map((l) => l.area)).toEqual(['2F-大-南']);
    await answer(modelSeatMap);
    expect(state().value).toBe('ready');
    expect(state().context.map).toEqual(modelSeatMap);
    expect(state().hasTag('busy')).toBe(false);
  });

  it('selecting another seat releases the first; the selected seat again releases it', async () => {
    const { actor, state, choose } = start();
    await choose('A');
    actor.send({ type: 'seat.select', position: '1_1' });
    expect(state().context.selected).toBe('1_1');
    actor.send({ type: 'seat.select', position: '1_2' });
    expect(state().context.selected).toBe('1_2');
    actor.send({ type: 'seat.select', position: '1_2' });
    expect(state().context.selected).toBeNull();
  });

  it('a taken, blocked or missing seat is not selectable and leaves the selection alone', async () => {
    const { actor, state, choose } = start();
    const everyState: SeatMap = {
      ROWS: 1,
      COLS: 6,
      seats: [1, 2, 3, 4, 5].map((status, i) => ({
        POSITION: `1_${i + 1}`,
        ROW: 1,
        COL: i + 1,
        PW_STATUS: status as 1 | 2 | 3 | 4 | 5,
      })),
    };
    await choose('A', everyState);
    actor.send({ type: 'seat.select', position: '1_5' });
    for (const position of ['1_1', '1_2', '1_3', '1_4', '1_6', '9_9']) {
      actor.send({ type: 'seat.select', position });
      expect(state().context.selected).toBe('1_5');
    }
  });

  it('a seat cannot be selected before its map is there', async () => {
    const { actor, state } = start();
    actor.send({ type: 'seat.select', position: '1_1' });
    actor.send({ type: 'area.choose', area: 'A' });
    actor.send({ type: 'seat.select', position: '1_1' });
    expect(state().context.selected).toBeNull();
  });

  it('changing the area resets the seat, drops the old map and loads the new one', async () => {
    const { actor, state, loads, choose } = start();
    await choose('A');
    actor.send({ type: 'seat.select', position: '1_1' });
    actor.send({ type: 'area.choose', area: 'B' });
    expect(state().value).toBe('loading');
    expect(state().context).toMatchObject({ area: 'B', map: null, selected: null });
    expect(loads.map((l) => l.area)).toEqual(['A', 'B']);
  });

  it('the same area again keeps map and seat, and asks nothing', async () => {
    const { actor, state, loads, choose } = start();
    await choose('A');
    actor.send({ type: 'seat.select', position: '1_1' });
    actor.send({ type: 'area.choose', area: 'A' });
    expect(state().value).toBe('ready');
    expect(state().context.selected).toBe('1_1');
    expect(loads).toHaveLength(1);
  });

  it('no area (null) clears everything', async () => {
    const { actor, state, choose } = start();
    await choose('A');
    actor.send({ type: 'seat.select', position: '1_1' });
    actor.send({ type: 'area.choose', area: null });
    expect(state().value).toBe('noArea');
    expect(state().context).toEqual({ area: null, map: null, selected: null, mine: null, error: null });
  });

  it('an area changed while loading ignores the first answer', async () => {
    const { actor, state, loads } = start();
    actor.send({ type: 'area.choose', area: 'A' });
    actor.send({ type: 'area.choose', area: 'B' });
    const other: SeatMap = { ...modelSeatMap, COLS: 9 };
    loads[0]?.answer.resolve(other);
    await flush();
    expect(state().value).toBe('loading');
    loads[1]?.answer.resolve(modelSeatMap);
    await flush();
    expect(state().context.map).toEqual(modelSeatMap);
  });

  it('a load failure says so; retry loads the same area again', async () => {
    const { actor, state, loads, answer } = start();
    actor.send({ type: 'area.choose', area: 'A' });
    await answer(new Error('502'));
    expect(state().value).toBe('failed');
    expect(state().hasTag('error')).toBe(true);
    expect(state().context.error).toBe(SEAT_SELECTION_MESSAGES.loadFailed);
    actor.send({ type: 'map.retry' });
    expect(state().value).toBe('loading');
    expect(loads.map((l) => l.area)).toEqual(['A', 'A']);
    await answer(modelSeatMap);
    expect(state().value).toBe('ready');
    expect(state().context.error).toBeNull();
  });

  it('a refresh after 该位置已被选择 drops the seat another believer took', async () => {
    const { actor, state, loads, answer, choose } = start();
    await choose('A');
    actor.send({ type: 'seat.select', position: '1_1' });
    actor.send({ type: 'map.refresh' });
    expect(state().value).toBe('loading');
    // The old map stays on screen while the new one comes.
    expect(state().context.map).toEqual(modelSeatMap);
    expect(loads.map((l) => l.area)).toEqual(['A', 'A']);
    await answer(modelSeatMapTaken);
    expect(state().value).toBe('ready');
    expect(state().context.selected).toBeNull();
    expect(state().context.map?.seats[0]?.PW_STATUS).toBe(SEAT_STATUS.reserved);
  });

  it('a refresh keeps the seat while it is still free', async () => {
    const { actor, state, answer, choose } = start();
    await choose('A');
    actor.send({ type: 'seat.select', position: '1_2' });
    actor.send({ type: 'map.refresh' });
    await answer(modelSeatMapTaken);
    expect(state().context.selected).toBe('1_2');
  });

  it('a refresh after a QR closed unpaid keeps the believer’s own seat though the map says it is reserved', async () => {
    const { actor, state, loads, answer, choose } = start();
    await choose('A');
    actor.send({ type: 'seat.select', position: '1_1' });
    actor.send({ type: 'map.refresh', mine: '1_1' });
    expect(loads.map((l) => l.area)).toEqual(['A', 'A']);
    await answer(modelSeatMapTaken);
    expect(state().value).toBe('ready');
    expect(state().context).toMatchObject({ selected: '1_1', mine: '1_1' });
    // Released, it can be chosen again: it is the believer's order that holds it.
    actor.send({ type: 'seat.select', position: '1_1' });
    expect(state().context.selected).toBeNull();
    actor.send({ type: 'seat.select', position: '1_1' });
    expect(state().context.selected).toBe('1_1');
    // Another reserved seat stays out of reach.
    actor.send({ type: 'seat.select', position: '1_4' });
    expect(state().context.selected).toBe('1_1');
  });

  it('`mine` lasts until the next refresh says otherwise or another area is chosen', async () => {
    const { actor, state, answer, choose } = start();
    await choose('A');
    actor.send({ type: 'seat.select', position: '1_1' });
    actor.send({ type: 'map.refresh', mine: '1_1' });
    await answer(modelSeatMapTaken);
    // A refresh without it (a refusal: 该位置已被选择) drops the seat the map says is taken.
    actor.send({ type: 'map.refresh' });
    await answer(modelSeatMapTaken);
    expect(state().context).toMatchObject({ selected: null, mine: null });
    actor.send({ type: 'map.refresh', mine: '1_1' });
    await answer(modelSeatMapTaken);
    await choose('B', modelSeatMapTaken);
    expect(state().context).toMatchObject({ area: 'B', selected: null, mine: null });
    actor.send({ type: 'seat.select', position: '1_1' });
    expect(state().context.selected).toBeNull();
  });

  it('a seat said to be `mine` but sold or closed on the map is not kept', async () => {
    const { actor, state, answer, choose } = start();
    await choose('A');
    actor.send({ type: 'seat.select', position: '1_1' });
    actor.send({ type: 'map.refresh', mine: '1_1' });
    const sold: SeatMap = {
      ...modelSeatMap,
      seats: modelSeatMap.seats.map((s) =>
        s.POSITION === '1_1' ? { ...s, PW_STATUS: SEAT_STATUS.soldNotOffered } : s,
      ),
    };
    await answer(sold);
    expect(state().context.selected).toBeNull();
  });
});
