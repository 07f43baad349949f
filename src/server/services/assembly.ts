import {
  ASSEMBLY_MESSAGES,
  type AssemblyMeritItem,
  entryDialogsFor,
  type HoeDetail,
  type HoeListItem,
  type TabletGdj,
  type TabletPreview,
  type TabletStyle,
} from '@contract/assembly';
import type { TabletPhrases } from '@contract/tablet-phrases';
import type { Selectable } from 'kysely';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { notFound } from '../errors';
import { type Horizon, horizonAt } from './answer-horizon';
import { holdsPlaceSql, isLiveHoldSql } from './holds-place';
import { readSiteConfig } from './site';

type AssemblyRow = Selectable<Database['assemblies']>;

/** The place an assembly type's registrations hold (order_places.place). */
export const assemblyPlace = (assemblyId: number, hoeType: string) => `assembly:${assemblyId}:${hoeType}`;

const heldRows = (db: Db, places: string[], now: Date, exceptOrder: number) =>
  db
    .selectFrom('order_places')
    .innerJoin('orders', 'orders.id', 'order_places.order_id')
    .select((eb) => [
      'order_places.place',
      eb.fn.sum<number>('order_places.quantity').as('held'),
      // When the first unpaid hold counted here runs out (and the place frees up).
      eb.fn.min('orders.hold_until').filterWhere(isLiveHoldSql(now)).as('first_expiry'),
    ])
    .where('order_places.place', 'in', places)
    .where('orders.id', '!=', exceptOrder)
    .where(holdsPlaceSql(now))
    .groupBy('order_places.place')
    .execute();

/**
 * Places of the given assembly places held now, by place: paid orders and unpaid ones whose hold
 * has not run out, except `exceptOrder` (the order taking its place).
 */
export const heldPlaces = async (
  db: Db,
  places: string[],
  now: Date,
  exceptOrder = 0,
): Promise<Map<string, number>> => {
  if (places.length === 0) return new Map();
  const rows = await heldRows(db, places, now, exceptOrder);
  return new Map(rows.map((r) => [r.place, Number(r.held)]));
};

/** The places held at the answer's instant, noting when the first counted hold runs out. */
export const heldPlacesAt = async (db: Db, places: string[], at: Horizon): Promise<Map<string, number>> => {
  if (places.length === 0) return new Map();
  const rows = await heldRows(db, places, at.now, 0);
  for (const r of rows) if (r.first_expiry) at.changesAt(new Date(r.first_expiry));
  return new Map(rows.map((r) => [r.place, Number(r.held)]));
};

/** A published assembly by name, in the given lunar year or else the latest. */
export const findAssembly = (db: Db, name: string, year?: number) =>
  db
    .selectFrom('assemblies')
    .selectAll()
    .where('published', '=', true)
    .where('name', '=', name)
    .$if(year !== undefined, (q) => q.where('year', '=', year ?? 0))
    .orderBy('year', 'desc')
    .limit(1)
    .executeTakeFirst();

const toListItem = (row: AssemblyRow): HoeListItem => ({
  HOE_NAME: row.name,
  HOE_YEAR: row.year,
  HOE_NL_TIME: row.lunar_time,
  HOE_YL_TIME: `${row.start_date}至${row.end_date}`,
  IMAGE: row.image,
  PARTICULARS: row.particulars,
});

/**
 * The style facts of a tablet as the temple prints it: deceased on yellow, blessings on red; the
 * words are the temple's phrases (site settings), the same the preview and the printed sheet compose.
 */
const stylesOf = (phrases: TabletPhrases): Record<'往生' | '延生', TabletStyle> => ({
  往生: {
    KIND: '往生',
    HEADING: phrases.deceasedHeading,
    PREFIX: phrases.deceasedPrefix,
    SUFFIX: phrases.deceasedSuffix,
    PETITIONER_LABEL: phrases.petitionerLabel,
    PETITIONER_SUFFIX: phrases.petitionerSuffix,
    PAPER: '#f3dc8c',
    INK: '#2b2118',
    BORDER: '#b8860b',
  },
  延生: {
    KIND: '延生',
    HEADING: phrases.blessingHeading,
    PREFIX: '',
    SUFFIX: phrases.blessingSuffix,
    PETITIONER_LABEL: '',
    PETITIONER_SUFFIX: '',
    PAPER: '#c8322d',
    INK: '#fbe7a1',
    BORDER: '#8f1d1a',
  },
});

const sizeOf = (tabletType: string): TabletPreview['SIZE'] =>
  tabletType.includes('会首') || tabletType.includes('大功德主')
    ? 'large'
    : tabletType.includes('小功德主')
      ? 'medium'
      : 'small';

