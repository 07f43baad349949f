import { SEAT_STATUS, type SeatItem, type SeatStatus, seatLabel, spokenPosition } from '@contract/seats';
import { memo } from 'react';
import { SEAT_BOX, SEAT_LOOK, SEAT_SIZE } from './seat-style';

/** Said after the state of the seat the believer's own unpaid order holds. */
export const OWN_SEAT_NOTE = '（您的未支付订单）';

export const seatName = (seat: SeatItem, status: SeatStatus, own = false) =>
  `${spokenPosition(seat.POSITION)} ${seatLabel(status)}${own ? OWN_SEAT_NOTE : ''}`;

const focus = 'outline-none focus-visible:ring-4 focus-visible:ring-gold/60 focus-visible:ring-offset-2';

/**
 * One seat: a grid cell named by its row, column and state; `own` (held by the believer's own
 * unpaid order) says so and is choosable, drawn free until it is chosen. Memoised on these few props, so a
 * selection re-renders the two seats that changed and a key press the two that swap tab stops.
 * The grid handles keys and clicks for all cells (data-position says which).
 */
export const SeatCell = memo(function SeatCell({
  seat,
  status,
  tabbable,
  own = false,
}: {
  seat: SeatItem;
  status: SeatStatus;
  tabbable: boolean;
  own?: boolean;
}) {
  const selectable = status === SEAT_STATUS.free || status === SEAT_STATUS.selected;
  const look = SEAT_LOOK[status];
  return (
    <td
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an ARIA grid over a table (APG data grid).
      role="gridcell"
      data-position={seat.POSITION}
      tabIndex={tabbable ? 0 : -1}
      aria-label={seatName(seat, status, own)}
      aria-selected={selectable ? status === SEAT_STATUS.selected : undefined}
      aria-disabled={selectable ? undefined : true}
      className={`${SEAT_BOX} p-0 text-center align-middle ${look.box} ${focus} ${selectable ? 'cursor-pointer' : 'cursor-not-allowed'}`}
    >
      <span aria-hidden="true">{look.mark}</span>
    </td>
  );
});

/** An aisle: a place of the grid with no seat. */
export const AisleCell = memo(function AisleCell() {
  return <td className={`${SEAT_SIZE} p-0`} />;
});
