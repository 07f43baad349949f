import type { SeatItem, SeatMap } from '@contract/seats';

/** A map as rows of places (row and column from 1); an undefined place is an aisle. */
export interface SeatIndex {
  rows: (SeatItem | undefined)[][];
  byPosition: Map<string, SeatItem>;
}

export const indexSeats = (map: SeatMap): SeatIndex => {
  const rows: (SeatItem | undefined)[][] = Array.from({ length: map.ROWS }, () =>
    Array.from<SeatItem | undefined>({ length: map.COLS }),
  );
  const byPosition = new Map<string, SeatItem>();
  for (const seat of map.seats) {
    const row = rows[seat.ROW - 1];
    if (!row || seat.COL < 1 || seat.COL > map.COLS) continue;
    row[seat.COL - 1] = seat;
    byPosition.set(seat.POSITION, seat);
  }
  return { rows, byPosition };
};

export type SeatMove = 'left' | 'right' | 'up' | 'down' | 'rowStart' | 'rowEnd' | 'first' | 'last';

export const KEY_MOVES: Record<string, SeatMove> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Home: 'rowStart',
  End: 'rowEnd',
};

const seatsOf = (row: (SeatItem | undefined)[] | undefined): SeatItem[] =>
  (row ?? []).filter((s): s is SeatItem => s !== undefined);

/** The seat of `row` nearest to column `col` (the same column when there is one; else the left one). */
const nearest = (row: SeatItem[], col: number): SeatItem | undefined =>
  row.reduce<SeatItem | undefined>(
    (best, s) => (!best || Math.abs(s.COL - col) < Math.abs(best.COL - col) ? s : best),
    undefined,
  );

/**
 * Where a key takes the focus from `from`: left and right jump over aisles to the next seat of
 * the row; up and down go to the next row that has seats, to its seat nearest the same column;
 * Home and End to the row's ends, with Ctrl to the map's first and last seat. At an edge it stays.
 */
export const moveFrom = (index: SeatIndex, from: SeatItem, move: SeatMove): SeatItem => {
  const row = seatsOf(index.rows[from.ROW - 1]);
  const withSeats = index.rows.map(seatsOf).filter((r) => r.length > 0);
  switch (move) {
    case 'left':
      return row.filter((s) => s.COL < from.COL).at(-1) ?? from;
    case 'right':
      return row.find((s) => s.COL > from.COL) ?? from;
    case 'rowStart':
      return row[0] ?? from;
    case 'rowEnd':
      return row.at(-1) ?? from;
    case 'first':
      return withSeats[0]?.[0] ?? from;
    case 'last':
      return withSeats.at(-1)?.at(-1) ?? from;
    case 'up': {
      const above = withSeats.filter((r) => (r[0]?.ROW ?? 0) < from.ROW).at(-1);
      return (above && nearest(above, from.COL)) ?? from;
    }
    case 'down': {
      const below = withSeats.find((r) => (r[0]?.ROW ?? 0) > from.ROW);
      return (below && nearest(below, from.COL)) ?? from;
    }
  }
};
