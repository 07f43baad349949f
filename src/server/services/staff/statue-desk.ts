import { yuanToFen } from '@contract/money';
import {
  STATUE_CATALOGUE_MESSAGES as M,
  MAX_NICHE_COLS,
  MAX_NICHE_ROWS,
  type NicheMap,
  type StatueLocation,
  type StatueLocationAnswer,
  type StatueLocationDraft,
  type StatueLocationList,
} from '@contract/statue-catalogue';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { badRequest, conflict, notFound } from '../../errors';
import { guardContentImage } from '../content-images';
import { holdsPlaceSql } from '../holds-place';
import type { StaffActor } from './audit';
import { seatMapFor } from './seat-desk';
import { createVersionedDesk } from './versioned-desk';

const byId = (rows: { id: number; n: number | string }[]) =>
  Object.fromEntries(rows.map((r) => [String(r.id), Number(r.n)]));

/** A location as stored, in the form's shape (for the answer and the audit's before/after). */
const readDraft = async (db: Db, location: number) => {
  const row = await db
    .selectFrom('statue_locations')
    .selectAll()
    .where('location', '=', location)
    .executeTakeFirst();
  if (!row) throw notFound(M.notFound);
  const [statues, materials, groups] = await Promise.all([
    db
      .selectFrom('statues')
      .selectAll()
      .where('location', '=', location)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('statue_materials')
      .selectAll()
      .where('location', '=', location)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db.selectFrom('statue_groups').selectAll().where('location', '=', location).orderBy('sort').execute(),
  ]);
  const draft: StatueLocationDraft = {
    name: row.name,
    enName: row.en_name,
    image: row.image,
    particulars: row.particulars,
    statues: statues.map((s) => ({ id: s.id, name: s.name, enName: s.en_name, withdrawn: s.withdrawn })),
    materials: materials.map((m) => ({ id: m.id, name: m.name, withdrawn: m.withdrawn })),
    groups: groups.map((g) => ({
      fxGroup: g.fx_group,
      name: g.name,
      ngPriceYuan: g.ng_price_fen / 100,
      cgPriceYuan: g.cg_price_fen / 100,
      closed: g.closed,
    })),
  };
  return { row, draft };
};

/** A group of a location, as the console names it. */
type GroupKey = { location: number; group: string };

/**
 * Statue enshrinement as 内容 staff keep it (issue 25), a versioned desk (versioned-desk.ts): a
 * location's texts, statues, materials and groups' prices and closed flag, saved under the
 * location's version; a group's niches, added by the row or column and removed one by one, under
 * the group's version. Every write is one transaction on the locked row, audited with before and
 * after. Orders keep the amount they were priced at; a statue or material is withdrawn, never
 * deleted; a niche some order names stays.
 */
