import { yuanToFen } from '@contract/money';
import { SEAT_STATUS } from '@contract/seats';
import {
  TABLET_CATALOGUE_MESSAGES as M,
  MAX_TABLET_COLS,
  MAX_TABLET_ROWS,
  type TabletCatalogue,
  type TabletGroupAnswer,
  type TabletGroupCreate,
  type TabletGroupDraft,
  type TabletGroupRow,
  type TabletText,
  type TabletTextAnswer,
  tabletGroupKey,
} from '@contract/tablet-catalogue';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { conflict, notFound } from '../../errors';
import { guardContentImage } from '../content-images';
import { holdsPlaceSql } from '../holds-place';
import { floorName } from '../tablet';
import type { StaffActor } from './audit';
import { parseMapKey, seatMapFor } from './seat-desk';
import { createVersionedDesk } from './versioned-desk';

type GroupId = { pwType: number; floor: number; pwGroup: string };

/** The group a console path names (`<pw_type>-<floor>-<pw_group>`); a malformed key is a 400. */
export const groupIdOf = (key: string): GroupId => {
  const [pwType = '', floor = '', pwGroup = ''] = parseMapKey('tablet', key);
  return { pwType: Number(pwType), floor: Number(floor), pwGroup };
};

const inGroup = (id: GroupId) => ({
  pw_type: id.pwType,
  floor: id.floor,
  pw_group: id.pwGroup,
});

/** Each group's places: how many, their extent, their lowest and highest price, and those held now. */
const groupFacts = async (db: Db, now: Date, only?: GroupId) => {
  let seats = db
    .selectFrom('tablet_seats')
    .select((eb) => [
      'pw_type',
      'floor',
      'pw_group',
      eb.fn.countAll<number>().as('seats'),
      eb.fn.max<number>('row_no').as('rows'),
      eb.fn.max<number>('col_no').as('cols'),
      eb.fn.min<number>('price_fen').as('low'),
      eb.fn.max<number>('price_fen').as('high'),
    ])
    .groupBy(['pw_type', 'floor', 'pw_group']);
  let held = db
    .selectFrom('tablet_seats')
    .innerJoin('seat_holders', (j) =>
      j.onRef('seat_holders.seat_id', '=', 'tablet_seats.id').on('seat_holders.seat_kind', '=', 'tablet'),
    )
    .innerJoin('orders', 'orders.id', 'seat_holders.order_id')
    .select((eb) => ['pw_type', 'floor', 'pw_group', eb.fn.countAll<number>().as('held')])
    .where(holdsPlaceSql(now))
    .groupBy(['pw_type', 'floor', 'pw_group']);
  if (only) {
    seats = seats
      .where('pw_type', '=', only.pwType)
      .where('floor', '=', only.floor)
      .where('pw_group', '=', only.pwGroup);
    held = held
      .where('pw_type', '=', only.pwType)
      .where('floor', '=', only.floor)
      .where('pw_group', '=', only.pwGroup);
  }
  const [seatRows, heldRows] = await Promise.all([seats.execute(), held.execute()]);
  const key = (r: { pw_type: number; floor: number; pw_group: string }) =>
    tabletGroupKey({ pwType: r.pw_type, floor: r.floor, pwGroup: r.pw_group });
  const heldBy = new Map(heldRows.map((r) => [key(r), Number(r.held)]));
  return new Map(seatRows.map((r) => [key(r), { ...r, held: heldBy.get(key(r)) ?? 0 }]));
};

type GroupRecord = {
  pw_type: number;
  floor: number;
  pw_group: string;
  name: string;
  closed: boolean;
  version: number;
};

const rowOf = (g: GroupRecord, facts: Awaited<ReturnType<typeof groupFacts>>): TabletGroupRow => {
  const key = tabletGroupKey({ pwType: g.pw_type, floor: g.floor, pwGroup: g.pw_group });
  const f = facts.get(key);
  return {
    key,
    pwType: String(g.pw_type) as TabletGroupRow['pwType'],
    floor: g.floor,
    pwGroup: g.pw_group,
    name: g.name,
    closed: g.closed,
    version: g.version,
    priceYuan: Number(f?.low ?? 0) / 100,
    mixedPrices: Number(f?.low ?? 0) !== Number(f?.high ?? 0),
    rows: Number(f?.rows ?? 0),
    cols: Number(f?.cols ?? 0),
    seats: Number(f?.seats ?? 0),
    held: f?.held ?? 0,
  };
};

