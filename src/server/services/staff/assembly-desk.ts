import {
  type AssemblyAnswer,
  type AssemblyDraft,
  type AssemblyRow,
  assemblyLunarDates,
  ASSEMBLY_CATALOGUE_MESSAGES as M,
} from '@contract/assembly-catalogue';
import { yuanToFen } from '@contract/money';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { conflict, notFound } from '../../errors';
import { assemblyPlace, heldPlaces } from '../assembly';
import { defaultMeritRows } from '../assembly-merit-defaults';
import { guardContentImage } from '../content-images';
import { holdsPlaceSql } from '../holds-place';
import type { StaffActor } from './audit';
import { createVersionedDesk } from './versioned-desk';

/** Live registrations (holding a place) of an assembly, by type and by type·tablet. */
const liveOrders = async (db: Db, assemblyId: number, now: Date) => {
  const rows = await db
    .selectFrom('assembly_orders')
    .innerJoin('orders', 'orders.id', 'assembly_orders.order_id')
    .select((eb) => [
      'assembly_orders.hoe_type',
      'assembly_orders.tablet_type',
      eb.fn.countAll<number>().as('n'),
    ])
    .where('assembly_orders.assembly_id', '=', assemblyId)
    .where(holdsPlaceSql(now))
    .groupBy(['assembly_orders.hoe_type', 'assembly_orders.tablet_type'])
    .execute();
  const byType = new Map<string, number>();
  const byTablet = new Map<string, number>();
  for (const row of rows) {
    byType.set(row.hoe_type, (byType.get(row.hoe_type) ?? 0) + Number(row.n));
    byTablet.set(`${row.hoe_type}·${row.tablet_type}`, Number(row.n));
  }
  return { byType, byTablet };
};

/** The assembly as stored, in the form's shape (for the answer and the audit's before/after). */
const readDraft = async (db: Db, id: number) => {
  const row = await db.selectFrom('assemblies').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(M.notFound);
  const [types, prices] = await Promise.all([
    db
      .selectFrom('assembly_places')
      .selectAll()
      .where('assembly_id', '=', id)
      .orderBy('sort')
      .orderBy('hoe_type')
      .execute(),
    db
      .selectFrom('assembly_prices')
      .selectAll()
      .where('assembly_id', '=', id)
      .orderBy('tablet_price_fen', 'desc')
      .orderBy('tablet_type')
      .execute(),
  ]);
  const draft: AssemblyDraft = {
    name: row.name,
    startDate: row.start_date,
    endDate: row.end_date,
    image: row.image,
    particulars: row.particulars,
    flags: {
      leaderTablet: row.has_leader_tablet,
      newYearEve: row.new_year_eve,
      sevenGenerations: row.seven_generations,
      wisdom: row.wisdom,
      freeAmount: row.free_amount,
      waterLand: row.water_land,
    },
    types: types.map((t) => ({
      hoeType: t.hoe_type as AssemblyDraft['types'][number]['hoeType'],
      places: t.capacity,
      withdrawn: t.withdrawn,
      prices: prices
        .filter((p) => p.hoe_type === t.hoe_type)
        .map((p) => ({
          tabletType: p.tablet_type,
          tabletPriceYuan: p.tablet_price_fen / 100,
          gdjYuan: p.gdj_fen / 100,
        })),
    })),
  };
  return { row, draft };
};

/**
 * The assemblies of the catalogue as 内容 staff keep them (issue 25), a versioned desk
 * (versioned-desk.ts): every write locks the assembly's row (and its types' rows, which a
 * registration taking a place locks too), checks the version read, writes, and audits the form
 * before and after. A registration keeps the amount it was priced at: prices live in the
 * catalogue only.
 */
