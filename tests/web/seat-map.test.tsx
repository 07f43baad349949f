import { SEAT_LEGEND, SEAT_STATUS, type SeatMap } from '@contract/seats';
import { SEAT_SELECTION_MESSAGES, seatSelectionMachine } from '@machines/seat-selection.machine';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SCROLL_HINT } from '@web/shared/seat-map/seat-grid-view';
import { SeatMapView } from '@web/shared/seat-map/seat-map';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deferred } from '../support/deferred';

const { blocked, reserved, soldNotOffered, soldOffered, free } = SEAT_STATUS;
const seat = (row: number, col: number, status: 1 | 2 | 3 | 4 | 5) => ({
  POSITION: `${row}_${col}`,
  ROW: row,
  COL: col,
  PW_STATUS: status,
});

/** Three rows of five, an aisle in column 3, every state; row 3 has one seat, in the aisle's column. */
const map: SeatMap = {
  ROWS: 3,
  COLS: 5,
  seats: [
    seat(1, 1, free),
    seat(1, 2, free),
    seat(1, 4, reserved),
    seat(1, 5, free),
    seat(2, 1, blocked),
    seat(2, 2, soldNotOffered),
    seat(2, 4, soldOffered),
    seat(2, 5, free),
    seat(3, 3, free),
  ],
};

/** The map view over a seat-selection actor whose loads the test answers (immediately by default). */
const open = async (answers: (() => Promise<SeatMap>)[] = [], onChoose?: (position: string) => void) => {
  const loads: string[] = [];
  const actor = createActor(
    seatSelectionMachine.provide({
      actors: {
        loadSeats: fromPromise(({ input }: { input: { area: string } }) => {
          loads.push(input.area);
          return (answers.shift() ?? (async () => map))();
        }),
      },
    }),
  ).start();
  const view = render(<SeatMapView actor={actor} label="牌位图" onChoose={onChoose} />);
  const user = userEvent.setup();
  const send = (event: Parameters<typeof actor.send>[0]) => act(async () => actor.send(event));
  return { actor, user, send, loads, view };
};

const cell = (name: string | RegExp) => screen.getByRole('gridcell', { name });
const summary = () => screen.getByText(/^(已选：|未选择座位)/);

