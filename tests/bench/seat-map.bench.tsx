// @vitest-environment jsdom
import { SEAT_STATUS, type SeatMap } from '@contract/seats';
import { seatSelectionMachine } from '@machines/seat-selection.machine';
import { act, fireEvent, render } from '@testing-library/react';
import { SeatMapView } from '@web/shared/seat-map/seat-map';
import { Profiler } from 'react';
import { bench, describe } from 'vitest';
import { createActor, fromPromise } from 'xstate';

/**
 * A 20 × 30 map (600 places, an aisle in columns 10 and 21, so 560 seats; one in five taken),
 * rendered in jsdom with React's development build: the first render, a selection (which
 * re-renders one or two rows and in them only the two seats that changed) and an arrow key (the
 * two seats swapping tab stop). React's Profiler gives each commit's render time (printed at the
 * end); the bench gives the whole gesture's, most of it jsdom's own focus() and event dispatch.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const ROWS = 20;
const COLS = 30;
const map: SeatMap = {
  ROWS,
  COLS,
  seats: Array.from({ length: ROWS * COLS }, (_, i) => ({
    row: Math.floor(i / COLS) + 1,
    col: (i % COLS) + 1,
  }))
    .filter(({ col }) => col !== 10 && col !== 21)
    .map(({ row, col }, i) => ({
      POSITION: `${row}_${col}`,
      ROW: row,
      COL: col,
      PW_STATUS: i % 5 === 0 ? SEAT_STATUS.reserved : SEAT_STATUS.free,
    })),
};

/** Two free seats, selected in turn. */
const FREE = map.seats.filter((s) => s.PW_STATUS === SEAT_STATUS.free).map((s) => s.POSITION);

const commits: Record<string, number[]> = {};
const onRender = (_id: string, phase: string, actualDuration: number) => {
  commits[phase] = [...(commits[phase] ?? []), actualDuration];
};

const mount = async () => {
  const actor = createActor(
    seatSelectionMachine.provide({ actors: { loadSeats: fromPromise(async () => map) } }),
  );
  actor.start();
  await act(async () => actor.send({ type: 'area.choose', area: 'A' }));
  const view = render(
    <Profiler id="seat-map" onRender={onRender}>
      <SeatMapView actor={actor} />
    </Profiler>,
  );
  return { actor, unmount: view.unmount };
};

/** Prints the median commit times React's Profiler saw (after the last bench). */
const report = () => {
  const median = (xs: number[] = []) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  process.stderr.write(
    `React commit render time (median, ms): mount ${median(commits.mount).toFixed(2)}, update ${median(commits.update).toFixed(3)} over ${commits.update?.length ?? 0} updates\n`,
  );
};

describe('seat map, 20 × 30', async () => {
  bench(
    'first render (560 seats)',
    async () => {
      (await mount()).unmount();
    },
    { iterations: 30 },
  );

  const { actor } = await mount();
  let n = 0;
  bench('select a seat (releases the previous one)', async () => {
    n += 1;
    await act(async () => actor.send({ type: 'seat.select', position: FREE[n % 2] ?? '' }));
  });

  bench(
    'arrow key to the next seat',
    () => {
      const focused =
        document.activeElement?.closest('[role="gridcell"]') ??
        document.querySelector('[data-position="1_2"]');
      act(() => {
        fireEvent.keyDown(focused as Element, { key: n++ % 30 < 15 ? 'ArrowRight' : 'ArrowLeft' });
      });
    },
    { teardown: report },
  );
});