export const createAssemblyDesk = ({ db, clock }: { db: Db; clock: Clock }) => {
  const desk = createVersionedDesk({ db, clock });
  const item = desk.item({
    table: 'assemblies',
    naming: (id: number) => ({ id }),
    notFound: M.notFound,
    subject: (id) => `assembly:${id}`,
    // Its types too: a registration taking a place waits for the write.
    alsoLocks: (trx, id) =>
      trx
        .selectFrom('assembly_places')
        .select('hoe_type')
        .where('assembly_id', '=', id)
        .forUpdate()
        .execute(),
    publishing: {
      noun: 'assembly',
      set: (published) => ({ published }),
      isPublished: (row) => row.published,
    },
  });

  const answer = async (trx: Db, id: number): Promise<AssemblyAnswer> => {
    const now = clock.now();
    const { row, draft } = await readDraft(trx, id);
    const [held, live] = await Promise.all([
      heldPlaces(
        trx,
        draft.types.map((t) => assemblyPlace(id, t.hoeType)),
        now,
      ),
      liveOrders(trx, id, now),
    ]);
    return {
      id,
      version: row.version,
      published: row.published,
      year: row.year,
      lunarTime: row.lunar_time,
      assembly: {
        ...draft,
        types: draft.types.map((t) => ({
          ...t,
          held: held.get(assemblyPlace(id, t.hoeType)) ?? 0,
          liveOrders: live.byType.get(t.hoeType) ?? 0,
        })),
      },
    };
  };

  /** The assembly row's columns a draft sets. */
  const columns = (draft: AssemblyDraft) => {
    const { year, lunarTime } = assemblyLunarDates(draft.startDate, draft.endDate);
    return {
      name: draft.name,
      year,
      lunar_time: lunarTime,
      start_date: draft.startDate,
      end_date: draft.endDate,
      image: draft.image,
      particulars: draft.particulars,
      has_leader_tablet: draft.flags.leaderTablet,
      new_year_eve: draft.flags.newYearEve,
      seven_generations: draft.flags.sevenGenerations,
      wisdom: draft.flags.wisdom,
      free_amount: draft.flags.freeAmount,
      water_land: draft.flags.waterLand,
    };
  };

  /** Writes the types and their price maps of `draft` over what the assembly had. */
  const writeTypes = async (trx: Db, id: number, draft: AssemblyDraft, before: AssemblyDraft | null) => {
    const kept = new Set(draft.types.map((t) => t.hoeType));
    const gone = (before?.types ?? []).map((t) => t.hoeType).filter((t) => !kept.has(t));
    if (gone.length > 0) {
      for (const table of ['assembly_prices', 'assembly_merit_items', 'assembly_places'] as const)
        await trx.deleteFrom(table).where('assembly_id', '=', id).where('hoe_type', 'in', gone).execute();
    }
    for (const [sort, type] of draft.types.entries()) {
      const existed = before?.types.some((t) => t.hoeType === type.hoeType) ?? false;
      await trx
        .insertInto('assembly_places')
        .values({
          assembly_id: id,
          hoe_type: type.hoeType,
          capacity: type.places,
          withdrawn: type.withdrawn,
          sort,
        })
        .onConflict((oc) =>
          oc
            .columns(['assembly_id', 'hoe_type'])
            .doUpdateSet({ capacity: type.places, withdrawn: type.withdrawn, sort }),
        )
        .execute();
      await trx
        .deleteFrom('assembly_prices')
        .where('assembly_id', '=', id)
        .where('hoe_type', '=', type.hoeType)
        .where(
          'tablet_type',
          'not in',
          type.prices.map((p) => p.tabletType),
        )
        .execute();
      await trx
        .insertInto('assembly_prices')
        .values(
          type.prices.map((p) => ({
            assembly_id: id,
            hoe_type: type.hoeType,
            tablet_type: p.tabletType,
            tablet_price_fen: yuanToFen(p.tabletPriceYuan),
            gdj_fen: yuanToFen(p.gdjYuan),
          })),
        )
        .onConflict((oc) =>
          oc.columns(['assembly_id', 'hoe_type', 'tablet_type']).doUpdateSet((eb) => ({
            tablet_price_fen: eb.ref('excluded.tablet_price_fen'),
            gdj_fen: eb.ref('excluded.gdj_fen'),
          })),
        )
        .execute();
      if (!existed)
        await trx.insertInto('assembly_merit_items').values(defaultMeritRows(id, type.hoeType)).execute();
    }
  };

  /** Refuses (409) a draft that deletes a type or a tablet which live registrations hold. */
  const guardLiveOrders = async (trx: Db, id: number, draft: AssemblyDraft, before: AssemblyDraft) => {
    const live = await liveOrders(trx, id, clock.now());
    for (const old of before.types) {
      const type = draft.types.find((t) => t.hoeType === old.hoeType);
      if (!type) {
        if (live.byType.get(old.hoeType)) throw conflict(M.typeInUse(old.hoeType));
        continue;
      }
      for (const price of old.prices)
        if (
          !type.prices.some((p) => p.tabletType === price.tabletType) &&
          live.byTablet.get(`${old.hoeType}·${price.tabletType}`)
        )
          throw conflict(M.tabletInUse(old.hoeType, price.tabletType));
    }
  };

  /** The name is the assembly's key for believers (with its lunar year): one per year. */
  const nameTaken = (error: unknown) => {
    if (isUniqueViolation(error)) throw conflict(M.nameTaken);
    throw error;
  };

  return {
    async list(): Promise<AssemblyRow[]> {
      const now = clock.now();
      const [rows, types] = await Promise.all([
        db
          .selectFrom('assemblies')
          .selectAll()
          .orderBy('start_date', 'desc')
          .orderBy('sort')
          .orderBy('id')
          .execute(),
        db.selectFrom('assembly_places').selectAll().orderBy('sort').orderBy('hoe_type').execute(),
      ]);
      const held = await heldPlaces(
        db,
        types.map((t) => assemblyPlace(t.assembly_id, t.hoe_type)),
        now,
      );
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        year: row.year,
        startDate: row.start_date,
        endDate: row.end_date,
        lunarTime: row.lunar_time,
        image: row.image,
        published: row.published,
        types: types
          .filter((t) => t.assembly_id === row.id)
          .map((t) => ({
            hoeType: t.hoe_type,
            places: t.capacity,
            held: held.get(assemblyPlace(row.id, t.hoe_type)) ?? 0,
            withdrawn: t.withdrawn,
          })),
      }));
    },

    read: (id: number) => answer(db, id),

    /** A new assembly, unpublished until 发布. */
    async create(draft: AssemblyDraft, actor: StaffActor): Promise<AssemblyAnswer> {
      await guardContentImage(db, draft.image);
      return db
        .transaction()
        .execute(async (trx) => {
          const { sort } = await trx
            .selectFrom('assemblies')
            .select((eb) => eb.fn.coalesce(eb.fn.max('sort'), eb.lit(0)).as('sort'))
            .executeTakeFirstOrThrow();
          const { id } = await trx
            .insertInto('assemblies')
            .values({ ...columns(draft), sort: Number(sort) + 1, published: false })
            .returning('id')
            .executeTakeFirstOrThrow();
          await writeTypes(trx, id, draft, null);
          await item.record(trx, actor, id, 'assembly.created', { after: draft });
          return answer(trx, id);
        })
        .catch(nameTaken);
    },

    /** Saves the form read at `version`: a type or tablet live registrations hold stays (withdraw it). */
    async save(
      id: number,
      draft: AssemblyDraft,
      version: number,
      actor: StaffActor,
    ): Promise<AssemblyAnswer> {
      await guardContentImage(db, draft.image);
      return db
        .transaction()
        .execute(async (trx) => {
          await item.lockAt(trx, id, version);
          const { draft: before } = await readDraft(trx, id);
          await guardLiveOrders(trx, id, draft, before);
          await item.save(trx, id, version, columns(draft));
          await writeTypes(trx, id, draft, before);
          await item.record(trx, actor, id, 'assembly.updated', { before, after: draft });
          return answer(trx, id);
        })
        .catch(nameTaken);
    },

    /** Shows the assembly to believers (or takes it down: registrations made keep their place). */
    publish: (id: number, published: boolean, version: number, actor: StaffActor): Promise<AssemblyAnswer> =>
      item.publish(id, published, version, actor, (trx) => answer(trx, id)),
  };
};

export type AssemblyDesk = ReturnType<typeof createAssemblyDesk>;
