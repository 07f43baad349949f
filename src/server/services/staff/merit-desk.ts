import { meritPriceLabel } from '@contract/merit';
import {
  MERIT_CATALOGUE_MESSAGES as M,
  type MeritAnswer,
  type MeritChoice,
  type MeritDraft,
  type MeritOrder,
  type MeritRow,
} from '@contract/merit-catalogue';
import { yuanToFen } from '@contract/money';
import type { Selectable } from 'kysely';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { conflict } from '../../errors';
import { guardContentImage } from '../content-images';
import { holdsPlaceSql } from '../holds-place';
import { toWire } from '../merit';
import type { StaffActor } from './audit';
import { createVersionedDesk } from './versioned-desk';

type ItemRow = Selectable<Database['merit_items']>;

/** The form's price model of a stored row: '1', '2', and any other the portal knows as choices. */
const modelOf = (row: ItemRow): MeritDraft['priceModel'] =>
  row.price_model === '1' || row.price_model === '2' ? row.price_model : '3';

/** The item as stored, in the form's shape (for the answer and the audit's before/after). */
const draftOf = (row: ItemRow): MeritDraft => {
  const model = modelOf(row);
  return {
    name: row.name,
    image: row.image,
    particulars: row.particulars,
    priceModel: model,
    unitPriceYuan: model === '1' ? (row.prices_fen[0] ?? 0) / 100 : null,
    amountsYuan: model === '2' ? row.prices_fen.map((fen) => fen / 100) : [],
    choices:
      model === '3'
        ? row.choices.map((c) => ({
            item: c.item,
            name: c.name,
            priceYuan: c.priceFen / 100,
            withdrawn: c.withdrawn === true,
          }))
        : [],
  };
};

/** Live orders (holding their place: paid, or unpaid and not run out) of merit items, by choice. */
const liveOrders = async (db: Db, now: Date, itemId?: number) => {
  const rows = await db
    .selectFrom('merit_orders')
    .innerJoin('orders', 'orders.id', 'merit_orders.order_id')
    .select((eb) => [
      'merit_orders.merit_item_id',
      'merit_orders.choice_item',
      eb.fn.countAll<number>().as('n'),
    ])
    .where(holdsPlaceSql(now))
    .$if(itemId !== undefined, (q) => q.where('merit_orders.merit_item_id', '=', itemId ?? 0))
    .groupBy(['merit_orders.merit_item_id', 'merit_orders.choice_item'])
    .execute();
  const byItem = new Map<number, number>();
  const byChoice = new Map<string, number>();
  for (const row of rows) {
    byItem.set(row.merit_item_id, (byItem.get(row.merit_item_id) ?? 0) + Number(row.n));
    if (row.choice_item) byChoice.set(`${row.merit_item_id}:${row.choice_item}`, Number(row.n));
  }
  return { byItem, byChoice };
};

/** Names the new choices (code ''): C01, C02… not used by any choice the item has or had. */
const withCodes = (choices: MeritChoice[], before: MeritChoice[]): MeritChoice[] => {
  const used = new Set([...before, ...choices].map((c) => c.item).filter(Boolean));
  let n = 0;
  const next = () => {
    let code: string;
    do code = `C${String(++n).padStart(2, '0')}`;
    while (used.has(code));
    used.add(code);
    return code;
  };
  return choices.map((c) => (c.item ? c : { ...c, item: next() }));
};

/** The row's columns a draft sets (only the chosen model's prices are kept). */
const columns = (draft: MeritDraft) => ({
  name: draft.name,
  image: draft.image,
  particulars: draft.particulars,
  price_model: draft.priceModel,
  gd_type: draft.priceModel,
  prices_fen: JSON.stringify(
    draft.priceModel === '1'
      ? [yuanToFen(draft.unitPriceYuan ?? 0)]
      : draft.priceModel === '2'
        ? [...draft.amountsYuan].sort((a, b) => a - b).map(yuanToFen)
        : [],
  ),
  choices: JSON.stringify(
    draft.choices.map((c) => ({
      item: c.item,
      name: c.name,
      priceFen: yuanToFen(c.priceYuan),
      ...(c.withdrawn ? { withdrawn: true } : {}),
    })),
  ),
});

/** The name is how the portal names an item (with GD_TYPE): one item per name. */
const nameTaken = (error: unknown): never => {
  if (isUniqueViolation(error)) throw conflict(M.nameTaken);
  throw error;
};

/**
 * The merit items as 内容 staff keep them (issue 25), a versioned desk (versioned-desk.ts): every
 * write locks the item's row (a merit order being priced holds it shared, so the two wait for each
 * other), checks the version read, writes, and audits the form before and after. An order keeps
 * the amount it was priced at: prices live in the catalogue only.
 */
