import type { OrderStateCode } from '@contract/payment';
import { type OrderStateName, orderMachine } from '@machines/order.machine';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { wireOf } from './order-lifecycle';

/**
 * "This order still holds its place", once (DESIGN section 4). The order machine tags the states
 * that hold a place (`holdsPlace`: awaiting payment, reserved at the temple, paid, refunding) and
 * those that hold it only until the order's hold ends (`untilHoldEnds`: the unpaid ones). Every
 * service asks these functions, in TypeScript or as their SQL twins over `orders`; none writes
 * its own copy. At the hold's end exactly the place is free: a hold holds while `hold_until > now`.
 */

type Tag = 'holdsPlace' | 'untilHoldEnds';
const STORED = Object.keys(wireOf) as Exclude<OrderStateName, 'creating'>[];
const codesTagged = (tag: Tag, except?: Tag): OrderStateCode[] => {
  const names = STORED.filter((name) => {
    const snapshot = orderMachine.resolveState({ value: name, context: {} });
    return snapshot.hasTag(tag) && !(except && snapshot.hasTag(except));
  });
  return [...new Set(names.map((name) => wireOf[name]))];
};

/** The wire states that hold the place whatever the time (paid, refunding). */
export const HELD_ALWAYS: readonly OrderStateCode[] = codesTagged('holdsPlace', 'untilHoldEnds');
/** The wire states that hold the place until the hold ends (unpaid: online or at the temple). */
export const HELD_UNTIL_HOLD_ENDS: readonly OrderStateCode[] = codesTagged('untilHoldEnds');

export interface HoldFacts {
  state: number;
  hold_until: Date | null;
}

const unpaid = (order: HoldFacts) => (HELD_UNTIL_HOLD_ENDS as readonly number[]).includes(order.state);

/** An unpaid order whose hold has not ended: it still holds its place and can still be paid. */
export const isLiveHold = (order: HoldFacts, now: Date): boolean =>
  unpaid(order) && order.hold_until !== null && order.hold_until > now;

/** An unpaid order whose hold has ended: closed, whether or not the sweeper got to it yet. */
export const holdHasEnded = (order: HoldFacts, now: Date): boolean =>
  unpaid(order) && (order.hold_until === null || order.hold_until <= now);

/** Whether the order holds its place at `now`. */
export const holdsPlace = (order: HoldFacts, now: Date): boolean =>
  (HELD_ALWAYS as readonly number[]).includes(order.state) || isLiveHold(order, now);

const column = (table: string, name: string) => sql.ref(`${table}.${name}`);
const codes = (list: readonly number[]) => sql.join(list.map((code) => sql.lit(code)));

/** `isLiveHold` in SQL, over the orders table (or its alias). */
export const isLiveHoldSql = (now: Date, table = 'orders'): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${column(table, 'state')} in (${codes(HELD_UNTIL_HOLD_ENDS)}) and ${column(table, 'hold_until')} > ${now})`;

/** `holdHasEnded` in SQL, over the orders table (or its alias). */
export const holdHasEndedSql = (now: Date, table = 'orders'): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${column(table, 'state')} in (${codes(HELD_UNTIL_HOLD_ENDS)}) and (${column(table, 'hold_until')} is null or ${column(table, 'hold_until')} <= ${now}))`;

/** `holdsPlace` in SQL, over the orders table (or its alias). */
export const holdsPlaceSql = (now: Date, table = 'orders'): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${column(table, 'state')} in (${codes(HELD_ALWAYS)}) or ${isLiveHoldSql(now, table)})`;
