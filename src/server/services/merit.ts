import {
  MERIT_MESSAGES,
  MERIT_RULES,
  type MeritItem,
  meritOrderRequest,
  priceModelOf,
} from '@contract/merit';
import { MERIT_CATALOGUE_MESSAGES } from '@contract/merit-catalogue';
import { ONLINE_LIMIT_FEN, OVER_LIMIT_MESSAGE, yuanToFen } from '@contract/money';
import { ORDER_TYPES } from '@contract/order-types';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { AppError, badRequest } from '../errors';
import { defineOrderKind } from './order-kinds';

type MeritRow = Selectable<Database['merit_items']>;

/** A stored merit item in the portal's wire shape (yuan): a choice no longer offered is left out. */
export const toWire = (row: MeritRow): MeritItem => {
  const model = priceModelOf({ PRICE_MODEL: row.price_model });
  const prices = row.prices_fen.map((fen) => fen / 100);
  return {
    ID: row.id,
    GD_NAME: row.name,
    IMAGE: row.image,
    PARTICULARS: row.particulars,
    PRICE_MODEL: row.price_model,
    GD_TYPE: row.gd_type,
    GD_PRICE: model === 'quantity' ? (prices[0] ?? null) : model === 'amount' ? prices : null,
    GDM: row.choices
      .filter((c) => !c.withdrawn)
      .map((c) => ({
        MERIT_ITEM: c.item,
        CNNAME: c.name,
        EXTINT1: c.priceFen / 100,
      })),
  };
};

export const createMeritService = (db: Db) => ({
  async list(channel: number): Promise<MeritItem[]> {
    const rows = await db
      .selectFrom('merit_items')
      .selectAll()
      .where('channel', '=', channel)
      .where('published', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map(toWire);
  },
  async detail(id: number): Promise<MeritItem> {
    const row = await db
      .selectFrom('merit_items')
      .selectAll()
      .where('id', '=', id)
      .where('published', '=', true)
      .executeTakeFirst();
    if (!row) throw new AppError(404, MERIT_MESSAGES.unknownItem);
    return toWire(row);
  },
  async wishes(limit = 60) {
    const rows = await db
      .selectFrom('wishes')
      .select(['name', 'wish'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((w) => ({ NAME: w.name, WISH: w.wish }));
  },
});

/** Merit offerings (order type 5): priced from the temple's own table, nothing trusted from the browser. */
export const meritOrderKind = defineOrderKind({
  type: ORDER_TYPES.merit,
  schema: meritOrderRequest,
  /**
   * The merit item offered under one donor's name: sent again, resumed; another amount or wish
   * replaces it. The same lamp for another member of the family is an offering of its own.
   */
  subjectOf: (request) => [
    ...request.meritItemList.flatMap((line) => [line.GD_TYPE, line.GD_NAME]),
    request.GD_FM,
  ],
  async price(trx, request) {
    const [line] = request.meritItemList;
    if (!line) throw badRequest(MERIT_MESSAGES.unknownItem);
    // The spec's line names the item by GD_TYPE and GD_NAME; our client adds its GD_ID. Shared
    // lock: a console save of the item (FOR UPDATE) waits for this order, or this order for it.
    const row = await trx
      .selectFrom('merit_items')
      .selectAll()
      .$if(line.GD_ID !== undefined, (q) => q.where('id', '=', line.GD_ID ?? 0))
      .$if(line.GD_ID === undefined, (q) =>
        q.where('gd_type', '=', line.GD_TYPE).where('name', '=', line.GD_NAME),
      )
      .forShare()
      .executeTakeFirst();
    if (!row) throw badRequest(MERIT_MESSAGES.unknownItem);
    if (!row.published) throw badRequest(MERIT_CATALOGUE_MESSAGES.withdrawn);
    // The stored price model decides, not the one the request claims.
    const model = priceModelOf({ PRICE_MODEL: row.price_model });
    let name = row.name;
    let unitFen: number;
    let quantity = line.QUANTITY;
    if (model === 'amount') {
      const yuan = request.customAmount ?? line.GDJ;
      if (!Number.isInteger(yuan) || yuan < MERIT_RULES.minAmount)
        throw badRequest(MERIT_MESSAGES.amountTooSmall);
      unitFen = yuanToFen(yuan);
      quantity = 1;
    } else if (model === 'quantity') {
      unitFen = row.prices_fen[0] ?? 0;
    } else {
      const choice = row.choices.find((c) => c.item === line.GD_ITEM);
      if (!choice) throw badRequest(MERIT_MESSAGES.unknownChoice);
      if (choice.withdrawn) throw badRequest(MERIT_CATALOGUE_MESSAGES.choiceWithdrawn);
      name = `${row.name}·${choice.name}`;
      unitFen = choice.priceFen;
    }
    const amountFen = unitFen * quantity;
    if (amountFen > ONLINE_LIMIT_FEN) throw badRequest(OVER_LIMIT_MESSAGE);
    if (yuanToFen(line.GDJ) !== amountFen) throw badRequest(MERIT_MESSAGES.totalMismatch);
    return {
      amountFen,
      description: `功德供养·${name}`,
      mode: 'online',
      items: [
        {
          name,
          itemCode: line.GD_ITEM ?? null,
          quantity,
          unitPriceFen: unitFen,
          amountFen,
          wish: line.WISH.trim() || null,
          donorName: request.GD_FM,
        },
      ],
      store: async (tx, order) => {
        await tx
          .insertInto('merit_orders')
          .values({
            order_id: order.id,
            merit_item_id: row.id,
            choice_item: model === 'choice' ? (line.GD_ITEM ?? null) : null,
          })
          .execute();
      },
    };
  },
  /** A paid offering with a wish puts the wish on the wall, under the donor's name (as priced). */
  async onPaid(trx, order, now) {
    const line = await trx
      .selectFrom('order_items')
      .select(['wish', 'donor_name'])
      .where('order_id', '=', order.id)
      .where('wish', 'is not', null)
      .executeTakeFirst();
    if (!line?.wish) return;
    await trx
      .insertInto('wishes')
      .values({ name: line.donor_name ?? '', wish: line.wish, created_at: now, order_id: order.id })
      .onConflict((oc) => oc.column('order_id').where('order_id', 'is not', null).doNothing())
      .execute();
  },
});