export const createMeritDesk = ({ db, clock }: { db: Db; clock: Clock }) => {
  const desk = createVersionedDesk({ db, clock });
  const item = desk.item({
    table: 'merit_items',
    naming: (id: number) => ({ id }),
    notFound: M.notFound,
    subject: (id) => `merit:${id}`,
    publishing: { noun: 'merit', set: (published) => ({ published }), isPublished: (row) => row.published },
  });

  const answer = async (trx: Db, id: number): Promise<MeritAnswer> => {
    const row = await item.read(trx, id);
    const live = await liveOrders(trx, clock.now(), id);
    const draft = draftOf(row);
    return {
      id,
      version: row.version,
      published: row.published,
      item: {
        ...draft,
        choices: draft.choices.map((c) => ({ ...c, liveOrders: live.byChoice.get(`${id}:${c.item}`) ?? 0 })),
      },
      liveOrders: live.byItem.get(id) ?? 0,
    };
  };

  /** Refuses (409) a draft that deletes a choice live orders hold (stopping it is the way). */
  const guardLiveOrders = async (trx: Db, id: number, draft: MeritDraft, before: MeritDraft) => {
    const live = await liveOrders(trx, clock.now(), id);
    for (const old of before.choices)
      if (!draft.choices.some((c) => c.item === old.item) && live.byChoice.get(`${id}:${old.item}`))
        throw conflict(M.choiceInUse(old.name));
  };

  /** The items in the site's order. */
  const ordered = (trx: Db) => trx.selectFrom('merit_items').selectAll().orderBy('sort').orderBy('id');

  return {
    async list(): Promise<MeritRow[]> {
      const [rows, live] = await Promise.all([ordered(db).execute(), liveOrders(db, clock.now())]);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        image: row.image,
        priceModel: modelOf(row),
        priceLabel: meritPriceLabel(toWire(row)),
        published: row.published,
        liveOrders: live.byItem.get(row.id) ?? 0,
      }));
    },

    read: (id: number) => answer(db, id),

    /** A new item, last on the page, not shown until 发布. */
    async create(input: MeritDraft, actor: StaffActor): Promise<MeritAnswer> {
      await guardContentImage(db, input.image);
      const draft = { ...input, choices: withCodes(input.choices, []) };
      return db
        .transaction()
        .execute(async (trx) => {
          const { sort } = await trx
            .selectFrom('merit_items')
            .select((eb) => eb.fn.coalesce(eb.fn.max('sort'), eb.lit(0)).as('sort'))
            .executeTakeFirstOrThrow();
          const { id } = await trx
            .insertInto('merit_items')
            .values({ ...columns(draft), sort: Number(sort) + 1, channel: 1, published: false })
            .returning('id')
            .executeTakeFirstOrThrow();
          await item.record(trx, actor, id, 'merit.created', { after: draft });
          return answer(trx, id);
        })
        .catch(nameTaken);
    },

    /** Saves the form read at `version`: a choice live orders hold stays (stop it instead). */
    async save(id: number, input: MeritDraft, version: number, actor: StaffActor): Promise<MeritAnswer> {
      await guardContentImage(db, input.image);
      return db
        .transaction()
        .execute(async (trx) => {
          const before = draftOf(await item.lockAt(trx, id, version));
          const draft = { ...input, choices: withCodes(input.choices, before.choices) };
          await guardLiveOrders(trx, id, draft, before);
          await item.save(trx, id, version, columns(draft));
          await item.record(trx, actor, id, 'merit.updated', { before, after: draft });
          return answer(trx, id);
        })
        .catch(nameTaken);
    },

    /** Offers the item to believers, or withdraws it (new orders refused; orders made are kept). */
    publish: (id: number, published: boolean, version: number, actor: StaffActor): Promise<MeritAnswer> =>
      item.publish(id, published, version, actor, (trx) => answer(trx, id)),

    /** The order of the items on the site, saved against the order read (409 when it changed). */
    async reorder({ from, to }: MeritOrder, actor: StaffActor): Promise<MeritRow[]> {
      await db.transaction().execute(async (trx) =>
        desk.reorder(trx, actor, {
          rows: await ordered(trx).forUpdate().execute(),
          from,
          to,
          changed: M.orderStale,
          invalid: M.orderInvalid,
          place: (id, sort) => trx.updateTable('merit_items').set({ sort }).where('id', '=', id).execute(),
          name: (row) => row.name,
          action: 'merit.reordered',
          subject: 'merit:order',
        }),
      );
      return this.list();
    },
  };
};

export type MeritDesk = ReturnType<typeof createMeritDesk>;
