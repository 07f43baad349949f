import type { OrderRow } from '@contract/console';
import { orderKindView } from '@contract/order-types';
import { ORDER_STATE_LABELS } from '@contract/payment';

/**
 * How the order desk writes what the server sends: amounts in yuan with the ¥ sign, times in the
 * temple's time (Shanghai), states and kinds in the believers' own words.
 */
const yuanFormat = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1200000 fen → ¥12,000.00 */
export const yuan = (fen: number): string => `¥${yuanFormat.format(fen / 100)}`;

const timeFormat = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO time → 2026/11/22 09:30 (Shanghai); an unreadable one as sent. */
export const timeOf = (iso: string): string => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : timeFormat.format(at);
};

export const stateLabel = (state: number): string => ORDER_STATE_LABELS[state] ?? '--';
export const typeLabel = (type: number): string => orderKindView(type)?.name ?? '其他';

/** Wire orderState of an unpaid order (a reservation or an online order waiting for its QR). */
export const UNPAID = 0;
export const PAID = 1;

/** What the counter takes for an order: what it still owes (a reservation's whole price, a ceremony's balance). */
export const counterOrderOf = (order: OrderRow) => ({
  outTradeNo: order.outTradeNo,
  description: order.description,
  amountFen: order.money.owedFen,
});

/** The dates the believer typed beside a name: 出生 1940-02-03 · 往生 2020-05-06 ('' for none). */
export const datesOf = (birth = '', death = ''): string =>
  [birth && `出生 ${birth}`, death && `往生 ${death}`].filter(Boolean).join(' · ');

/** A name with the dates the believer typed beside it: 王德明（出生 1940-02-03 · 往生 2020-05-06）. */
export const withDates = (name: string, birth = '', death = ''): string => {
  const dates = datesOf(birth, death);
  return dates ? `${name}（${dates}）` : name;
};

/** A ceremony's 缘由, 地址 and 备注 as typed, each named (缘由：超荐先父); the empty ones left out. */
export const typedFactsOf = (typed: { cause: string; address: string; remark: string }): string[] =>
  (
    [
      ['缘由', typed.cause],
      ['地址', typed.address],
      ['备注', typed.remark],
    ] as const
  )
    .filter(([, text]) => text !== '')
    .map(([label, text]) => `${label}：${text}`);
