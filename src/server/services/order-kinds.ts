import type { OrderDetail, OrderEntry } from '@contract/console';
import type * as v from 'valibot';
import type { Db } from '../db/database';
import type { SessionUser } from './auth';

/** An order's lines as the server priced them (integer fen), with the facts settlement needs. */
export interface PricedLine {
  name: string;
  itemCode: string | null;
  quantity: number;
  unitPriceFen: number;
  amountFen: number;
  wish: string | null;
  donorName: string | null;
}

export interface PricedOrder {
  /** What settles the order: paid online, or at the counter for a reservation. */
  amountFen: number;
  /**
   * The whole price, where more than `amountFen` (a ceremony's deposit settles it; the rest is owed
   * at the temple): price = paid + owed (src/contract/order-money.ts).
   */
  priceFen?: number;
  description: string;
  /**
   * 'online': paid by QR, held for the QR's 15 minutes. 'reservation': no QR, held 7 days and
   * paid at the temple (statues and tablets of 10000 yuan and more, the ceremony's place hold).
   */
  mode: 'online' | 'reservation';
  items: PricedLine[];
  /** The places the order holds (kinds with places): stored with the order, read by `take`. */
  places?: { place: string; quantity: number }[];
  /**
   * Writes the kind's own facts of the order (its entries, say) in typed rows, once the order
   * exists: called in the creating transaction, before the place is taken.
   */
  store?: (trx: Db, order: StoredOrder) => Promise<void>;
}

/** An order as stored: what its kind's hooks may read (typed columns; never the request again). */
export interface StoredOrder {
  id: number;
  type: number;
  user_id: number;
  out_trade_no: string;
}

/**
 * The places a kind sells (seats, slots, quotas). Every hook runs inside the transaction that
 * changes the order, on the order's locked row, so each runs exactly once per order.
 */
export interface OrderPlaces {
  /**
   * Takes the order's place; false when none is left. Called when the order is created (a false
   * refuses the order with `soldOut`) and when money arrives after the hold ran out (a false
   * keeps the order closed and the money owed back).
   */
  take(trx: Db, order: StoredOrder, now: Date): Promise<boolean>;
  /** Gives the place back when the order closes, by whatever path. */
  release(trx: Db, order: StoredOrder, now: Date): Promise<void>;
  /** Why an order is refused when its place is gone (Chinese, shown to the believer). */
  soldOut: string;
}

/**
 * What an order's kind adds to the order's page in the console, beyond what every order has
 * (its lines, entries as entered, payments and history): read from the kind's own rows, so the
 * page never asks an order's type.
 */
export interface OrderPageFacts {
  /** The places it holds (or held), in words: an assembly type, a ceremony's day, a niche, a tablet place. */
  places: string[];
  /** Names kept in the kind's own rows rather than as entries (a tablet order's), after its entries. */
  entries?: OrderEntry[];
  /** What the believer typed for it (a single-family ceremony's cause, address and remark). */
  ceremony?: NonNullable<OrderDetail['ceremony']>;
}

/** A place the catalogue no longer has (removed after its order closed), as an order's page says it. */
export const REMOVED_PLACE = '位置已撤除';

/**
 * One kind of order (ORDER_TYPES: 1 assembly … 7 statue). Each flow registers its kind:
 * the schema of its `jsonObject`, how the server prices it from its own tables (refusing a client
 * total that disagrees) and stores the facts it needs, its places if it has any, what
 * happens once it is paid, and what its order's page in the console shows.
 */
export interface OrderKind<S extends v.GenericSchema = v.GenericSchema> {
  /** Its number in ORDER_TYPES (a test's own kind takes one beyond them). */
  type: number;
  /**
   * The schema of the order, or, for a kind with date rules (a birth date not after today), the
   * schema on a day: the service builds it on its clock's temple day (DESIGN section 4).
   */
  schema: S | ((today: string) => S);
  /**
   * What the order is for, as the believer sees it (the assembly, the statue location, the
   * renewed enshrinement…): while the believer has an unpaid order of this kind for the same
   * subject, submitting again resumes it when nothing changed, else closes it (releasing its
   * place) in the transaction that makes the new one. One unpaid order per subject.
   */
  subjectOf(request: v.InferOutput<S>): readonly (string | number)[];
  /**
   * The request as compared to decide whether the believer changed the order: by default the
   * whole of it; a kind drops what changes with every sending (the ceremony's JF_DATE).
   */
  comparable?(request: v.InferOutput<S>): unknown;
  /** `now` is the clock's time of the creating request. */
  price(trx: Db, request: v.InferOutput<S>, user: SessionUser, now: Date): Promise<PricedOrder>;
  places?: OrderPlaces;
  onPaid?(trx: Db, order: StoredOrder, now: Date): Promise<void>;
  /** What the console's order page shows of an order of this kind; a kind without it adds nothing. */
  orderPage?(db: Db, orderId: number): Promise<OrderPageFacts>;
}

/** The places an order holds, as stored when it was created. */
export const placesOf = (trx: Db, orderId: number) =>
  trx.selectFrom('order_places').select(['place', 'quantity']).where('order_id', '=', orderId).execute();

export const defineOrderKind = <S extends v.GenericSchema>(kind: OrderKind<S>): OrderKind =>
  kind as unknown as OrderKind;
