import type { FsType } from '@contract/ceremony';
import {
  type CeremonyCatalogue,
  type CeremonySlotsAnswer,
  type CeremonySlotsDraft,
  type CeremonyTypeAnswer,
  type CeremonyTypeDraft,
  CEREMONY_CATALOGUE_MESSAGES as M,
  slotMinutes,
} from '@contract/ceremony-catalogue';
import { yuanToFen } from '@contract/money';
import { templeToday } from '@contract/temple-day';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { conflict, notFound } from '../../errors';
import { guardContentImage } from '../content-images';
import { holdsPlaceSql } from '../holds-place';
import type { StaffActor } from './audit';
import { createVersionedDesk } from './versioned-desk';

const pairKey = (tabletType: string, tier: string) => `${tabletType}\u0000${tier}`;

/**
 * Live bookings: from the temple's today on, holding their session (paid, or unpaid and not run
 * out). A booking of a day gone by holds nothing the temple can still change.
 */
const liveBookings = (db: Db, now: Date) =>
  db
    .selectFrom('ceremony_orders')
    .innerJoin('orders', 'orders.id', 'ceremony_orders.order_id')
    .where('ceremony_orders.day', '>=', templeToday(now))
    .where(holdsPlaceSql(now));

/** Live bookings of a type by tablet type × tier. */
const livePrices = async (db: Db, fsType: string, now: Date) => {
  const rows = await liveBookings(db, now)
    .select((eb) => ['ceremony_orders.tablet_type', 'ceremony_orders.tier', eb.fn.countAll<string>().as('n')])
    .where('ceremony_orders.fs_type', '=', fsType)
    .groupBy(['ceremony_orders.tablet_type', 'ceremony_orders.tier'])
    .execute();
  return new Map(rows.map((row) => [pairKey(row.tablet_type, row.tier), Number(row.n)]));
};

/** Live bookings by slot, and per slot the day with the most sessions held (the earliest of equals). */
const liveSlots = async (db: Db, now: Date) => {
  const rows = await liveBookings(db, now)
    .select((eb) => ['ceremony_orders.time_label', 'ceremony_orders.day', eb.fn.countAll<string>().as('n')])
    .groupBy(['ceremony_orders.time_label', 'ceremony_orders.day'])
    .orderBy('ceremony_orders.day')
    .execute();
  const bySlot = new Map<string, { live: number; fullest: { day: string; held: number } }>();
  for (const row of rows) {
    const held = Number(row.n);
    const seen = bySlot.get(row.time_label);
    if (!seen) bySlot.set(row.time_label, { live: held, fullest: { day: row.day, held } });
    else {
      seen.live += held;
      if (held > seen.fullest.held) seen.fullest = { day: row.day, held };
    }
  }
  return bySlot;
};

/** The type as stored, in the form's shape (for the answer and the audit's before/after). */
const readType = async (db: Db, fsType: FsType) => {
  const row = await db
    .selectFrom('ceremony_types')
    .selectAll()
    .where('fs_type', '=', fsType)
    .executeTakeFirst();
  if (!row) throw notFound(M.notFound);
  const prices = await db
    .selectFrom('ceremony_prices')
    .selectAll()
    .where('fs_type', '=', fsType)
    .orderBy('sort')
    .orderBy('price_fen')
    .execute();
  const draft: CeremonyTypeDraft = {
    name: row.name,
    image: row.image,
    particulars: row.particulars,
    prices: prices.map((p) => ({
      tabletType: p.tablet_type,
      tier: p.tier,
      priceYuan: p.price_fen / 100,
      withdrawn: p.withdrawn,
    })),
  };
  return { row, draft };
};

const readSlots = async (db: Db): Promise<{ version: number; slots: CeremonySlotsDraft }> => {
  const [list, rows] = await Promise.all([
    db.selectFrom('ceremony_slot_list').select('version').executeTakeFirstOrThrow(),
    db.selectFrom('ceremony_slots').selectAll().orderBy('sort').orderBy('time_label').execute(),
  ]);
  return {
    version: list.version,
    slots: rows.map((r) => ({ timeLabel: r.time_label, sessions: r.sessions, withdrawn: r.withdrawn })),
  };
};