describe('seat map', () => {
  it('asks for a location first, then shows the map once loaded', async () => {
    const { send } = await open();
    expect(screen.getByText('请先选择位置')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    await send({ type: 'area.choose', area: '1F-小-北' });
    expect(await screen.findByRole('grid', { name: '牌位图' })).toBeInTheDocument();
    expect(summary()).toHaveTextContent('未选择座位');
  });

  it('names every seat by row, column and state; aisles are not seats', async () => {
    const { send } = await open();
    await send({ type: 'area.choose', area: 'A' });
    await screen.findByRole('grid');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(cell('第1排第1号 可选')).toHaveAttribute('aria-selected', 'false');
    expect(cell('第1排第4号 已预定')).toHaveAttribute('aria-disabled', 'true');
    expect(cell('第2排第1号 不可选')).toHaveAttribute('aria-disabled', 'true');
    expect(cell('第2排第2号 已售未供')).toHaveAttribute('aria-disabled', 'true');
    expect(cell('第2排第4号 已售已供')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getAllByRole('gridcell', { name: /^第\d+排第\d+号/ })).toHaveLength(map.seats.length);
  });

  it('the legend lists every state with the same mark the seats carry', async () => {
    const { send, user } = await open();
    await send({ type: 'area.choose', area: 'A' });
    await user.click(await screen.findByRole('gridcell', { name: '第1排第1号 可选' }));
    const legend = screen.getByRole('list', { name: '图例' });
    const items = within(legend).getAllByRole('listitem');
    const labelOf = (item: HTMLElement) => item.textContent?.slice(item.firstChild?.textContent?.length ?? 0);
    expect(items.map(labelOf)).toEqual(SEAT_LEGEND.map((l) => l.label));
    const seatOf: Record<string, string> = {
      不可选: '第2排第1号 不可选',
      可选: '第1排第2号 可选',
      已售未供: '第2排第2号 已售未供',
      已售已供: '第2排第4号 已售已供',
      已预定: '第1排第4号 已预定',
      已选: '第1排第1号 已选',
    };
    const marks = new Set<string>();
    for (const item of items) {
      const mark = item.firstChild as HTMLElement;
      const label = labelOf(item) ?? '';
      // The same mark and the same border style: what tells the states apart without colour.
      const seatCell = cell(seatOf[label] ?? '');
      expect(seatCell.textContent).toBe(mark.textContent);
      expect(seatCell.className).toContain(mark.className.match(/border-(solid|dashed|dotted|double)/)?.[0]);
      marks.add(`${mark.textContent}|${mark.className.match(/border-(solid|dashed|dotted|double)/)?.[0]}`);
    }
    expect(marks.size).toBe(SEAT_LEGEND.length);
  });

  it('is operated by keyboard alone: one tab stop, arrows over aisles, Home/End, Enter and Space', async () => {
    const { send, user } = await open();
    await send({ type: 'area.choose', area: 'A' });
    await screen.findByRole('grid');
    await user.tab();
    expect(cell('第1排第1号 可选')).toHaveFocus();
    expect(screen.getAllByRole('gridcell').filter((c) => c.tabIndex === 0)).toHaveLength(1);
    await user.keyboard('{ArrowRight}');
    expect(cell('第1排第2号 可选')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(cell('第1排第4号 已预定')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(summary()).toHaveTextContent('未选择座位');
    await user.keyboard('{ArrowRight}{Enter}');
    expect(cell('第1排第5号 已选')).toHaveFocus();
    expect(cell('第1排第5号 已选')).toHaveAttribute('aria-selected', 'true');
    expect(summary()).toHaveTextContent('已选：第1排第5号');
    // Another seat releases the first.
    await user.keyboard('{ArrowDown}[Space]');
    expect(cell('第2排第5号 已选')).toHaveFocus();
    expect(cell('第1排第5号 可选')).toBeInTheDocument();
    expect(summary()).toHaveTextContent('已选：第2排第5号');
    await user.keyboard('{Home}');
    expect(cell('第2排第1号 不可选')).toHaveFocus();
    await user.keyboard('{End}');
    expect(cell('第2排第5号 已选')).toHaveFocus();
    // Down from column 2 to row 3, whose only seat is in column 3; up again to the nearest.
    await user.keyboard('{Home}{ArrowRight}{ArrowDown}');
    expect(cell('第3排第3号 可选')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowUp}');
    expect(cell('第2排第2号 已售未供')).toHaveFocus();
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(cell('第1排第1号 可选')).toHaveFocus();
    await user.keyboard('{Control>}{End}{/Control}');
    expect(cell('第3排第3号 可选')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(cell('第3排第3号 可选')).toHaveFocus();
    // The selected seat again releases it; the tab stop stays where the believer was.
    await user.click(cell('第2排第5号 已选'));
    expect(summary()).toHaveTextContent('未选择座位');
    await user.tab({ shift: true });
    await user.tab();
    expect(cell('第2排第5号 可选')).toHaveFocus();
  });

  it('a taken seat does nothing when clicked', async () => {
    const { send, user } = await open();
    await send({ type: 'area.choose', area: 'A' });
    await user.click(await screen.findByRole('gridcell', { name: '第1排第2号 可选' }));
    for (const name of [
      '第1排第4号 已预定',
      '第2排第1号 不可选',
      '第2排第2号 已售未供',
      '第2排第4号 已售已供',
    ])
      await user.click(cell(name));
    expect(summary()).toHaveTextContent('已选：第1排第2号');
  });

  it('a failed load says so and 重试 loads the same area again', async () => {
    const { send, user, loads } = await open([async () => Promise.reject(new Error('502'))]);
    await send({ type: 'area.choose', area: 'A' });
    expect(await screen.findByRole('alert')).toHaveTextContent(SEAT_SELECTION_MESSAGES.loadFailed);
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    expect(loads).toEqual(['A', 'A']);
  });

  it('while loading it says so; a refresh keeps the old map, busy, then drops a seat taken meanwhile', async () => {
    const first = deferred<SeatMap>();
    const again = deferred<SeatMap>();
    const { send, user } = await open([() => first.promise, () => again.promise]);
    await send({ type: 'area.choose', area: 'A' });
    expect(screen.getByRole('status')).toHaveTextContent('座位图加载中…');
    await act(async () => first.resolve(map));
    await user.click(cell('第1排第1号 可选'));
    await send({ type: 'map.refresh' });
    expect(screen.getByRole('grid')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('正在刷新座位图…');
    await user.click(cell('第1排第2号 可选'));
    expect(summary()).toHaveTextContent('已选：第1排第1号');
    const taken = {
      ...map,
      seats: map.seats.map((s) => (s.POSITION === '1_1' ? { ...s, PW_STATUS: reserved } : s)),
    };
    await act(async () => again.resolve(taken));
    expect(cell('第1排第1号 已预定')).toBeInTheDocument();
    expect(summary()).toHaveTextContent('未选择座位');
    expect(screen.getByRole('grid')).not.toHaveAttribute('aria-busy');
  });

  it('tells the flow a seat was chosen, and only then (a taken seat, or the chosen one released, is no choice)', async () => {
    const chosen: string[] = [];
    const { send, user } = await open([], (position) => chosen.push(position));
    await send({ type: 'area.choose', area: 'A' });
    await user.click(await screen.findByRole('gridcell', { name: '第1排第4号 已预定' }));
    expect(chosen).toEqual([]);
    await user.click(cell('第1排第2号 可选'));
    cell('第1排第2号 已选').focus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(chosen).toEqual(['1_2']);
    await user.keyboard('{ArrowRight}{Enter}');
    expect(chosen).toEqual(['1_2', '1_5']);
    await user.click(cell('第1排第5号 已选'));
    expect(summary()).toHaveTextContent('未选择座位');
    expect(chosen).toEqual(['1_2', '1_5']);
  });
});

describe('a seat map wider than its box (30 columns)', () => {
  /** Thirty columns in one row; only seat 1_30 is at the far right. */
  const wide: SeatMap = {
    ROWS: 1,
    COLS: 30,
    seats: Array.from({ length: 30 }, (_, c) => seat(1, c + 1, free)),
  };
  const scroller = () => screen.getByRole('grid').parentElement as HTMLElement;
  afterEach(() => {
    vi.restoreAllMocks();
    delete (Element.prototype as Partial<Element>).scrollTo;
  });

  it('says so: ⇆ 左右滑动查看更多座位 beside it, and the grid is described by it', async () => {
    vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockReturnValue(1200);
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(600);
    const { send } = await open([async () => wide]);
    await send({ type: 'area.choose', area: 'A' });
    const grid = await screen.findByRole('grid');
    const hint = screen.getByText(SCROLL_HINT);
    expect(hint).toBeVisible();
    expect(grid).toHaveAccessibleDescription(SCROLL_HINT);
    expect(scroller()).toHaveAttribute('data-scrolls-sideways', 'true');
    expect(scroller()).toHaveClass('overflow-x-auto', 'seat-map-scroller');
    // At the start: a shadow on the right edge only; scrolled to the end, on the left only.
    const shadow = (side: string) => document.querySelector(`[data-more="${side}"]`);
    expect(shadow('right')).toBeInTheDocument();
    expect(shadow('left')).not.toBeInTheDocument();
    vi.spyOn(Element.prototype, 'scrollLeft', 'get').mockReturnValue(600);
    fireEvent.scroll(scroller());
    expect(shadow('left')).toBeInTheDocument();
    expect(shadow('right')).not.toBeInTheDocument();
  });

  it('a map that fits says nothing of scrolling', async () => {
    vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockReturnValue(600);
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(600);
    const { send } = await open();
    await send({ type: 'area.choose', area: 'A' });
    const grid = await screen.findByRole('grid');
    expect(screen.queryByText(SCROLL_HINT)).not.toBeInTheDocument();
    expect(grid).not.toHaveAttribute('aria-describedby');
    expect(document.querySelector('[data-more]')).not.toBeInTheDocument();
  });

  it('brings the chosen seat into the box when chosen, and when the map opens with one', async () => {
    // The box shows 300 px from its left edge; seat 1_30 lies at 1000-1036 px, out of view.
    const scrollTo = vi.fn();
    Object.assign(Element.prototype, { scrollTo });
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const at = (left: number, width: number) => ({ left, width, right: left + width }) as DOMRect;
      if (this.classList.contains('seat-map-scroller')) return at(0, 300);
      if (this.getAttribute('data-position') === '1_30') return at(1000, 36);
      return at(10, 36);
    });
    const { send, actor, view } = await open([async () => wide]);
    await send({ type: 'area.choose', area: 'A' });
    await screen.findByRole('grid');
    expect(scrollTo).not.toHaveBeenCalled();
    // A seat in view is not scrolled to.
    await send({ type: 'seat.select', position: '1_1' });
    expect(scrollTo).not.toHaveBeenCalled();
    await send({ type: 'seat.select', position: '1_30' });
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: 1000 - (300 - 36) / 2 }));
    // Opened again (the page comes back to it) with 1_30 chosen: it is brought into view at once.
    view.unmount();
    render(<SeatMapView actor={actor} label="牌位图" />);
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: 1000 - (300 - 36) / 2 }));
  });
});
