import { SEAT_LEGEND } from '@contract/seats';
import { SEAT_BOX, SEAT_LOOK } from './seat-style';

/** 不可选 / 可选 / 已售未供 / 已售已供 / 已预定 / 已选, each with the mark the map draws. */
export function SeatLegend() {
  return (
    <ul aria-label="图例" className="flex flex-wrap gap-x-5 gap-y-2 text-base text-ink-soft">
      {SEAT_LEGEND.map(({ status, label }) => (
        <li key={status} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className={`${SEAT_BOX} inline-flex items-center justify-center ${SEAT_LOOK[status].box}`}
          >
            {SEAT_LOOK[status].mark}
          </span>
          {label}
        </li>
      ))}
    </ul>
  );
}
