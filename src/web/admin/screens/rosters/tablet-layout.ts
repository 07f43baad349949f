import type { RosterEntry } from '@contract/console';

/**
 * The tablets (牌位) of a roster, as printed (research section 6.1): a 延生 entry is one red 禄位
 * of up to four names; each name of a 往生 entry is one yellow 莲位 with the entry's 阳上 names.
 * Names are kept exactly as entered: never trimmed, never changed.
 */
export interface Tablet {
  id: string;
  kind: '延生' | '往生';
  names: string[];
  ys: string[];
  paid: boolean;
  outTradeNo: string;
}

/** One 延生 tablet holds up to four names. */
export const NAMES_PER_BLESSING = 4;
/** Tablets per A4 sheet (a row of four). */
export const TABLETS_PER_SHEET = 4;

const chunks = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

export const tabletsOf = (entries: readonly RosterEntry[], includeUnpaid: boolean): Tablet[] =>
  entries
    .filter((entry) => entry.paid || includeUnpaid)
    .flatMap((entry, e) => {
      const base = { kind: entry.kind, ys: entry.ys, paid: entry.paid, outTradeNo: entry.outTradeNo };
      const groups =
        entry.kind === '延生'
          ? chunks(entry.tablets, NAMES_PER_BLESSING)
          : entry.tablets.map((name) => [name]);
      return groups.map((names, t) => ({ ...base, names, id: `${entry.outTradeNo}-${e}-${t}` }));
    });

export const sheetsOf = (tablets: readonly Tablet[]): Tablet[][] => chunks(tablets, TABLETS_PER_SHEET);

/** A text cut into runs of digits and the rest: digits stand upright together in vertical text. */
export const digitRuns = (text: string): { text: string; digits: boolean }[] =>
  (text.match(/\d+|\D+/g) ?? []).map((run) => ({ text: run, digits: /^\d/.test(run) }));