/** The slots' list is one row (its version): the slots are edited as one list. */
const SLOT_LIST = 1;

/**
 * The ceremonies of the catalogue as 内容 staff keep them (佛事设置, issue 25), a versioned desk
 * (versioned-desk.ts): a type, and the slots as one list. Every write locks what it changes (and
 * what a booking taking a place reads: a price row FOR SHARE, a slot row FOR UPDATE), checks the
 * version read, refuses to delete what live bookings hold or to leave a slot fewer sessions than a
 * day already has booked, writes, and audits before and after. A booking keeps the amount it was
 * priced at.
 */
export const createCeremonyDesk = ({ db, clock }: { db: Db; clock: Clock }) => {
  const desk = createVersionedDesk({ db, clock });
  const ceremonyType = desk.item({
    table: 'ceremony_types',
    naming: (fsType: FsType) => ({ fs_type: fsType }),
    notFound: M.notFound,
    subject: (fsType) => `ceremony-type:${fsType}`,
    // NO KEY UPDATE: a booking's row (its foreign key's KEY SHARE on the type) does not wait.
    lock: 'noKeyUpdate',
  });
  const slotList = desk.item({
    table: 'ceremony_slot_list',
    naming: (id: number) => ({ id }),
    notFound: M.notFound,
    subject: () => 'ceremony-slots',
  });

  const typeAnswer = async (trx: Db, fsType: FsType): Promise<CeremonyTypeAnswer> => {
    const { row, draft } = await readType(trx, fsType);
    const live = await livePrices(trx, fsType, clock.now());
    return {
      fsType,
      version: row.version,
      type: {
        ...draft,
        prices: draft.prices.map((p) => ({ ...p, liveOrders: live.get(pairKey(p.tabletType, p.tier)) ?? 0 })),
      },
    };
  };

  const slotsAnswer = async (trx: Db): Promise<CeremonySlotsAnswer> => {
    const [{ version, slots }, live] = await Promise.all([readSlots(trx), liveSlots(trx, clock.now())]);
    return {
      version,
      slots: slots.map((slot) => ({
        ...slot,
        liveOrders: live.get(slot.timeLabel)?.live ?? 0,
        fullest: live.get(slot.timeLabel)?.fullest ?? null,
      })),
    };
  };

  return {
    async catalogue(): Promise<CeremonyCatalogue> {
      const [types, prices, slots] = await Promise.all([
        db.selectFrom('ceremony_types').selectAll().orderBy('sort').execute(),
        db.selectFrom('ceremony_prices').select(['fs_type', 'price_fen', 'withdrawn']).execute(),
        slotsAnswer(db),
      ]);
      return {
        types: types.map((type) => {
          const own = prices.filter((p) => p.fs_type === type.fs_type);
          const offered = own.filter((p) => !p.withdrawn).map((p) => p.price_fen);
          return {
            fsType: type.fs_type as FsType,
            name: type.name,
            image: type.image,
            prices: own.length,
            withdrawnPrices: own.length - offered.length,
            fromYuan: offered.length > 0 ? Math.min(...offered) / 100 : null,
          };
        }),
        slots,
      };
    },

    readType: (fsType: FsType) => typeAnswer(db, fsType),

    /** Saves a type read at `version`: a price live bookings hold stays (withdraw it instead). */
    async saveType(
      fsType: FsType,
      draft: CeremonyTypeDraft,
      version: number,
      actor: StaffActor,
    ): Promise<CeremonyTypeAnswer> {
      await guardContentImage(db, draft.image);
      return db.transaction().execute(async (trx) => {
        await ceremonyType.lockAt(trx, fsType, version);
        // A booking being priced holds its price row FOR SHARE: it is counted below, or sees the change.
        await trx
          .selectFrom('ceremony_prices')
          .select('tier')
          .where('fs_type', '=', fsType)
          .orderBy('tablet_type')
          .orderBy('tier')
          .forUpdate()
          .execute();
        const { draft: before } = await readType(trx, fsType);
        const kept = new Set(draft.prices.map((p) => pairKey(p.tabletType, p.tier)));
        const gone = before.prices.filter((p) => !kept.has(pairKey(p.tabletType, p.tier)));
        if (gone.length > 0) {
          const live = await livePrices(trx, fsType, clock.now());
          const held = gone.find((p) => live.get(pairKey(p.tabletType, p.tier)));
          if (held) throw conflict(M.priceInUse(held.tabletType, held.tier));
          for (const p of gone)
            await trx
              .deleteFrom('ceremony_prices')
              .where('fs_type', '=', fsType)
              .where('tablet_type', '=', p.tabletType)
              .where('tier', '=', p.tier)
              .execute();
        }
        await ceremonyType.save(trx, fsType, version, {
          name: draft.name,
          image: draft.image,
          particulars: draft.particulars,
        });
        await trx
          .insertInto('ceremony_prices')
          .values(
            draft.prices.map((p, sort) => ({
              fs_type: fsType,
              tablet_type: p.tabletType,
              tier: p.tier,
              price_fen: yuanToFen(p.priceYuan),
              withdrawn: p.withdrawn,
              sort,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['fs_type', 'tablet_type', 'tier']).doUpdateSet((eb) => ({
              price_fen: eb.ref('excluded.price_fen'),
              withdrawn: eb.ref('excluded.withdrawn'),
              sort: eb.ref('excluded.sort'),
            })),
          )
          .execute();
        await ceremonyType.record(trx, actor, fsType, 'ceremonyType.updated', { before, after: draft });
        return typeAnswer(trx, fsType);
      });
    },

    readSlots: () => slotsAnswer(db),

    /**
     * Saves the slots read at `version`, in the order of the day: a slot live bookings hold stays
     * (withdraw it instead), and none goes below the sessions a day from today on has booked.
     */
    async saveSlots(
      draft: CeremonySlotsDraft,
      version: number,
      actor: StaffActor,
    ): Promise<CeremonySlotsAnswer> {
      return db.transaction().execute(async (trx) => {
        await slotList.lockAt(trx, SLOT_LIST, version);
        // Every taker of a slot's session locks its row first: none is counting while we do.
        await trx
          .selectFrom('ceremony_slots')
          .select('time_label')
          .orderBy('time_label')
          .forUpdate()
          .execute();
        const { slots: before } = await readSlots(trx);
        const live = await liveSlots(trx, clock.now());
        const labels = new Set(draft.map((slot) => slot.timeLabel));
        const gone = before.filter((slot) => !labels.has(slot.timeLabel));
        const held = gone.find((slot) => live.get(slot.timeLabel));
        if (held) throw conflict(M.slotInUse(held.timeLabel));
        for (const slot of draft) {
          const fullest = live.get(slot.timeLabel)?.fullest;
          if (fullest && fullest.held > slot.sessions)
            throw conflict(M.sessionsBelowHeld(slot.timeLabel, fullest.day, fullest.held));
        }
        if (gone.length > 0)
          await trx
            .deleteFrom('ceremony_slots')
            .where(
              'time_label',
              'in',
              gone.map((slot) => slot.timeLabel),
            )
            .execute();
        const ordered = [...draft].sort(
          (a, b) => (slotMinutes(a.timeLabel)?.[0] ?? 0) - (slotMinutes(b.timeLabel)?.[0] ?? 0),
        );
        await trx
          .insertInto('ceremony_slots')
          .values(
            ordered.map((slot, sort) => ({
              time_label: slot.timeLabel,
              sessions: slot.sessions,
              withdrawn: slot.withdrawn,
              sort: sort + 1,
            })),
          )
          .onConflict((oc) =>
            oc.column('time_label').doUpdateSet((eb) => ({
              sessions: eb.ref('excluded.sessions'),
              withdrawn: eb.ref('excluded.withdrawn'),
              sort: eb.ref('excluded.sort'),
            })),
          )
          .execute();
        await slotList.save(trx, SLOT_LIST, version);
        await slotList.record(trx, actor, SLOT_LIST, 'ceremonySlots.updated', { before, after: ordered });
        return slotsAnswer(trx);
      });
    },
  };
};

export type CeremonyDesk = ReturnType<typeof createCeremonyDesk>;
