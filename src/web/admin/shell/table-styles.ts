import { focusRing } from '../../components/ui/focus-ring';

/**
 * The look of the console's React Aria tables (orders, refunds, rosters, applications, accounts,
 * the audit log): large rows, a header that says its sort, a focused row ringed, a selected row in
 * the temple's pale red. Screens compose these with layout classes only.
 */
export const table = 'w-full border-collapse bg-white text-left text-base';
export const headerRow = 'border-b-2 border-temple/40 bg-paper-deep';
export const column = `px-3 py-3 font-semibold whitespace-nowrap text-ink ${focusRing} data-[allows-sorting]:cursor-pointer`;
export const row = `border-b border-paper-deep ${focusRing} data-[selected]:bg-temple-pale data-[hovered]:bg-paper`;
export const cell = 'px-3 py-3 align-top';
export const link = `text-temple underline underline-offset-4 ${focusRing}`;