/** The form's view of a group, for the audit's before and after. */
const draftOf = (row: TabletGroupRow): TabletGroupDraft => ({
  name: row.name,
  closed: row.closed,
  priceYuan: row.priceYuan,
});

/**
 * The memorial tablets of the catalogue as 内容 staff keep them (issue 25), a versioned desk
 * (versioned-desk.ts): every write locks the row it changes (a type's or category's for its text,
 * a group's for its name, closure, price and seat map), checks the version read, writes, and
 * audits before and after. An order keeps the amount it was priced at: prices live on the places
 * only. A place a live order holds is never removed (it can be blocked at the seat desk); removing
 * locks the places, the lock every order taking a place queues on.
 */
export const createTabletDesk = ({ db, clock }: { db: Db; clock: Clock }) => {
  const desk = createVersionedDesk({ db, clock });
  const tabletType = desk.item({
    table: 'tablet_types',
    naming: (id: number) => ({ pw_type: id }),
    notFound: M.notFound,
    subject: (id) => `tablet_types:pw_type:${id}`,
  });
  const tabletCategory = desk.item({
    table: 'tablet_categories',
    naming: (id: number) => ({ fs_type: id }),
    notFound: M.notFound,
    subject: (id) => `tablet_categories:fs_type:${id}`,
  });
  /** A group, by the key the console's path names it with (`<pw_type>-<floor>-<pw_group>`). */
  const tabletGroup = desk.item({
    table: 'tablet_groups',
    naming: (key: string) => inGroup(groupIdOf(key)),
    notFound: M.groupNotFound,
    subject: (key) => `tablet_group:${key}`,
  });

  const lockGroupAt = async (trx: Db, key: string, version: number) =>
    rowOf(await tabletGroup.lockAt(trx, key, version), await groupFacts(trx, clock.now(), groupIdOf(key)));

  const groupAnswer = async (trx: Db, id: GroupId): Promise<TabletGroupAnswer> => {
    const now = clock.now();
    const row = await tabletGroup.read(trx, tabletGroupKey(id));
    const [facts, map, prices, type] = await Promise.all([
      groupFacts(trx, now, id),
      seatMapFor(trx, 'tablet', tabletGroupKey(id), now),
      trx
        .selectFrom('tablet_seats')
        .select(['id', 'price_fen'])
        .where('pw_type', '=', id.pwType)
        .where('floor', '=', id.floor)
        .where('pw_group', '=', id.pwGroup)
        .execute(),
      trx.selectFrom('tablet_types').select('name').where('pw_type', '=', id.pwType).executeTakeFirst(),
    ]);
    const priceOf = new Map(prices.map((p) => [p.id, p.price_fen / 100]));
    return {
      ...rowOf(row, facts),
      typeName: type?.name ?? '',
      seatList: map.seats.map((s) => ({
        id: s.id,
        row: s.row,
        col: s.col,
        state: s.state,
        priceYuan: priceOf.get(s.id) ?? 0,
      })),
    };
  };

  /** The name of a group is its believers' choice on a floor: one per type and floor. */
  const guardName = async (trx: Db, id: Omit<GroupId, 'pwGroup'>, name: string, except?: string) => {
    let q = trx
      .selectFrom('tablet_groups')
      .select('pw_group')
      .where('pw_type', '=', id.pwType)
      .where('floor', '=', id.floor)
      .where('name', '=', name);
    if (except !== undefined) q = q.where('pw_group', '!=', except);
    if (await q.executeTakeFirst()) throw conflict(M.nameTaken);
  };

  const seatValues = (id: GroupId, priceFen: number, cells: { row: number; col: number }[]) =>
    cells.map((c) => ({
      ...inGroup(id),
      row_no: c.row,
      col_no: c.col,
      price_fen: priceFen,
      base_status: SEAT_STATUS.free,
    }));

  const saveText = async (
    item: typeof tabletType | typeof tabletCategory,
    action: string,
    id: number,
    text: TabletText,
    version: number,
    actor: StaffActor,
  ): Promise<TabletTextAnswer> => {
    await guardContentImage(db, text.image);
    return db.transaction().execute(async (trx) => {
      const row = await item.lockAt(trx, id, version);
      const saved = await item.save(trx, id, version, text);
      const before = { name: row.name, image: row.image, particulars: row.particulars };
      await item.record(trx, actor, id, action, { before, after: text });
      return { id, version: saved.version, ...text };
    });
  };

  return {
    /** Types, categories, and every group with its price, extent and held places. */
    async catalogue(): Promise<TabletCatalogue> {
      const now = clock.now();
      const [types, categories, groups, facts] = await Promise.all([
        db.selectFrom('tablet_types').selectAll().orderBy('sort').execute(),
        db.selectFrom('tablet_categories').selectAll().orderBy('fs_type').execute(),
        db
          .selectFrom('tablet_groups')
          .select(['pw_type', 'floor', 'pw_group', 'name', 'closed', 'version'])
          .orderBy('pw_type')
          .orderBy('floor')
          .orderBy('sort')
          .execute(),
        groupFacts(db, now),
      ]);
      const text = (r: { name: string; image: string; particulars: string; version: number }) => ({
        name: r.name,
        image: r.image,
        particulars: r.particulars,
        version: r.version,
      });
      return {
        types: types.map((r) => ({
          id: r.pw_type,
          pwType: String(r.pw_type) as TabletCatalogue['types'][number]['pwType'],
          ...text(r),
        })),
        categories: categories.map((r) => ({
          id: r.fs_type,
          fsType: String(r.fs_type) as TabletCatalogue['categories'][number]['fsType'],
          ...text(r),
        })),
        groups: groups.map((g) => rowOf(g, facts)),
      };
    },

    saveType: (id: number, text: TabletText, version: number, actor: StaffActor) =>
      saveText(tabletType, 'tablet.type.updated', id, text, version, actor),

    saveCategory: (id: number, text: TabletText, version: number, actor: StaffActor) =>
      saveText(tabletCategory, 'tablet.category.updated', id, text, version, actor),

    group: (key: string) => groupAnswer(db, groupIdOf(key)),

    /** A new group of a floor with rows × cols free places at its price; closed unless opened. */
    async createGroup(draft: TabletGroupCreate, actor: StaffActor): Promise<TabletGroupAnswer> {
      const pwType = Number(draft.pwType);
      return db.transaction().execute(async (trx) => {
        // The type's row is locked: two groups added at once to one type take different numbers.
        const type = await trx
          .selectFrom('tablet_types')
          .select('pw_type')
          .where('pw_type', '=', pwType)
          .forUpdate()
          .executeTakeFirst();
        if (!type) throw notFound(M.notFound);
        await guardName(trx, { pwType, floor: draft.floor }, draft.name);
        const existing = await trx
          .selectFrom('tablet_groups')
          .select(['pw_group', 'sort'])
          .where('pw_type', '=', pwType)
          .where('floor', '=', draft.floor)
          .execute();
        const next = Math.max(0, ...existing.map((g) => Number(g.pw_group) || 0)) + 1;
        const id: GroupId = { pwType, floor: draft.floor, pwGroup: String(next) };
        await trx
          .insertInto('tablet_groups')
          .values({
            ...inGroup(id),
            name: draft.name,
            closed: draft.closed,
            sort: Math.max(-1, ...existing.map((g) => g.sort)) + 1,
          })
          .execute();
        const cells = Array.from({ length: draft.rows * draft.cols }, (_, i) => ({
          row: Math.floor(i / draft.cols) + 1,
          col: (i % draft.cols) + 1,
        }));
        await trx
          .insertInto('tablet_seats')
          .values(seatValues(id, yuanToFen(draft.priceYuan), cells))
          .execute();
        const { pwType: _t, floor: _f, ...after } = draft;
        await tabletGroup.record(trx, actor, tabletGroupKey(id), 'tablet.group.created', {
          after: { ...after, floor: floorName(draft.floor) },
        });
        return groupAnswer(trx, id);
      });
    },

    /** Renames, opens or closes a group, and sets the price of all its places. */
    async saveGroup(
      key: string,
      draft: TabletGroupDraft,
      version: number,
      actor: StaffActor,
    ): Promise<TabletGroupAnswer> {
      const id = groupIdOf(key);
      return db.transaction().execute(async (trx) => {
        const before = await lockGroupAt(trx, key, version);
        await guardName(trx, id, draft.name, id.pwGroup);
        await tabletGroup.save(trx, key, version, { name: draft.name, closed: draft.closed });
        const priceFen = yuanToFen(draft.priceYuan);
        if (before.mixedPrices || yuanToFen(before.priceYuan) !== priceFen)
          await trx
            .updateTable('tablet_seats')
            .set({ price_fen: priceFen })
            .where('pw_type', '=', id.pwType)
            .where('floor', '=', id.floor)
            .where('pw_group', '=', id.pwGroup)
            .execute();
        await tabletGroup.record(trx, actor, key, 'tablet.group.updated', {
          before: draftOf(before),
          after: draft,
        });
        return groupAnswer(trx, id);
      });
    },

    /** A row at the back, or a place at the end of every row, free, at the group's price. */
    async addSeats(
      key: string,
      add: 'row' | 'col',
      version: number,
      actor: StaffActor,
    ): Promise<TabletGroupAnswer> {
      const id = groupIdOf(key);
      return db.transaction().execute(async (trx) => {
        const before = await lockGroupAt(trx, key, version);
        const rows = add === 'row' ? before.rows + 1 : before.rows;
        const cols = add === 'col' ? before.cols + 1 : before.cols;
        if (rows > MAX_TABLET_ROWS || cols > MAX_TABLET_COLS) throw conflict(M.tooLarge);
        const cells =
          add === 'row'
            ? Array.from({ length: cols }, (_, i) => ({ row: rows, col: i + 1 }))
            : Array.from({ length: rows }, (_, i) => ({ row: i + 1, col: cols }));
        await trx
          .insertInto('tablet_seats')
          .values(seatValues(id, yuanToFen(before.priceYuan), cells))
          .execute();
        await tabletGroup.save(trx, key, version);
        await tabletGroup.record(trx, actor, key, 'tablet.seats.added', {
          before: { rows: before.rows, cols: before.cols, seats: before.seats },
          after: { rows, cols, seats: before.seats + cells.length, added: add },
        });
        return groupAnswer(trx, id);
      });
    },

    /** Removes places nobody holds; one a live order holds refuses the whole removal (409). */
    async removeSeats(
      key: string,
      seatIds: number[],
      version: number,
      actor: StaffActor,
    ): Promise<TabletGroupAnswer> {
      const id = groupIdOf(key);
      const wanted = [...new Set(seatIds)];
      return db.transaction().execute(async (trx) => {
        const before = await lockGroupAt(trx, key, version);
        // The places' rows are locked as an order taking one locks it: a taker waits, then finds none.
        const seats = await trx
          .selectFrom('tablet_seats')
          .select(['id', 'row_no', 'col_no'])
          .where('id', 'in', wanted)
          .where('pw_type', '=', id.pwType)
          .where('floor', '=', id.floor)
          .where('pw_group', '=', id.pwGroup)
          .orderBy('id')
          .forUpdate()
          .execute();
        if (seats.length !== wanted.length) throw conflict(M.seatGone);
        if (seats.length >= before.seats) throw conflict(M.keepOne);
        const held = await trx
          .selectFrom('seat_holders')
          .innerJoin('orders', 'orders.id', 'seat_holders.order_id')
          .innerJoin('tablet_seats', 'tablet_seats.id', 'seat_holders.seat_id')
          .select(['tablet_seats.row_no', 'tablet_seats.col_no'])
          .where('seat_holders.seat_kind', '=', 'tablet')
          .where('seat_holders.seat_id', 'in', wanted)
          .where(holdsPlaceSql(clock.now()))
          .orderBy('tablet_seats.row_no')
          .orderBy('tablet_seats.col_no')
          .executeTakeFirst();
        if (held) throw conflict(M.seatHeld(`${held.row_no}排${held.col_no}号`));
        // A holder whose hold ran out holds nothing: its row goes with the place.
        await trx
          .deleteFrom('seat_holders')
          .where('seat_kind', '=', 'tablet')
          .where('seat_id', 'in', wanted)
          .execute();
        await trx.deleteFrom('tablet_seats').where('id', 'in', wanted).execute();
        await tabletGroup.save(trx, key, version);
        await tabletGroup.record(trx, actor, key, 'tablet.seats.removed', {
          before: { seats: before.seats },
          after: {
            seats: before.seats - seats.length,
            removed: seats.map((s) => `${s.row_no}排${s.col_no}号`),
          },
        });
        return groupAnswer(trx, id);
      });
    },
  };
};

export type TabletDesk = ReturnType<typeof createTabletDesk>;
