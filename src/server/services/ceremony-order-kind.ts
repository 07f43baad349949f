import {
  bookingRefusal,
  CEREMONY_MESSAGES,
  CEREMONY_RULES,
  ceremonyOrderRequestOn,
  comeByDate,
} from '@contract/ceremony';
import { CEREMONY_CATALOGUE_MESSAGES } from '@contract/ceremony-catalogue';
import { yuanToFen } from '@contract/money';
import { ORDER_TYPES } from '@contract/order-types';
import { templeToday } from '@contract/temple-day';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { badRequest } from '../errors';
import { heldPlaces } from './assembly';
import { bookableFacts, ceremonyPlace } from './ceremony';
import { guardHoldCap, type HoldCap } from './hold-cap';
import { defineOrderKind } from './order-kinds';

type EntryRow = Omit<Insertable<Database['order_entries']>, 'order_id'>;

const NO_PETITIONERS = { ys1: '', ys2: '', ys3: '', ys4: '', ys5: '', ys6: '' } as const;

const bookingOf = (trx: Db, orderId: number) =>
  trx
    .selectFrom('ceremony_orders')
    .select(['day', 'time_label'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();

/**
 * Single-family ceremony booking (order type 2, spec 000 sections 3, 5 and 9): the 1000-yuan
 * deposit paid online (MONEY is fixed; the rest at the temple), the price of the tablet type ×
 * tier checked against the server's map, the date bookable in the temple's time zone (lunar 1st
 * and 15th from lunar-javascript, assembly days, the closed week and the horizon), the slot one
 * of the seeded ones; one session of (date, slot) taken in the creating transaction.
 */
/** Unpaid bookings one believer may hold at once. */
const CEREMONY_HOLD_CAP: HoldCap = {
  name: 'ceremony',
  types: [ORDER_TYPES.ceremony],
  max: CEREMONY_RULES.maxUnpaidHolds,
  message: CEREMONY_MESSAGES.holdCap,
};

export const ceremonyOrderKind = defineOrderKind({
  type: ORDER_TYPES.ceremony,
  schema: ceremonyOrderRequestOn,
  /** The ceremony and its day: another slot, tier or entries that day replace the unpaid booking. */
  subjectOf: (order) => [order.FS_TYPE, order.FS_DATE],
  /** JF_DATE is the sending instant: a booking sent again unchanged is the same booking. */
  comparable: ({ JF_DATE: _, ...order }) => order,
  async price(trx, order) {
    // The schema refuses another MONEY already; the deposit is the server's constant all the same.
    if (order.MONEY !== CEREMONY_RULES.money) throw badRequest(CEREMONY_MESSAGES.money);
    const type = await trx
      .selectFrom('ceremony_types')
      .select(['fs_type', 'name'])
      .where('fs_type', '=', order.FS_TYPE)
      .executeTakeFirst();
    if (!type) throw badRequest(CEREMONY_MESSAGES.unknownType);
    // FOR SHARE: a console save deleting this price waits for the booking (and counts it), or
    // the booking waits for the save and sees the row gone.
    const price = await trx
      .selectFrom('ceremony_prices')
      .select(['price_fen', 'withdrawn'])
      .where('fs_type', '=', order.FS_TYPE)
      .where('tablet_type', '=', order.FS_CONTENT)
      .where('tier', '=', order.MANY)
      .forShare()
      .executeTakeFirst();
    if (!price) throw badRequest(CEREMONY_MESSAGES.unknownTier);
    if (price.withdrawn) throw badRequest(CEREMONY_CATALOGUE_MESSAGES.priceWithdrawn);
    if (yuanToFen(order.GDJ_TOTAL) !== price.price_fen) throw badRequest(CEREMONY_MESSAGES.totalMismatch);

    // FOR UPDATE, as taking its session below will: a console save withdrawing the slot (停止预约)
    // waits for this booking (and keeps it), or this booking waits for the save and is refused.
    const slot = await trx
      .selectFrom('ceremony_slots')
      .select(['time_label', 'withdrawn'])
      .where('time_label', '=', order.FS_TIME)
      .forUpdate()
      .executeTakeFirst();
    if (!slot) throw badRequest(CEREMONY_MESSAGES.unknownSlot);
    if (slot.withdrawn) throw badRequest(CEREMONY_CATALOGUE_MESSAGES.slotWithdrawn);

    const depositFen = yuanToFen(CEREMONY_RULES.money);
    const entries: EntryRow[] = [
      ...order.jyList.map((e, k) => ({
        kind: '往生' as const,
        tablet1: e.JY1,
        tablet2: e.JY2 ?? '',
        tablet3: e.JY3 ?? '',
        ...NO_PETITIONERS,
        ...Object.fromEntries(
          // Each deceased entry's own petitioners (the schema gave one ysList row per entry).
          Object.entries(order.ysList[k] ?? {}).map(([key, value]) => [key.toLowerCase(), value ?? '']),
        ),
        birth1: e.BIRTH_DAY1 ?? '',
        birth2: e.BIRTH_DAY2 ?? '',
        birth3: e.BIRTH_DAY3 ?? '',
        death1: e.DEATH_DAY1 ?? '',
        death2: e.DEATH_DAY2 ?? '',
        death3: e.DEATH_DAY3 ?? '',
      })),
      ...order.zzList.map((e) => ({
        kind: '延生' as const,
        tablet1: e.ZZ1,
        tablet2: e.ZZ2 ?? '',
        tablet3: e.ZZ3 ?? '',
        ...NO_PETITIONERS,
        birth1: e.BIRTH_DAY1 ?? '',
        birth2: e.BIRTH_DAY2 ?? '',
        birth3: e.BIRTH_DAY3 ?? '',
      })),
    ].map((e, position) => ({ ...e, position }));

    return {
      amountFen: depositFen,
      // The rest of the price is paid at the temple (the counter records it as the balance).
      priceFen: Math.max(price.price_fen, depositFen),
      description: `独姓佛事定金·${type.name}·${order.FS_DATE} ${order.FS_TIME}`,
      mode: 'online',
      items: [
        {
          name: `${type.name}·${order.FS_CONTENT}·${order.MANY}（定金）`,
          itemCode: order.FS_CONTENT,
          quantity: 1,
          unitPriceFen: depositFen,
          amountFen: depositFen,
          wish: null,
          donorName: null,
        },
      ],
      places: [{ place: ceremonyPlace(order.FS_DATE, order.FS_TIME), quantity: 1 }],
      async store(trx, stored) {
        await guardHoldCap(trx, stored, CEREMONY_HOLD_CAP);
        // The date is judged on the order's own creation instant (the app's clock), in the
        // temple's time zone; a refusal here rolls the whole creating transaction back.
        const { created_at } = await trx
          .selectFrom('orders')
          .select('created_at')
          .where('id', '=', stored.id)
          .executeTakeFirstOrThrow();
        const today = templeToday(new Date(created_at));
        const refusal = bookingRefusal(order.FS_DATE, today, await bookableFacts(trx, order.FS_DATE));
        if (refusal) throw badRequest(refusal);
        await trx
          .insertInto('ceremony_orders')
          .values({
            order_id: stored.id,
            fs_type: order.FS_TYPE,
            day: order.FS_DATE,
            time_label: order.FS_TIME,
            tablet_type: order.FS_CONTENT,
            tier: order.MANY,
            price_fen: price.price_fen,
            deposit_fen: depositFen,
            cause: order.FS_CAUSE,
            address: order.FS_ADDRESS,
            remark: order.REMARK,
            come_by: null,
          })
          .execute();
        if (entries.length > 0)
          await trx
            .insertInto('order_entries')
            .values(entries.map((e) => ({ ...e, order_id: stored.id })))
            .execute();
      },
    };
  },
  places: {
    soldOut: CEREMONY_MESSAGES.soldOut,
    /**
     * Takes one session of the booking's (date, slot): the slot's row locked FOR UPDATE queues
     * every taker of that slot, across processes, before counting the sessions held that day by
     * paid and unexpired bookings.
     */
    async take(trx, order, now) {
      const booking = await bookingOf(trx, order.id);
      if (!booking) return false;
      const slot = await trx
        .selectFrom('ceremony_slots')
        .select('sessions')
        .where('time_label', '=', booking.time_label)
        .forUpdate()
        .executeTakeFirst();
      if (!slot) return false;
      const place = ceremonyPlace(booking.day, booking.time_label);
      const held = (await heldPlaces(trx, [place], now, order.id)).get(place) ?? 0;
      return held + 1 <= slot.sessions;
    },
    /** A closed booking no longer counts among the held sessions: nothing to write. */
    async release() {},
  },
  /** The deposit is paid: the believer comes to the temple within 7 days (shown on the order). */
  async onPaid(trx, order, now) {
    await trx
      .updateTable('ceremony_orders')
      .set({ come_by: comeByDate(templeToday(now)) })
      .where('order_id', '=', order.id)
      .execute();
  },
  /** Its page in the console: the ceremony, its day and time, and what the believer typed. */
  async orderPage(db, orderId) {
    const row = await db
      .selectFrom('ceremony_orders as co')
      .leftJoin('ceremony_types as ct', 'ct.fs_type', 'co.fs_type')
      .select(['ct.name', 'co.day', 'co.time_label'])
      .select(['co.cause', 'co.address', 'co.remark', 'co.tablet_type', 'co.tier', 'co.come_by'])
      .where('co.order_id', '=', orderId)
      .executeTakeFirst();
    if (!row) return { places: [] };
    return {
      places: [`${row.name ?? '佛事'}·${row.day} ${row.time_label}`],
      ceremony: {
        cause: row.cause,
        address: row.address,
        remark: row.remark,
        tabletType: row.tablet_type,
        tier: row.tier,
        comeBy: row.come_by,
      },
    };
  },
});
