import { SEAT_STATUS, type SeatMap, type SeatStatus, seatLabel } from '@contract/seats';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SeatMapView } from '@web/shared/seat-map/seat-map';
import { type SeatSelectionActor, seatSelectionLogic } from '@web/shared/seat-map/use-seat-selection';
import { expect } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import { deferred } from '../../support/deferred';
import { MODEL_AREAS } from '../../support/statecharts/fixtures/seat-selection';
import { settle, type ViewAdapter } from '../../support/statecharts/run-on-view';

/** What a statue or tablet page puts around the map: its location choices (here two areas and none). */
function Harness({ actor }: { actor: SeatSelectionActor }) {
  return (
    <>
      {MODEL_AREAS.map((area) => (
        <button key={area} type="button" onClick={() => actor.send({ type: 'area.choose', area })}>
          {area}
        </button>
      ))}
      <button type="button" onClick={() => actor.send({ type: 'area.choose', area: null })}>
        清除位置
      </button>
      <SeatMapView actor={actor} />
    </>
  );
}

const seatName = (row: number, col: number, status: SeatStatus, own: boolean) =>
  `第${row}排第${col}号 ${seatLabel(status)}${own ? '（您的未支付订单）' : ''}`;

/**
 * The map a snapshot shows, each seat with the state the believer sees (6: the selection); the
 * seat the believer's own unpaid order holds (`mine`, reserved on the map) reads 可选 and says so.
 */
const expectSeats = (map: SeatMap, selected: string | null, mine: string | null) => {
  const cells = screen.getAllByRole('gridcell', { name: /^第\d+排第\d+号/ });
  expect(cells.map((c) => c.getAttribute('aria-label'))).toEqual(
    map.seats.map((s) => {
      const own = s.POSITION === mine && s.PW_STATUS === SEAT_STATUS.reserved;
      const status = s.POSITION === selected ? SEAT_STATUS.selected : own ? SEAT_STATUS.free : s.PW_STATUS;
      return seatName(s.ROW, s.COL, status, own);
    }),
  );
};

/**
 * The seat map over the real machine with a held loader: the believer's gestures choose areas,
 * seats and 重试; the parent's `map.refresh` (after 该位置已被选择, or after a QR closed unpaid with
 * the seat its order holds, `mine`) is sent as the parent would.
 */
export const seatSelectionView: ViewAdapter = async () => {
  const loads: { area: string; answer: ReturnType<typeof deferred<SeatMap>> }[] = [];
  const actor = createActor(
    seatSelectionLogic((area) => {
      const answer = deferred<SeatMap>();
      loads.push({ area, answer });
      return answer.promise;
    }),
  ).start();
  const user = userEvent.setup({ delay: null });
  const view = render(<Harness actor={actor} />);
  await settle();
  const latest = () => loads.at(-1)?.answer;
  return {
    async exec(event) {
      switch (event.type) {
        case 'area.choose':
          await user.click(screen.getByRole('button', { name: event.area ?? '清除位置' }));
          break;
        case 'seat.select': {
          const [row, col] = String(event.position).split('_');
          await user.click(screen.getByRole('gridcell', { name: new RegExp(`^第${row}排第${col}号 `) }));
          break;
        }
        case 'map.retry':
          await user.click(screen.getByRole('button', { name: '重试' }));
          break;
        case 'map.refresh':
          await act(async () => actor.send({ type: 'map.refresh', mine: event.mine }));
          break;
        case 'xstate.done.actor.loadSeats':
          latest()?.resolve(event.output);
          break;
        case 'xstate.error.actor.loadSeats':
          latest()?.reject(event.error);
          break;
        default:
          throw new Error(`no gesture for ${event.type}`);
      }
      await settle();
    },
    async check(snapshot: AnyMachineSnapshot) {
      const { area, map, selected, mine, error } = snapshot.context;
      const grid = screen.queryByRole('grid');
      if (snapshot.matches('noArea')) {
        expect(screen.getByText('请先选择位置')).toBeInTheDocument();
        expect(grid).not.toBeInTheDocument();
      }
      if (snapshot.matches('loading')) {
        // One request under way, for the area shown.
        expect(loads.at(-1)?.area).toBe(area);
        if (map) {
          expect(grid).toHaveAttribute('aria-busy', 'true');
          expect(screen.getByRole('status')).toHaveTextContent('正在刷新座位图…');
          expectSeats(map, selected, mine);
        } else {
          expect(screen.getByRole('status')).toHaveTextContent('座位图加载中…');
          expect(grid).not.toBeInTheDocument();
        }
      }
      if (snapshot.matches('failed')) {
        expect(screen.getByRole('alert')).toHaveTextContent(error);
        expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
        expect(grid).not.toBeInTheDocument();
      }
      if (snapshot.matches('ready')) {
        expect(grid).not.toHaveAttribute('aria-busy');
        expectSeats(map, selected, mine);
        const [row, col] = String(selected).split('_');
        expect(screen.getByText(/^(已选：|未选择座位)/)).toHaveTextContent(
          selected ? `已选：第${row}排第${col}号` : '未选择座位',
        );
      }
    },
    unmount: () => {
      act(() => actor.stop());
      view.unmount();
    },
  };
};
