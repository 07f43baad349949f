import { spokenPosition } from '@contract/seats';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { SeatGrid } from './seat-grid-view';
import { SeatLegend } from './seat-legend';
import type { SeatSelectionActor } from './use-seat-selection';

/**
 * The seat map of a statue or tablet flow: the parent's invoked seat-selection child (or an
 * actor of its own). No area yet: 请先选择位置; loading; failed with 重试; else the legend, the
 * grid and 已选：第N排第M号. A refresh keeps the old map in view, busy, until the new one comes.
 * The seat the believer's own unpaid order holds (`mine`) is theirs to choose and says so.
 * `onChoose` tells the parent flow a seat was chosen (its message about a missing seat goes).
 */
export function SeatMapView({
  actor,
  label = '座位图',
  onChoose,
}: {
  actor: SeatSelectionActor;
  label?: string;
  onChoose?: (position: string) => void;
}) {
  const snapshot = useSelector(actor, (s) => s);
  const { map, selected, mine, error } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const onSelect = useCallback(
    (position: string) => {
      actor.send({ type: 'seat.select', position });
      // Only a seat the map took (a free one): a taken seat, or the chosen one released, is no choice.
      if (actor.getSnapshot().context.selected === position) onChoose?.(position);
    },
    [actor, onChoose],
  );

  if (snapshot.matches('noArea')) return <p className="text-lg text-ink-soft">请先选择位置</p>;
  if (snapshot.matches('failed'))
    return (
      <div className="flex flex-col items-start gap-3">
        <Notice tone="error">{error}</Notice>
        <Button tone="secondary" onPress={() => actor.send({ type: 'map.retry' })}>
          重试
        </Button>
      </div>
    );
  if (!map)
    return (
      <p role="status" className="text-lg text-ink-soft">
        座位图加载中…
      </p>
    );
  return (
    <div className="flex flex-col gap-3">
      <SeatLegend />
      {busy && (
        <p role="status" className="text-base text-ink-soft">
          正在刷新座位图…
        </p>
      )}
      <SeatGrid map={map} selected={selected} mine={mine} busy={busy} label={label} onSelect={onSelect} />
      <p aria-live="polite" className="text-lg">
        {selected ? `已选：${spokenPosition(selected)}` : '未选择座位'}
      </p>
    </div>
  );
}
