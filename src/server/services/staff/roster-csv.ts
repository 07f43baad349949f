import type { Roster, RosterEntry } from '@contract/console';
import { moneySummary } from '@contract/order-money';

/** The byte-order mark: Excel reads a CSV as UTF-8 (and shows Chinese right) only with it. */
const BOM = '\uFEFF';

const NAME_COLUMNS = 3;
const YS_COLUMNS = 6;

export const ROSTER_CSV_HEADER = [
  '订单号',
  '付款',
  '功德主',
  '电话',
  '类型',
  '牌位',
  '延生/往生',
  ...Array.from({ length: NAME_COLUMNS }, (_, i) => `名字${i + 1}`),
  ...Array.from({ length: YS_COLUMNS }, (_, i) => `阳上${i + 1}`),
  '位置',
  // Added at the end (issue 34), so a sheet made from the earlier columns still reads them.
  ...Array.from({ length: NAME_COLUMNS }, (_, i) => `生辰${i + 1}`),
  ...Array.from({ length: NAME_COLUMNS }, (_, i) => `忌日${i + 1}`),
  '缘由',
  '地址',
  '备注',
  '款项',
];

/**
 * A cell as a spreadsheet must not run it (CSV injection, OWASP): text that starts with = + - @,
 * a tab or a carriage return is prefixed with an apostrophe, so it stays text.
 */
export const defused = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** RFC 4180: a cell with a comma, a double quote or a line break is quoted, its quotes doubled. */
export const quoted = (text: string): string =>
  /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;

const cell = (text: string) => quoted(defused(text));

const padded = (names: string[], length: number) => Array.from({ length }, (_, i) => names[i] ?? '');

const rowOf = (entry: RosterEntry): string[] => [
  entry.outTradeNo,
  entry.paid ? '已付款' : '未付款',
  entry.donor,
  entry.phone,
  entry.group,
  entry.tabletType,
  entry.kind,
  // An entry holds at most 3 names (tablet1-3) and 6 阳上 names (ys1-6): one column each.
  ...padded(entry.tablets, NAME_COLUMNS),
  ...padded(entry.ys, YS_COLUMNS),
  entry.seat,
  ...padded(entry.births, NAME_COLUMNS),
  ...padded(entry.deaths, NAME_COLUMNS),
  entry.cause,
  entry.address,
  entry.remark,
  moneySummary(entry.money),
];

/** The roster as a CSV file's text: BOM, a Chinese header row, one row per entry, CRLF lines. */
export const rosterCsv = (roster: Roster): string =>
  `${BOM}${[ROSTER_CSV_HEADER, ...roster.entries.map(rowOf)].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;

/** RFC 5987's attr-char: what may stand unescaped in `filename*=UTF-8''…`. */
const rfc5987 = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The download's Content-Disposition: an ASCII name for old clients (`fallback`, letters, digits,
 * dot and hyphen only) and the Chinese one for every browser since.
 */
export const attachment = (fallback: string, name: string): string =>
  `attachment; filename="${fallback.replace(/[^A-Za-z0-9.-]/g, '-')}"; filename*=UTF-8''${rfc5987(name)}`;
