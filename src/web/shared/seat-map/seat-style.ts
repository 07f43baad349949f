import { SEAT_STATUS, type SeatStatus } from '@contract/seats';

/**
 * Each state by a border style and a mark as well as by colour, so it reads in grey and to the
 * colour-blind: free is an empty solid box; the believer's seat is filled with ✓; reserved is
 * dashed with 预; sold is 售 (not yet offered) or filled with 供 (offered); blocked is dotted with ✕.
 */
export const SEAT_LOOK: Record<SeatStatus, { box: string; mark: string }> = {
  [SEAT_STATUS.free]: { box: 'border-2 border-solid border-temple bg-white text-temple', mark: '' },
  [SEAT_STATUS.selected]: {
    box: 'border-4 border-double border-temple-dark bg-temple text-white',
    mark: '✓',
  },
  [SEAT_STATUS.reserved]: { box: 'border-2 border-dashed border-gold bg-gold-pale text-ink', mark: '预' },
  [SEAT_STATUS.soldNotOffered]: {
    box: 'border-2 border-solid border-ink-soft bg-white text-ink',
    mark: '售',
  },
  [SEAT_STATUS.soldOffered]: { box: 'border-2 border-solid border-ink bg-ink-soft text-white', mark: '供' },
  [SEAT_STATUS.blocked]: {
    box: 'border-2 border-dotted border-ink-faint bg-paper-deep text-ink-faint',
    mark: '✕',
  },
};

/**
 * A place of the map (a seat or an aisle): a thumb's 47 px on a phone (the map scrolls in its own
 * box), 38 px from 640 px where a mouse points.
 */
export const SEAT_SIZE = 'size-11 min-w-11 sm:size-9 sm:min-w-9';

/** A seat's box; the mark is read from its label, not aloud. */
export const SEAT_BOX = `${SEAT_SIZE} select-none rounded-md text-base leading-none`;
