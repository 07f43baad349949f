import { sql } from 'kysely';
import type { Db } from '../db/database';
import { conflict } from '../errors';
import { isLiveHoldSql } from './holds-place';
import type { StoredOrder } from './order-kinds';

/** How many unpaid holds of some order kinds one believer may have at once, and the refusal past it. */
export interface HoldCap {
  /** Names the believer's lock (kinds capped together share one). */
  name: string;
  types: readonly number[];
  max: number;
  message: string;
}

/**
 * Refuses an order when its believer already holds `cap.max` unpaid orders of `cap.types` within
 * their holds. Called from a kind's `store`, inside the creating transaction: the believer's
 * advisory lock, held to its end, queues that believer's concurrent orders, so each counts the
 * ones committed before it and the cap holds across requests and processes.
 */
export const guardHoldCap = async (trx: Db, order: StoredOrder, cap: HoldCap): Promise<void> => {
  await sql`select pg_advisory_xact_lock(hashtext(${`${cap.name}-holds:${order.user_id}`}))`.execute(trx);
  const { created_at } = await trx
    .selectFrom('orders')
    .select('created_at')
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  const { n } = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', order.user_id)
    .where('type', 'in', [...cap.types])
    .where(isLiveHoldSql(created_at))
    .where('id', '!=', order.id)
    .executeTakeFirstOrThrow();
  if (Number(n) >= cap.max) throw conflict(cap.message);
};
