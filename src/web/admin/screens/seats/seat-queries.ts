import { consoleApi, type seatMapSchema } from '@contract/console';
import { queryOptions } from '@tanstack/react-query';
import type * as v from 'valibot';
import { consoleCall } from '../../api/console-client';

export type SeatMap = v.InferOutput<typeof seatMapSchema>;
export type Seat = SeatMap['seats'][number];
export type SeatState = Seat['state'];
export type SeatKind = 'statue' | 'tablet';

/** Every statue and tablet map, to choose one. */
export const seatMapsQuery = queryOptions({
  queryKey: ['console', 'seat-maps'],
  queryFn: () => consoleCall(consoleApi.seatMaps),
});

/** One map's seats with their states and holders. */
export const seatMapQuery = (kind: SeatKind, key: string) =>
  queryOptions({
    queryKey: ['console', 'seat-map', kind, key],
    queryFn: () => consoleCall(consoleApi.seatMap, { params: { kind, map: key } }),
  });

/** What a seat's state is called, and its short mark in the grid (colour is never the only sign). */
export const SEAT_STATES: Record<SeatState, { label: string; mark: string; cell: string }> = {
  free: { label: '空位', mark: '空', cell: 'border-ink-faint/40 bg-white text-ink' },
  blocked: {
    label: '已封存',
    mark: '封',
    cell: 'border-ink bg-[repeating-linear-gradient(45deg,transparent_0_6px,rgb(0_0_0/0.12)_6px_8px)] text-ink',
  },
  held: { label: '已预留（未付款）', mark: '留', cell: 'border-dashed border-gold bg-gold-pale text-ink' },
  paid: { label: '已售未供', mark: '售', cell: 'border-temple bg-temple-pale text-temple-dark' },
  enshrined: { label: '已售已供', mark: '供', cell: 'border-temple bg-temple text-white' },
};

export const seatName = (seat: Pick<Seat, 'row' | 'col'>) => `第${seat.row}排第${seat.col}列`;