export const createAssemblyService = (db: Db, clock: Clock) => {
  const assemblyOr404 = async (name: string, year?: number) => {
    const row = await findAssembly(db, name, year);
    if (!row) throw notFound(ASSEMBLY_MESSAGES.unknownAssembly);
    return row;
  };

  return {
    async list(): Promise<HoeListItem[]> {
      const rows = await db
        .selectFrom('assemblies')
        .selectAll()
        .where('published', '=', true)
        .orderBy('start_date')
        .orderBy('sort')
        .execute();
      return rows.map(toListItem);
    },

    /** The assembly with its types (places left), flags and price map. */
    async detail(
      year: number,
      name: string,
      at = horizonAt(clock.now()),
    ): Promise<{ hoe: HoeDetail; tabletGdjList: TabletGdj[] }> {
      const row = await assemblyOr404(name, year);
      const types = await db
        .selectFrom('assembly_places')
        .select(['hoe_type', 'capacity'])
        .where('assembly_id', '=', row.id)
        .where('withdrawn', '=', false)
        .orderBy('sort')
        .orderBy('hoe_type')
        .execute();
      const held = await heldPlacesAt(
        db,
        types.filter((t) => t.capacity !== null).map((t) => assemblyPlace(row.id, t.hoe_type)),
        at,
      );
      const order = types.map((t) => t.hoe_type);
      const prices = await db
        .selectFrom('assembly_prices')
        .selectAll()
        .where('assembly_id', '=', row.id)
        .orderBy('tablet_price_fen', 'desc')
        .orderBy('tablet_type')
        .execute();
      prices.sort((a, b) => order.indexOf(a.hoe_type) - order.indexOf(b.hoe_type));
      return {
        hoe: {
          ...toListItem(row),
          HOE_TYPES: types.map((t) => ({
            HOE_TYPE: t.hoe_type,
            PLACES_LEFT:
              t.capacity === null
                ? null
                : Math.max(0, t.capacity - (held.get(assemblyPlace(row.id, t.hoe_type)) ?? 0)),
          })),
          LEADER_TABLET: row.has_leader_tablet,
          NEW_YEAR_EVE: row.new_year_eve,
          SEVEN_GENERATIONS: row.seven_generations,
          WISDOM: row.wisdom,
          FREE_AMOUNT: row.free_amount,
          WATER_LAND: row.water_land,
        },
        tabletGdjList: prices.map((p) => ({
          HOE_TYPE: p.hoe_type,
          TABLET_TYPE: p.tablet_type,
          TABLET_PRICE: p.tablet_price_fen / 100,
          GDJ: p.gdj_fen / 100,
        })),
      };
    },

    async meritItems(query: {
      hoeName: string;
      hoeType: string;
      hoeYear?: number | undefined;
    }): Promise<AssemblyMeritItem[]> {
      const row = await assemblyOr404(query.hoeName, query.hoeYear);
      const items = await db
        .selectFrom('assembly_merit_items')
        .select(['item_no', 'name', 'unit_price_fen'])
        .where('assembly_id', '=', row.id)
        .where('hoe_type', '=', query.hoeType)
        .orderBy('sort')
        .execute();
      return items.map((i) => ({ CNNAME: i.name, EXTINT1: i.unit_price_fen / 100, ITEMNO: i.item_no }));
    },

    /** How a tablet of this assembly type × tablet type is drawn: size, styles per entry kind, the note. */
    async preview(query: {
      hoeName: string;
      hoeType: string;
      tabletType: string;
      hoeYear?: number | undefined;
    }): Promise<TabletPreview> {
      const row = await assemblyOr404(query.hoeName, query.hoeYear);
      const price = await db
        .selectFrom('assembly_prices')
        .select('tablet_type')
        .where('assembly_id', '=', row.id)
        .where('hoe_type', '=', query.hoeType)
        .where('tablet_type', '=', query.tabletType)
        .executeTakeFirst();
      if (!price) throw notFound(ASSEMBLY_MESSAGES.unknownTabletType);
      const styles = stylesOf((await readSiteConfig(db)).tabletPhrases);
      return {
        HOE_NAME: row.name,
        HOE_TYPE: query.hoeType,
        TABLET_TYPE: query.tabletType,
        SIZE: sizeOf(query.tabletType),
        STYLES: entryDialogsFor(query.hoeType).map((kind) => styles[kind]),
        NOTE: ASSEMBLY_MESSAGES.previewNote,
      };
    },
  };
};

export type AssemblyService = ReturnType<typeof createAssemblyService>;
