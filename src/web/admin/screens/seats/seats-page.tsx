import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { useConsoleNavigate } from '../../shell/console-link';
import { ConsoleSelect } from '../../shell/console-select';
import { SeatGrid } from './seat-grid';
import { SeatPanel } from './seat-panel';
import { SEAT_STATES, type SeatKind, seatMapQuery, seatMapsQuery } from './seat-queries';

/** `statue:1-A` → the map's kind and key, or null. */
const chosenMap = (map: unknown): { kind: SeatKind; key: string } | null => {
  const match = typeof map === 'string' ? /^(statue|tablet):(.+)$/.exec(map) : null;
  return match ? { kind: match[1] as SeatKind, key: match[2] as string } : null;
};

/**
 * 座位 (/seats?map=statue:1-A): choose a statue or tablet map; its seats in a grid with each
 * seat's state; the selected seat's holder and actions beside it.
 */
export function SeatsPage() {
  const search = useSearch({ strict: false }) as { map?: unknown };
  const navigate = useConsoleNavigate();
  const maps = useQuery(seatMapsQuery);
  const chosen = chosenMap(search.map);
  const map = useQuery({
    ...seatMapQuery(chosen?.kind ?? 'statue', chosen?.key ?? ''),
    enabled: chosen !== null,
  });
  const [selected, setSelected] = useState<number | null>(null);
  const seat = map.data?.seats.find((s) => s.id === selected) ?? null;
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">座位</h1>
      {maps.isPending ? <p role="status">正在读取座位图…</p> : null}
      {maps.isError ? <Notice tone="error">座位图未能读取：{maps.error.message}</Notice> : null}
      {maps.data ? (
        <ConsoleSelect
          label="座位图"
          placeholder="请选择座位图"
          width="w-96"
          choices={maps.data.map((m) => ({
            id: `${m.kind}:${m.key}`,
            label: `${m.kind === 'statue' ? '圣像' : '牌位'} · ${m.title}`,
          }))}
          selected={chosen ? `${chosen.kind}:${chosen.key}` : null}
          onChange={(key) => {
            setSelected(null);
            navigate(`/seats?map=${encodeURIComponent(key)}`);
          }}
        />
      ) : null}
      <ul aria-label="图例" className="flex flex-wrap gap-4 text-base">
        {Object.values(SEAT_STATES).map((state) => (
          <li key={state.mark} className="flex items-center gap-2">
            <span
              aria-hidden
              className={`flex size-8 items-center justify-center rounded border-2 ${state.cell}`}
            >
              {state.mark}
            </span>
            {state.label}
          </li>
        ))}
      </ul>
      {chosen && map.isPending ? <p role="status">正在读取座位…</p> : null}
      {map.isError ? <Notice tone="error">座位未能读取：{map.error.message}</Notice> : null}
      {chosen && map.data ? (
        <div className="flex items-start gap-6">
          {/* A wide map (30 seats a row) scrolls inside its column instead of widening the page. */}
          <div className="min-w-0 flex-1 overflow-x-auto">
            <h2 className="mb-3 text-xl font-semibold">{map.data.title}</h2>
            <SeatGrid
              title={map.data.title}
              seats={map.data.seats}
              selected={selected}
              onSelect={setSelected}
            />
          </div>
          {seat ? (
            <SeatPanel key={seat.id} kind={chosen.kind} seat={seat} />
          ) : (
            <p className="sticky top-4 w-80 shrink-0 rounded-md bg-white p-6 text-ink-soft">
              选择一个座位查看详情
            </p>
          )}
        </div>
      ) : null}
    </section>
  );
}
