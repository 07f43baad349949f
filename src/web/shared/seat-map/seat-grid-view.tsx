import { SEAT_STATUS, type SeatItem, type SeatMap } from '@contract/seats';
import {
  type KeyboardEvent,
  type MouseEvent,
  memo,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { AisleCell, SeatCell } from './seat-cell';
import { indexSeats, KEY_MOVES, moveFrom, type SeatMove } from './seat-grid';
import { useScrollsSideways } from './use-scrolls-sideways';

export interface SeatGridProps {
  map: SeatMap;
  selected: string | null;
  /** The seat the believer's own unpaid order holds (reserved on the map, yet theirs to choose). */
  mine?: string | null;
  /** A refresh is under way: the old map stays in view and takes no choice. */
  busy: boolean;
  label: string;
  onSelect: (position: string) => void;
}

/** Shown under a map wider than its box, so a believer knows more seats lie to the side. */
export const SCROLL_HINT = '左右滑动查看更多座位';
const HINT_ID_SUFFIX = '-scroll-hint';

const positionOf = (target: EventTarget) =>
  target instanceof HTMLElement
    ? target.closest<HTMLElement>('[data-position]')?.dataset.position
    : undefined;

/** A seat's state as the believer sees it: their selection; their own order's seat is free to them. */
const shownStatus = (seat: SeatItem, selected: string | null, own: string | null) =>
  seat.POSITION === selected
    ? SEAT_STATUS.selected
    : seat.POSITION === own
      ? SEAT_STATUS.free
      : seat.PW_STATUS;

/**
 * One row: memoised on the row's seats and on the selection, own seat and tab stop when they are in it,
 * so a selection or a key press re-renders one or two rows, and in them the two seats that changed.
 */
const SeatRow = memo(function SeatRow({
  number,
  row,
  selected,
  own,
  tabbable,
}: {
  number: number;
  row: (SeatItem | undefined)[];
  selected: string | null;
  own: string | null;
  tabbable: string | null;
}) {
  return (
    <tr>
      <th
        scope="row"
        className="whitespace-nowrap pr-1 text-right align-middle text-sm font-normal text-ink-faint"
      >
        {number}排
      </th>
      {row.map((seat, c) =>
        seat ? (
          <SeatCell
            key={seat.POSITION}
            seat={seat}
            status={shownStatus(seat, selected, own)}
            own={seat.POSITION === own}
            tabbable={seat.POSITION === tabbable}
          />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: an aisle's column is its identity.
          <AisleCell key={`aisle-${c}`} />
        ),
      )}
    </tr>
  );
});

/**
 * The seats as an ARIA grid with one tab stop (roving tabindex): arrows move between seats and
 * over aisles, Home/End to the row's ends (Ctrl: the map's), Enter or Space chooses. The tab
 * stop starts on the selection, else the first free seat. Which seat has the tab stop is focus,
 * not flow: it is the only state the view keeps.
 */
export const SeatGrid = memo(function SeatGrid({
  map,
  selected,
  mine = null,
  busy,
  label,
  onSelect,
}: SeatGridProps) {
  const index = useMemo(() => indexSeats(map), [map]);
  // Only while the map says it is held (reserved): a seat free again, or sold, is no longer theirs alone.
  const ownSeat = mine !== null ? index.byPosition.get(mine) : undefined;
  const own = ownSeat?.PW_STATUS === SEAT_STATUS.reserved ? ownSeat : undefined;
  const gridRef = useRef<HTMLTableElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const { scrolls: sideways, moreLeft, moreRight } = useScrollsSideways(scrollerRef);
  const [focused, setFocused] = useState<string | null>(null);
  const selectedSeat = selected !== null ? index.byPosition.get(selected) : undefined;
  const start = selectedSeat ?? map.seats.find((s) => s.PW_STATUS === SEAT_STATUS.free) ?? map.seats[0];
  const current = (focused !== null ? index.byPosition.get(focused) : undefined) ?? start;

  // The chosen seat is brought into the box: when it is chosen, and when the map opens with one.
  const selectedPosition = selectedSeat?.POSITION ?? null;
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || selectedPosition === null) return;
    const seat = scroller.querySelector<HTMLElement>(`[data-position="${selectedPosition}"]`);
    if (seat) revealSideways(scroller, seat);
  }, [selectedPosition]);

  const focusSeat = (seat: SeatItem) => {
    setFocused(seat.POSITION);
    gridRef.current?.querySelector<HTMLElement>(`[data-position="${seat.POSITION}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const position = positionOf(event.target);
    const from = position ? index.byPosition.get(position) : undefined;
    if (!from) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!busy) onSelect(from.POSITION);
      return;
    }
    const move: SeatMove | undefined =
      event.ctrlKey && event.key === 'Home'
        ? 'first'
        : event.ctrlKey && event.key === 'End'
          ? 'last'
          : KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    focusSeat(moveFrom(index, from, move));
  };

  const onClick = (event: MouseEvent<HTMLTableElement>) => {
    const position = positionOf(event.target);
    const seat = position ? index.byPosition.get(position) : undefined;
    if (!seat) return;
    setFocused(seat.POSITION);
    if (!busy) onSelect(seat.POSITION);
  };

  const hintId = `${useId()}${HINT_ID_SUFFIX}`;
  return (
    <div className="flex flex-col gap-2">
      {sideways && (
        <p id={hintId} className="flex items-center gap-2 text-base text-ink-soft">
          <span aria-hidden="true">⇆</span>
          {SCROLL_HINT}
        </p>
      )}
      <div className="relative">
        <div
          ref={scrollerRef}
          data-scrolls-sideways={sideways || undefined}
          className="seat-map-scroller max-w-full overflow-x-auto rounded-md border border-gold/40 bg-paper p-2"
        >
          <table
            ref={gridRef}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an ARIA grid over a table (APG data grid).
            role="grid"
            aria-label={label}
            aria-describedby={sideways ? hintId : undefined}
            aria-busy={busy || undefined}
            onKeyDown={onKeyDown}
            onClick={onClick}
            className={`border-separate border-spacing-1 ${busy ? 'opacity-60' : ''}`}
          >
            <tbody>
              {index.rows.map((row, r) => (
                <SeatRow
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's number is its identity.
                  key={r}
                  number={r + 1}
                  row={row}
                  selected={selectedSeat?.ROW === r + 1 ? selectedSeat.POSITION : null}
                  own={own?.ROW === r + 1 ? own.POSITION : null}
                  tabbable={current?.ROW === r + 1 ? current.POSITION : null}
                />
              ))}
            </tbody>
          </table>
        </div>
        {/* A shadow on each edge beyond which seats lie out of view. */}
        {moreLeft && (
          <div data-more="left" aria-hidden="true" className={`left-0 rounded-l-md bg-linear-to-r ${edge}`} />
        )}
        {moreRight && (
          <div
            data-more="right"
            aria-hidden="true"
            className={`right-0 rounded-r-md bg-linear-to-l ${edge}`}
          />
        )}
      </div>
    </div>
  );
});

const edge = 'pointer-events-none absolute inset-y-0 w-8 from-ink/30 to-transparent';

/** Scrolls the box sideways, and only it (never the page), until `seat` is wholly in view, centred. */
const revealSideways = (scroller: HTMLElement, seat: HTMLElement) => {
  const box = scroller.getBoundingClientRect();
  const place = seat.getBoundingClientRect();
  if (place.left >= box.left && place.right <= box.right) return;
  const left = scroller.scrollLeft + (place.left - box.left) - (box.width - place.width) / 2;
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  scroller.scrollTo?.({ left: Math.max(0, left), behavior: still ? 'auto' : 'smooth' });
};
