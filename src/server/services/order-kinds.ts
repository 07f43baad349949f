import type * as v from 'valibot';
import type { Db } from '../db/database';
import type { SessionUser } from './auth';

/** An order's lines as the server priced them (integer fen). */
export interface PricedOrder {
  amountFen: number;
  description: string;
  holdMinutes: number;
  items: {
    name: string;
    itemCode: string | null;
    quantity: number;
    unitPriceFen: number;
    amountFen: number;
    wish: string | null;
  }[];
}

export interface StoredOrder {
  id: number;
  payload: unknown;
  user_id: number;
}

/**
 * One kind of order (DESIGN section 4: 1 assembly … 7 statue). Each flow registers its kind:
 * the schema of its `jsonObject`, how the server prices it from its own tables (refusing a
 * client total that disagrees), and what happens when it is paid or closed.
 */
export interface OrderKind<S extends v.GenericSchema = v.GenericSchema> {
  type: number;
  schema: S;
  price(trx: Db, request: v.InferOutput<S>, user: SessionUser): Promise<PricedOrder>;
  /** Whether late money can keep the place (kinds without capacity: always). */
  placeStillAvailable(trx: Db, order: StoredOrder): Promise<boolean>;
  onPaid(trx: Db, order: StoredOrder, now: Date): Promise<void>;
}

export const defineOrderKind = <S extends v.GenericSchema>(kind: OrderKind<S>): OrderKind =>
  kind as unknown as OrderKind;
