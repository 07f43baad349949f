import * as v from 'valibot';
import { formatYuan } from './money';
import { ORDER_STATE } from './payment';

/**
 * An order's money (DESIGN section 4), the same for every kind: its price, what was paid (online,
 * the deposit, at the counter), what is still owed and by when. price = paid + owed while the order
 * is open (awaiting payment, or paid in part); a closed or refunded order owes nothing.
 *
 * Most orders are settled by one payment of their whole price. A single-family ceremony is settled
 * by its 1000-yuan deposit (paid online: its place is kept) and the rest is owed at the temple by
 * the day to come by; the 客堂 records it as a counter payment. A reservation is a price with
 * nothing paid yet, owed by the end of its hold.
 */
export const orderMoneySchema = v.object({
  priceFen: v.number(),
  paidFen: v.number(),
  owedFen: v.number(),
  /** The temple day (YYYY-MM-DD) the owed money is due by; null when nothing is owed or no day is set. */
  owedBy: v.nullable(v.string()),
  /** Fully paid: paid, and nothing more owed (a deposit-paid ceremony is not, until its balance). */
  settled: v.boolean(),
  /** Where a deposit settles the order (a ceremony's 1000 yuan): its amount; null otherwise. */
  depositFen: v.nullable(v.number()),
});
export type OrderMoney = v.InferOutput<typeof orderMoneySchema>;

/** What the money of an order is read from: its effective state, its price and its payments' sum. */
export interface OrderMoneyFacts {
  /** The effective wire state (an unpaid order whose hold ended reads closed). */
  state: number;
  priceFen: number;
  /** What settles the order (its QR, or the counter for a reservation): less than the price for a deposit. */
  settlesFen: number;
  /** The payments that count (not flagged for refund). */
  paidFen: number;
  /** Where the order still awaits payment: the day its hold ends (a reservation's deadline). */
  holdEndsOn: string | null;
  /** Where a deposit was paid: the day the believer comes to the temple with the rest. */
  comeBy: string | null;
}

const OPEN_STATES: readonly number[] = [ORDER_STATE.reserved, ORDER_STATE.paid];

export const orderMoney = ({
  state,
  priceFen,
  settlesFen,
  paidFen,
  holdEndsOn,
  comeBy,
}: OrderMoneyFacts): OrderMoney => {
  const owedFen = OPEN_STATES.includes(state) ? Math.max(priceFen - paidFen, 0) : 0;
  const owedBy = owedFen === 0 ? null : state === ORDER_STATE.reserved ? holdEndsOn : comeBy;
  const settled = state === ORDER_STATE.paid && owedFen === 0;
  return {
    priceFen,
    paidFen,
    owedFen,
    owedBy,
    settled,
    depositFen: settlesFen < priceFen ? settlesFen : null,
  };
};

/** Whether the order is paid in part: a deposit paid, the rest still owed (the order is not fully paid). */
export const owesBalance = (money: OrderMoney): boolean => money.paidFen > 0 && money.owedFen > 0;

/**
 * The money in words, as the believer's 我的订单 and the console say it: 已付定金 ¥1,000 · 待补 ¥2,800,
 * 待付定金 ¥1,000 · 余款 ¥2,800 到寺补缴 (a deposit's QR still open), 待付 ¥3,800, 已付清 ¥3,800; ''
 * for an order that is neither open nor paid.
 */
export const moneySummary = (money: OrderMoney): string => {
  if (owesBalance(money)) return `已付定金 ${formatYuan(money.paidFen)} · 待补 ${formatYuan(money.owedFen)}`;
  if (money.owedFen > 0 && money.depositFen !== null)
    return `待付定金 ${formatYuan(money.depositFen)} · 余款 ${formatYuan(money.owedFen - money.depositFen)} 到寺补缴`;
  if (money.owedFen > 0) return `待付 ${formatYuan(money.owedFen)}`;
  return money.settled ? `已付清 ${formatYuan(money.paidFen)}` : '';
};

/** The day the owed money is due by, in words: 请于 2026-12-10 前到寺补缴 (or '' when none). */
export const owedByNote = (money: OrderMoney): string =>
  money.owedBy === null
    ? ''
    : owesBalance(money)
      ? `请于 ${money.owedBy} 前到寺补缴`
      : `请于 ${money.owedBy} 前付款`;
