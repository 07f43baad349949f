import {
  ASSEMBLY_MESSAGES,
  ASSEMBLY_RULES,
  assemblyEntrySchemas,
  assemblyOrderRequest,
  assemblyTotalFen,
  countedQuantity,
  gdjModeOf,
  isOverLimit,
  isQuantityEnabled,
  isReservation,
  judgeAssemblyOrder,
  tabletTypesFor,
} from '@contract/assembly';
import { yuanToFen } from '@contract/money';
import { ORDER_TYPES } from '@contract/order-types';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { badRequest } from '../errors';
import { parseWith } from '../http';
import { assemblyPlace, heldPlaces } from './assembly';
import { guardHoldCap, type HoldCap } from './hold-cap';
import { defineOrderKind, type PricedLine, placesOf } from './order-kinds';

type AssemblyOrderRow = Omit<Insertable<Database['assembly_orders']>, 'order_id'>;
type EntryRow = Omit<Insertable<Database['order_entries']>, 'order_id'>;

/** Blessing entries have no yang-shang names. */
const NO_PETITIONERS = { ys1: '', ys2: '', ys3: '', ys4: '', ys5: '', ys6: '' } as const;

const orderFacts = (trx: Db, orderId: number) =>
  trx
    .selectFrom('assembly_orders')
    .select(['assembly_id', 'hoe_type'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();

/**
 * Dharma-assembly registration (order type 1, spec 000 sections 3 and 5): priced from the
 * assembly's own price map, merit items and merit amount; every entry re-judged with the
 * assembly's rules; the entry count per the order-level rules; the places of the assembly type
 * taken in the creating transaction.
 */
/** Unpaid registrations one believer may hold at once. */
const ASSEMBLY_HOLD_CAP: HoldCap = {
  name: 'assembly',
  types: [ORDER_TYPES.assembly],
  max: ASSEMBLY_RULES.maxUnpaidHolds,
  message: ASSEMBLY_MESSAGES.holdCap,
};

export const assemblyOrderKind = defineOrderKind({
  type: ORDER_TYPES.assembly,
  schema: assemblyOrderRequest,
  /**
   * The assembly, type and tablet registered for: sent again, other entries or another quantity
   * replace the unpaid registration; another type or tablet is a registration of its own.
   */
  subjectOf: (order) => [order.HOE_YEAR, order.HOE_NAME, order.HOE_TYPE, order.TABLET_TYPE],
  async price(trx, order) {
    const hoe = await trx
      .selectFrom('assemblies')
      .selectAll()
      .where('name', '=', order.HOE_NAME)
      .where('year', '=', order.HOE_YEAR)
      .where('published', '=', true)
      .executeTakeFirst();
    if (!hoe) throw badRequest(ASSEMBLY_MESSAGES.unknownAssembly);
    if (hoe.start_date !== order.START_DATE || hoe.end_date !== order.END_DATE)
      throw badRequest(ASSEMBLY_MESSAGES.datesChanged);
    const offersType = await trx
      .selectFrom('assembly_places')
      .select('withdrawn')
      .where('assembly_id', '=', hoe.id)
      .where('hoe_type', '=', order.HOE_TYPE)
      .executeTakeFirst();
    if (!offersType) throw badRequest(ASSEMBLY_MESSAGES.unknownHoeType);
    if (offersType.withdrawn) throw badRequest(ASSEMBLY_MESSAGES.hoeTypeWithdrawn);

    const prices = await trx
      .selectFrom('assembly_prices')
      .selectAll()
      .where('assembly_id', '=', hoe.id)
      .where('hoe_type', '=', order.HOE_TYPE)
      .execute();
    const price = prices.find((p) => p.tablet_type === order.TABLET_TYPE);
    if (!price) throw badRequest(ASSEMBLY_MESSAGES.unknownTabletType);
    const offered = tabletTypesFor(
      order.HOE_TYPE,
      prices.map((p) => p.tablet_type),
      { waterLand: hoe.water_land },
    );
    if (!offered.includes(order.TABLET_TYPE)) throw badRequest(ASSEMBLY_MESSAGES.tabletNotOffered);
    if (!isQuantityEnabled(order.TABLET_TYPE) && order.QUANTITY !== 1)
      throw badRequest(ASSEMBLY_MESSAGES.quantityFixed);

    // Every entry again with this assembly's rules (七世父母, 4-character blessing names).
    const rules = assemblyEntrySchemas({ sevenGenerations: hoe.seven_generations, wisdom: hoe.wisdom });
    const jyList = order.jyList.map((entry) => parseWith(rules.jy, entry));
    const zzList = order.zzList.map((entry) => parseWith(rules.zz, entry));
    const refusal = judgeAssemblyOrder({
      entries: jyList.length + zzList.length,
      // The agreement is ticked in the dialog; the payload (000 section 3) does not carry it.
      agreed: true,
      quantity: order.QUANTITY,
      newYearEve: hoe.new_year_eve,
      leaderTablet: hoe.has_leader_tablet,
    });
    if (refusal) throw badRequest(refusal);

    // The merit amount: the price map's, or free (at least 10) where the assembly or 无 allows it.
    if (gdjModeOf(order.TABLET_TYPE, { freeAmount: hoe.free_amount }) === 'free') {
      if (order.HOE_GDJ < ASSEMBLY_RULES.minAmount) throw badRequest(ASSEMBLY_MESSAGES.amountTooSmall);
    } else if (yuanToFen(order.HOE_GDJ) !== price.gdj_fen) {
      throw badRequest(ASSEMBLY_MESSAGES.gdjMismatch);
    }

    const items = await trx
      .selectFrom('assembly_merit_items')
      .select(['item_no', 'name', 'unit_price_fen'])
      .where('assembly_id', '=', hoe.id)
      .where('hoe_type', '=', order.HOE_TYPE)
      .execute();
    const merit = order.meritItemList.map((line) => {
      const item = items.find((i) => i.item_no === line.MERIT_ITEM);
      if (!item) throw badRequest(ASSEMBLY_MESSAGES.unknownMeritItem);
      if (yuanToFen(line.AMOUNT) !== item.unit_price_fen * line.QUANTITY)
        throw badRequest(ASSEMBLY_MESSAGES.totalMismatch);
      return { item, count: line.QUANTITY };
    });

    const amountFen = assemblyTotalFen({
      tabletType: order.TABLET_TYPE,
      tabletPrice: price.tablet_price_fen / 100,
      gdj: order.HOE_GDJ,
      quantity: order.QUANTITY,
      merit: merit.map((m) => ({ unitPrice: m.item.unit_price_fen / 100, count: m.count })),
    });
    if (isOverLimit(amountFen, { waterLand: hoe.water_land })) throw badRequest(ASSEMBLY_MESSAGES.overLimit);
    if (amountFen <= 0 || yuanToFen(order.HOE_GDJ_TOTAL) !== amountFen)
      throw badRequest(ASSEMBLY_MESSAGES.totalMismatch);

    const tablets = countedQuantity(order.TABLET_TYPE, order.QUANTITY);
    const lines: PricedLine[] = [
      {
        name: `${order.HOE_TYPE}·${order.TABLET_TYPE}`,
        itemCode: order.TABLET_TYPE,
        quantity: tablets,
        unitPriceFen: price.tablet_price_fen,
        amountFen: price.tablet_price_fen * tablets,
        wish: null,
        donorName: null,
      },
    ];
    if (order.HOE_GDJ > 0)
      lines.push({
        name: '功德金',
        itemCode: 'GDJ',
        quantity: 1,
        unitPriceFen: yuanToFen(order.HOE_GDJ),
        amountFen: yuanToFen(order.HOE_GDJ),
        wish: null,
        donorName: null,
      });
    for (const { item, count } of merit.filter((m) => m.count > 0))
      lines.push({
        name: item.name,
        itemCode: item.item_no,
        quantity: count,
        unitPriceFen: item.unit_price_fen,
        amountFen: item.unit_price_fen * count,
        wish: null,
        donorName: null,
      });

    const created: { facts: AssemblyOrderRow; entries: EntryRow[] } = {
      facts: {
        assembly_id: hoe.id,
        hoe_type: order.HOE_TYPE,
        tablet_type: order.TABLET_TYPE,
        quantity: order.QUANTITY,
        gdj_fen: yuanToFen(order.HOE_GDJ),
      },
      entries: [
        ...jyList.map((e) => ({
          kind: '往生' as const,
          tablet1: e.JY1,
          tablet2: e.JY2,
          tablet3: e.JY3,
          ys1: e.YS1,
          ys2: e.YS2,
          ys3: e.YS3,
          ys4: e.YS4,
          ys5: e.YS5,
          ys6: e.YS6,
        })),
        ...zzList.map((e) => ({
          kind: '延生' as const,
          tablet1: e.ZZ1,
          tablet2: e.ZZ2,
          tablet3: e.ZZ3,
          ...NO_PETITIONERS,
        })),
      ].map((e, position) => ({ ...e, position })),
    };
    return {
      amountFen,
      description: `法会报名·${hoe.name}·${order.HOE_TYPE}`,
      mode: isReservation(amountFen, { waterLand: hoe.water_land }) ? 'reservation' : 'online',
      items: lines,
      places: [{ place: assemblyPlace(hoe.id, order.HOE_TYPE), quantity: tablets }],
      // What was priced, in typed rows: settlement and the user centre never re-parse the payload.
      async store(trx, stored) {
        await guardHoldCap(trx, stored, ASSEMBLY_HOLD_CAP);
        await trx
          .insertInto('assembly_orders')
          .values({ ...created.facts, order_id: stored.id })
          .execute();
        if (created.entries.length > 0)
          await trx
            .insertInto('order_entries')
            .values(created.entries.map((e) => ({ ...e, order_id: stored.id })))
            .execute();
      },
    };
  },
  places: {
    soldOut: ASSEMBLY_MESSAGES.soldOut,
    /**
     * Takes the assembly type's places: its capacity row locked FOR UPDATE queues every taker of
     * that type, across processes, before counting the places held by paid and unexpired orders.
     */
    async take(trx, order, now) {
      const facts = await orderFacts(trx, order.id);
      if (!facts) return false;
      const capacity = await trx
        .selectFrom('assembly_places')
        .select('capacity')
        .where('assembly_id', '=', facts.assembly_id)
        .where('hoe_type', '=', facts.hoe_type)
        .forUpdate()
        .executeTakeFirst();
      if (!capacity) return false;
      if (capacity.capacity === null) return true;
      const place = assemblyPlace(facts.assembly_id, facts.hoe_type);
      const wanted = (await placesOf(trx, order.id))
        .filter((p) => p.place === place)
        .reduce((sum, p) => sum + p.quantity, 0);
      const held = (await heldPlaces(trx, [place], now, order.id)).get(place) ?? 0;
      return held + wanted <= capacity.capacity;
    },
    /** A closed order no longer counts among the held places: nothing to write. */
    async release() {},
  },
  /** Its page in the console: the assembly, the type and how many places. */
  async orderPage(db, orderId) {
    const rows = await db
      .selectFrom('assembly_orders as ao')
      .innerJoin('assemblies as a', 'a.id', 'ao.assembly_id')
      .select(['a.name', 'ao.hoe_type', 'ao.quantity'])
      .where('ao.order_id', '=', orderId)
      .execute();
    return { places: rows.map((a) => `${a.name}·${a.hoe_type}·${a.quantity}位`) };
  },
});
