import { GridList, GridListItem } from 'react-aria-components';
import { focusRing } from '../../../components/ui/focus-ring';
import { SEAT_STATES, type Seat, seatName } from './seat-queries';

/**
 * A map's seats by row and column, each with its state in colour, in a mark (空 封 留 售 供) and in
 * its accessible name; arrow keys move between seats, Enter or a click selects one.
 */
export function SeatGrid({
  title,
  seats,
  selected,
  onSelect,
}: {
  title: string;
  seats: readonly Seat[];
  selected: number | null;
  onSelect: (id: number | null) => void;
}) {
  const cols = Math.max(1, ...seats.map((seat) => seat.col));
  const ordered = [...seats].sort((a, b) => a.row - b.row || a.col - b.col);
  return (
    <GridList
      aria-label={`${title}座位`}
      layout="grid"
      items={ordered}
      selectionMode="single"
      selectedKeys={selected === null ? [] : [selected]}
      onSelectionChange={(keys) => {
        const [key] = keys === 'all' ? [] : [...keys];
        onSelect(key === undefined ? null : Number(key));
      }}
      style={{ gridTemplateColumns: `repeat(${cols}, minmax(3rem, 1fr))` }}
      className="grid gap-2 rounded-md bg-white p-4"
      renderEmptyState={() => <p className="p-6 text-lg">该区域暂无座位</p>}
    >
      {(seat) => {
        const state = SEAT_STATES[seat.state];
        const holder = seat.holder ? ` ${seat.holder.name}` : '';
        return (
          <GridListItem
            id={seat.id}
            textValue={`${seatName(seat)} ${state.label}${holder}`}
            style={{ gridRow: seat.row, gridColumn: seat.col }}
            className={`flex min-h-12 cursor-pointer flex-col items-center justify-center rounded border-2 text-base ${state.cell} data-[selected]:ring-4 data-[selected]:ring-gold ${focusRing}`}
          >
            <span aria-hidden className="font-semibold">
              {state.mark}
            </span>
            <span aria-hidden className="text-xs">
              {seat.row}-{seat.col}
            </span>
          </GridListItem>
        );
      }}
    </GridList>
  );
}
