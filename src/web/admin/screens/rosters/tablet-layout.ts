import type { RosterEntry } from '@contract/console';
import type { TabletPhrases } from '@contract/tablet-phrases';
import { composeTablets, NAMES_PER_BLESSING, type TabletLines } from '@contract/tablet-text';
import { datesOf, typedFactsOf } from '../orders/format';

/**
 * The tablets (牌位) of a roster, as printed: each entry's tablets composed with the temple's
 * phrases exactly as the believer's preview composes them (tablet-text.ts): a 延生 entry is one
 * red 禄位 of its names; each name of a 往生 entry is one yellow 莲位 with the entry's 阳上 names.
 * Names are kept exactly as entered: never trimmed, never changed.
 */
export interface Tablet extends TabletLines {
  id: string;
  paid: boolean;
  outTradeNo: string;
  /**
   * What the believer typed beside it, printed under the tablet for the temple (never on it): the
   * order number, each name's birth and death dates, a ceremony's 缘由, 地址 and 备注.
   */
  facts: string[];
}

/** Tablets per A4 sheet (a row of four). */
export const TABLETS_PER_SHEET = 4;

const chunks = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

/** What of a roster's entry its tablets need. */
type PrintedEntry = Pick<
  RosterEntry,
  'paid' | 'outTradeNo' | 'kind' | 'tablets' | 'ys' | 'births' | 'deaths' | 'cause' | 'address' | 'remark'
>;

/**
 * The facts under a tablet: the order, the dates typed beside its names (a 往生 tablet is one name of
 * the entry, the `t`-th; a 延生 one the `t`-th group of its names), and a ceremony's cause, address
 * and remark.
 */
const factsOf = (entry: PrintedEntry, t: number): string[] => {
  const names =
    entry.kind === '往生'
      ? [t]
      : entry.tablets.map((_, k) => k).slice(t * NAMES_PER_BLESSING, (t + 1) * NAMES_PER_BLESSING);
  const dates = names.flatMap((k) => {
    const typed = datesOf(entry.births[k], entry.deaths[k]);
    return typed ? [`${entry.tablets[k]}：${typed}`] : [];
  });
  return [`订单 ${entry.outTradeNo}`, ...dates, ...typedFactsOf(entry)];
};

export const tabletsOf = (
  entries: readonly PrintedEntry[],
  includeUnpaid: boolean,
  phrases: TabletPhrases,
): Tablet[] =>
  entries
    .filter((entry) => entry.paid || includeUnpaid)
    .flatMap((entry, e) =>
      composeTablets(entry, phrases).map((lines, t) => ({
        ...lines,
        paid: entry.paid,
        outTradeNo: entry.outTradeNo,
        facts: factsOf(entry, t),
        id: `${entry.outTradeNo}-${e}-${t}`,
      })),
    );

export const sheetsOf = (tablets: readonly Tablet[]): Tablet[][] => chunks(tablets, TABLETS_PER_SHEET);

/** A text cut into runs of digits and the rest: digits stand upright together in vertical text. */
export const digitRuns = (text: string): { text: string; digits: boolean }[] =>
  (text.match(/\d+|\D+/g) ?? []).map((run) => ({ text: run, digits: /^\d/.test(run) }));