export const createStatueDesk = ({ db, clock }: { db: Db; clock: Clock }) => {
  const desk = createVersionedDesk({ db, clock });
  const statueLocation = desk.item({
    table: 'statue_locations',
    naming: (location: number) => ({ location }),
    notFound: M.notFound,
    subject: (location) => `statue-location:${location}`,
  });
  const statueGroup = desk.item({
    table: 'statue_groups',
    naming: ({ location, group }: GroupKey) => ({ location, fx_group: group }),
    notFound: M.groupNotFound,
    subject: ({ location, group }) => `statue-group:${location}-${group}`,
  });

  const answer = async (trx: Db, location: number): Promise<StatueLocationAnswer> => {
    const now = clock.now();
    const { row, draft } = await readDraft(trx, location);
    const live = trx
      .selectFrom('statue_orders')
      .innerJoin('orders', 'orders.id', 'statue_orders.order_id')
      .where('statue_orders.location', '=', location)
      .where(holdsPlaceSql(now));
    const [statueOrders, materialOrders, niches, held] = await Promise.all([
      live
        .select((eb) => ['statue_orders.statue_id as id', eb.fn.countAll<number>().as('n')])
        .groupBy('statue_orders.statue_id')
        .execute(),
      live
        .select((eb) => ['statue_orders.material_id as id', eb.fn.countAll<number>().as('n')])
        .groupBy('statue_orders.material_id')
        .execute(),
      trx
        .selectFrom('statue_seats')
        .select((eb) => ['fx_group', eb.fn.countAll<number>().as('n')])
        .where('location', '=', location)
        .groupBy('fx_group')
        .execute(),
      live
        .select((eb) => ['statue_orders.fx_group', eb.fn.countAll<number>().as('n')])
        .groupBy('statue_orders.fx_group')
        .execute(),
    ]);
    const count = (rows: { fx_group: string; n: number | string }[], group: string) =>
      Number(rows.find((r) => r.fx_group === group)?.n ?? 0);
    return {
      location: String(location) as StatueLocation,
      version: row.version,
      draft: {
        ...draft,
        groups: draft.groups.map((g) => ({
          ...g,
          niches: count(niches, g.fxGroup),
          held: count(held, g.fxGroup),
        })),
      },
      statueOrders: byId(statueOrders),
      materialOrders: byId(materialOrders),
    };
  };

  /** Refuses (400) a draft whose rows are not this location's, or that drops one. */
  const guardRows = (draft: StatueLocationDraft, before: StatueLocationDraft) => {
    for (const [now, was] of [
      [draft.statues, before.statues],
      [draft.materials, before.materials],
    ] as const) {
      const known = new Set(was.map((r) => r.id));
      if (now.some((r) => r.id !== null && !known.has(r.id))) throw badRequest(M.idInvalid);
      const kept = new Set(now.map((r) => r.id));
      if (was.some((r) => !kept.has(r.id))) throw badRequest(M.rowRemoved);
    }
    const groups = new Set(before.groups.map((g) => g.fxGroup));
    if (draft.groups.length !== groups.size || draft.groups.some((g) => !groups.has(g.fxGroup)))
      throw badRequest(M.groupsInvalid);
  };

  /** Writes the statues, materials and groups of `draft` (rows checked by guardRows). */
  const writeRows = async (trx: Db, location: number, draft: StatueLocationDraft) => {
    for (const [sort, s] of draft.statues.entries()) {
      const values = { name: s.name, en_name: s.enName, withdrawn: s.withdrawn, sort };
      if (s.id === null)
        await trx
          .insertInto('statues')
          .values({ ...values, location })
          .execute();
      else await trx.updateTable('statues').set(values).where('id', '=', s.id).execute();
    }
    for (const [sort, m] of draft.materials.entries()) {
      const values = { name: m.name, withdrawn: m.withdrawn, sort };
      if (m.id === null)
        await trx
          .insertInto('statue_materials')
          .values({ ...values, location })
          .execute();
      else await trx.updateTable('statue_materials').set(values).where('id', '=', m.id).execute();
    }
    for (const g of draft.groups)
      await trx
        .updateTable('statue_groups')
        .set({
          name: g.name,
          ng_price_fen: yuanToFen(g.ngPriceYuan),
          cg_price_fen: yuanToFen(g.cgPriceYuan),
          closed: g.closed,
        })
        .where('location', '=', location)
        .where('fx_group', '=', g.fxGroup)
        .execute();
  };

  /** Locks a group's row at the version read (a niche change waits for another) and moves it on. */
  const lockGroup = async (trx: Db, key: GroupKey, version: number) => {
    await statueGroup.lockAt(trx, key, version);
    await statueGroup.save(trx, key, version);
  };

  const niches = async (trx: Db, location: number, group: string): Promise<NicheMap> => {
    const head = await statueGroup.read(trx, { location, group });
    const [map, ordered] = await Promise.all([
      seatMapFor(trx, 'statue', `${location}-${group}`, clock.now()),
      trx
        .selectFrom('statue_orders')
        .select('seat_id')
        .distinct()
        .where('location', '=', location)
        .where('fx_group', '=', group)
        .execute(),
    ]);
    const named = new Set(ordered.map((o) => o.seat_id));
    return {
      location: String(location) as StatueLocation,
      fxGroup: group,
      title: map.title,
      version: head.version,
      rows: Math.max(0, ...map.seats.map((s) => s.row)),
      cols: Math.max(0, ...map.seats.map((s) => s.col)),
      niches: map.seats.map((s) => ({
        id: s.id,
        row: s.row,
        col: s.col,
        state: s.state,
        ordered: named.has(s.id),
      })),
    };
  };

  return {
    async list(): Promise<StatueLocationList> {
      const [locations, statues, materials, groups, seats] = await Promise.all([
        db.selectFrom('statue_locations').selectAll().orderBy('location').execute(),
        db.selectFrom('statues').selectAll().orderBy('sort').orderBy('id').execute(),
        db.selectFrom('statue_materials').selectAll().orderBy('sort').orderBy('id').execute(),
        db.selectFrom('statue_groups').selectAll().orderBy('sort').execute(),
        db
          .selectFrom('statue_seats')
          .select((eb) => ['location', 'fx_group', eb.fn.countAll<number>().as('n')])
          .groupBy(['location', 'fx_group'])
          .execute(),
      ]);
      return locations.map((l) => ({
        location: String(l.location) as StatueLocation,
        name: l.name,
        enName: l.en_name,
        image: l.image,
        statues: statues
          .filter((s) => s.location === l.location)
          .map((s) => ({ name: s.name, withdrawn: s.withdrawn })),
        materials: materials
          .filter((m) => m.location === l.location)
          .map((m) => ({ name: m.name, withdrawn: m.withdrawn })),
        groups: groups
          .filter((g) => g.location === l.location)
          .map((g) => ({
            fxGroup: g.fx_group,
            name: g.name,
            ngPriceYuan: g.ng_price_fen / 100,
            cgPriceYuan: g.cg_price_fen / 100,
            closed: g.closed,
            niches: Number(seats.find((s) => s.location === l.location && s.fx_group === g.fx_group)?.n ?? 0),
          })),
      }));
    },

    read: (location: StatueLocation) => answer(db, Number(location)),

    /** Saves the form read at `version`; statues and materials stay (withdrawn, never deleted). */
    async save(
      location: StatueLocation,
      draft: StatueLocationDraft,
      version: number,
      actor: StaffActor,
    ): Promise<StatueLocationAnswer> {
      await guardContentImage(db, draft.image);
      const at = Number(location);
      return db.transaction().execute(async (trx) => {
        await statueLocation.lockAt(trx, at, version);
        const { draft: before } = await readDraft(trx, at);
        guardRows(draft, before);
        const taken = await trx
          .selectFrom('statue_locations')
          .select('location')
          .where('name', '=', draft.name)
          .where('location', '!=', at)
          .executeTakeFirst();
        if (taken) throw conflict(M.nameTaken);
        await statueLocation.save(trx, at, version, {
          name: draft.name,
          en_name: draft.enName,
          image: draft.image,
          particulars: draft.particulars,
        });
        await writeRows(trx, at, draft);
        const after = (await readDraft(trx, at)).draft;
        await statueLocation.record(trx, actor, at, 'statue.location.updated', { before, after });
        return answer(trx, at);
      });
    },

    niches: (location: StatueLocation, group: string) => niches(db, Number(location), group),

    /** A row below the last (as wide as the widest) or a column right of the last, of free niches. */
    async addNiches(
      location: StatueLocation,
      group: string,
      add: 'row' | 'column',
      version: number,
      actor: StaffActor,
    ): Promise<NicheMap> {
      const at = Number(location);
      return db.transaction().execute(async (trx) => {
        await lockGroup(trx, { location: at, group }, version);
        const seats = await trx
          .selectFrom('statue_seats')
          .select(['row_no', 'col_no'])
          .where('location', '=', at)
          .where('fx_group', '=', group)
          .execute();
        const rows = Math.max(0, ...seats.map((s) => s.row_no));
        const cols = Math.max(0, ...seats.map((s) => s.col_no));
        if (
          (add === 'row' && (rows >= MAX_NICHE_ROWS || cols === 0)) ||
          (add === 'column' && cols >= MAX_NICHE_COLS)
        )
          throw badRequest(M.tooBig);
        const places =
          add === 'row'
            ? Array.from({ length: cols }, (_, c) => ({ row_no: rows + 1, col_no: c + 1 }))
            : Array.from({ length: Math.max(rows, 1) }, (_, r) => ({ row_no: r + 1, col_no: cols + 1 }));
        await trx
          .insertInto('statue_seats')
          .values(places.map((p) => ({ ...p, location: at, fx_group: group, base_status: 5 })))
          .execute();
        await statueGroup.record(
          trx,
          actor,
          { location: at, group },
          add === 'row' ? 'statue.niches.rowAdded' : 'statue.niches.columnAdded',
          {
            before: { rows, cols, niches: seats.length },
            after: { added: places.map((p) => `${p.row_no}_${p.col_no}`) },
          },
        );
        return niches(trx, at, group);
      });
    },

    /**
     * Removes a niche no order names (live or not: the orders' records show it). The niche's row is
     * locked as a taker locks it, so an order taking it either came first (refused here) or finds
     * it gone (refused there).
     */
    async removeNiche(
      location: StatueLocation,
      group: string,
      nicheId: number,
      version: number,
      actor: StaffActor,
    ): Promise<NicheMap> {
      const at = Number(location);
      return db.transaction().execute(async (trx) => {
        await lockGroup(trx, { location: at, group }, version);
        const niche = await trx
          .selectFrom('statue_seats')
          .select(['id', 'row_no', 'col_no', 'base_status'])
          .where('id', '=', nicheId)
          .where('location', '=', at)
          .where('fx_group', '=', group)
          .forUpdate()
          .executeTakeFirst();
        if (!niche) throw notFound(M.nicheNotFound);
        const held = await trx
          .selectFrom('seat_holders')
          .innerJoin('orders', 'orders.id', 'seat_holders.order_id')
          .select('orders.id')
          .where('seat_holders.seat_kind', '=', 'statue')
          .where('seat_holders.seat_id', '=', nicheId)
          .where(holdsPlaceSql(clock.now()))
          .executeTakeFirst();
        if (held) throw conflict(M.nicheHeld);
        const named = await trx
          .selectFrom('statue_orders')
          .select('order_id')
          .where('seat_id', '=', nicheId)
          .executeTakeFirst();
        if (named) throw conflict(M.nicheOrdered);
        const { n } = await trx
          .selectFrom('statue_seats')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('location', '=', at)
          .where('fx_group', '=', group)
          .executeTakeFirstOrThrow();
        if (Number(n) <= 1) throw conflict(M.lastNiche);
        await trx
          .deleteFrom('seat_holders')
          .where('seat_kind', '=', 'statue')
          .where('seat_id', '=', nicheId)
          .execute();
        await trx.deleteFrom('statue_seats').where('id', '=', nicheId).execute();
        await statueGroup.record(trx, actor, { location: at, group }, 'statue.niche.removed', {
          before: { niche: `${niche.row_no}_${niche.col_no}`, baseStatus: niche.base_status },
        });
        return niches(trx, at, group);
      });
    },
  };
};

export type StatueDesk = ReturnType<typeof createStatueDesk>;
