import { randomInt } from 'node:crypto';
import { ORDER_STATE, PAYMENT_MESSAGES } from '@contract/payment';
import { addMinutes, format } from 'date-fns';
import * as v from 'valibot';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError, badRequest } from '../errors';
import { parseWith } from '../http';
import type { SessionUser } from './auth';
import type { OrderKind } from './order-kinds';
import { nextOrderState } from './order-lifecycle';

export interface OrdersDeps {
  db: Db;
  clock: Clock;
  kinds: OrderKind[];
}

const newTradeNo = (now: Date) =>
  `WF${format(now, 'yyyyMMddHHmmss')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

const orderType = v.object({ type: v.number('缺少订单类型') }, PAYMENT_MESSAGES.unknownType);

export const createOrdersService = ({ db, clock, kinds }: OrdersDeps) => {
  const kindOf = (type: number) => kinds.find((k) => k.type === type);

  return {
    kindOf,

    /** Validates with the kind's schema, prices on the server, stores the order with its hold. */
    async create(input: unknown, user: SessionUser) {
      const kind = kindOf(parseWith(orderType, input).type);
      if (!kind) throw badRequest(PAYMENT_MESSAGES.unknownType);
      const request = parseWith(kind.schema, input);
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const priced = await kind.price(trx, request, user);
        const order = await trx
          .insertInto('orders')
          .values({
            out_trade_no: newTradeNo(now),
            user_id: user.id,
            type: kind.type,
            state: ORDER_STATE.reserved,
            amount_fen: priced.amountFen,
            description: priced.description,
            payload: JSON.stringify(request),
            created_at: now,
            hold_until: addMinutes(now, priced.holdMinutes),
          })
          .returning(['id', 'out_trade_no', 'hold_until', 'amount_fen', 'description'])
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('order_items')
          .values(
            priced.items.map((item) => ({
              order_id: order.id,
              name: item.name,
              item_code: item.itemCode,
              quantity: item.quantity,
              unit_price_fen: item.unitPriceFen,
              amount_fen: item.amountFen,
              wish: item.wish,
            })),
          )
          .execute();
        return order;
      });
    },

    /**
     * The 1-second poll's answer: '1' paid, otherwise the orderState; a hold that ran out reads
     * as closed ('5') before the sweeper gets to it. One indexed read, no writes.
     */
    async status(outTradeNo: string, user: SessionUser): Promise<string> {
      const order = await db
        .selectFrom('orders')
        .select(['state', 'hold_until'])
        .where('out_trade_no', '=', outTradeNo)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (!order) throw new AppError(404, PAYMENT_MESSAGES.notFound);
      const expired = order.state === ORDER_STATE.reserved && order.hold_until <= clock.now();
      return String(expired ? ORDER_STATE.closed : order.state);
    },

    /** Closes every unpaid order whose hold ran out; safe to run from several processes at once. */
    async closeExpired(): Promise<number> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('orders')
          .select(['id', 'state'])
          .where('state', '=', ORDER_STATE.reserved)
          .where('hold_until', '<=', now)
          .forUpdate()
          .skipLocked()
          .limit(500)
          .execute();
        for (const order of due) {
          const next = nextOrderState(order.state, { type: 'hold.expired' });
          if (next === null) continue;
          await trx
            .updateTable('orders')
            .set({ state: next, closed_at: now })
            .where('id', '=', order.id)
            .execute();
        }
        return due.length;
      });
    },
  };
};

export type OrdersService = ReturnType<typeof createOrdersService>;
