import { type OrderMoney, orderMoney } from '@contract/order-money';
import { ORDER_STATE } from '@contract/payment';
import { templeToday } from '@contract/temple-day';
import { type RawBuilder, sql } from 'kysely';
import { holdHasEnded } from './holds-place';

/**
 * An order's money as every reader tells it (the believer's 我的订单, the console's rows, page,
 * rosters): the price stored with the order, the sum of its payments that count (a flagged one is
 * owed back, not paid), and the contract's `orderMoney` for what is owed and by when.
 */

/** What the order (table or alias `table`) was paid, in fen: its payments not flagged for refund. */
export const paidFenSql = (table = 'orders'): RawBuilder<number> =>
  sql<number>`(select coalesce(sum(pm.amount_fen), 0)::int from payments pm where pm.order_id = ${sql.ref(`${table}.id`)} and pm.flag is null)`;

/** A single-family ceremony's day to come by (YYYY-MM-DD), once its deposit is paid; null otherwise. */
export const comeBySql = (table = 'orders'): RawBuilder<string | null> =>
  sql<
    string | null
  >`(select co.come_by::text from ceremony_orders co where co.order_id = ${sql.ref(`${table}.id`)})`;

/** The money's columns of an order read as `table`, beside its own price_fen, state and hold. */
export const moneySelection = (table = 'orders') => [
  paidFenSql(table).as('paid_fen'),
  comeBySql(table).as('come_by'),
];

/** The facts of a stored order that its money is read from. */
export interface StoredMoney {
  state: number;
  reservation: boolean;
  amount_fen: number;
  price_fen: number;
  paid_fen: number;
  hold_until: Date;
  /** A single-family ceremony's day to come by, once its deposit is paid (null for other kinds). */
  come_by?: string | null;
}

export const moneyOf = (row: StoredMoney, now: Date): OrderMoney =>
  orderMoney({
    state: holdHasEnded(row, now) ? ORDER_STATE.closed : row.state,
    priceFen: row.price_fen,
    settlesFen: row.amount_fen,
    paidFen: row.paid_fen,
    // A reservation's deadline; an online order's 15 minutes name no day.
    holdEndsOn: row.reservation ? templeToday(row.hold_until) : null,
    comeBy: row.come_by ?? null,
  });
