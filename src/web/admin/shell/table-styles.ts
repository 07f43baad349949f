import { focusRing } from '../../components/ui/focus-ring';

/**
 * The look of the console's React Aria tables (orders, refunds, rosters, applications, accounts,
 * the audit log): large rows, a header that says its sort, a focused row ringed, a selected row in
 * the temple's pale red. Screens compose these with layout classes only.
 *
 * A column is never squeezed into broken words (已支/付): a cell breaks Chinese text only at spaces
 * and punctuation (、，：and the dots `Phrases` marks), so each column is at least as wide as its
 * longest word, and a table wider than the page scrolls sideways inside its `frame`, its last
 * column (the row's action) kept in view with `actionColumn` and `actionCell`.
 */
export const frame = 'max-w-full overflow-x-auto print:overflow-visible';
export const table = 'w-full border-collapse bg-white text-left text-base';
export const headerRow = 'border-b-2 border-temple/40 bg-paper-deep';
export const column = `px-2 py-3 font-semibold whitespace-nowrap text-ink ${focusRing} data-[allows-sorting]:cursor-pointer`;
export const row = `border-b border-paper-deep ${focusRing} data-[selected]:bg-temple-pale data-[hovered]:bg-paper`;
/** A cell of free text (a reason, a note, a record's facts): it wraps like prose, anywhere between characters. */
export const proseCell = 'px-2 py-3 align-top';
export const cell = `${proseCell} break-keep`;
const stuckEnd = 'sticky right-0 border-l border-paper-deep print:static';
export const actionColumn = `${column} ${stuckEnd} bg-paper-deep`;
export const actionCell = `${cell} ${stuckEnd} bg-white in-data-[hovered]:bg-paper in-data-[selected]:bg-temple-pale`;
export const link = `text-temple underline underline-offset-4 ${focusRing}`;
