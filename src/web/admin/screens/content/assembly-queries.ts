import { HOE_TYPES, type HoeType } from '@contract/assembly';
import {
  type AssemblyAnswer,
  type AssemblyDraft,
  type AssemblyFlag,
  assemblyDraftSchema,
} from '@contract/assembly-catalogue';
import { consoleApi } from '@contract/console';
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { consoleCall } from '../../api/console-client';

export const assembliesQuery = queryOptions({
  queryKey: ['console', 'assemblies'],
  queryFn: () => consoleCall(consoleApi.assemblies, { quiet: true }),
});

export const assemblyQuery = (id: number) =>
  queryOptions({
    queryKey: ['console', 'assemblies', id],
    queryFn: () => consoleCall(consoleApi.assembly, { params: { id: String(id) }, quiet: true }),
  });

/**
 * The form's values: numbers as typed (text), so a half-typed price is kept and judged, not
 * lost. `key` keeps a row's inputs its own when a row above it is removed. Registrations that
 * hold a type (from the server) say whether it may be deleted.
 */
export interface PriceRow {
  key: number;
  tabletType: string;
  tabletPriceYuan: string;
  gdjYuan: string;
}
export interface TypeRow {
  key: number;
  hoeType: HoeType;
  places: string;
  withdrawn: boolean;
  prices: PriceRow[];
  liveOrders: number;
  held: number;
}
export interface AssemblyValues {
  name: string;
  startDate: string;
  endDate: string;
  image: string;
  particulars: string;
  flags: Record<AssemblyFlag, boolean>;
  types: TypeRow[];
}

let nextKey = 1;
/** A fresh key for a new row. */
export const rowKey = () => nextKey++;

export const emptyPrice = (): PriceRow => ({
  key: rowKey(),
  tabletType: '',
  tabletPriceYuan: '',
  gdjYuan: '0',
});

export const emptyType = (taken: readonly string[]): TypeRow => ({
  key: rowKey(),
  hoeType: HOE_TYPES.find((type) => !taken.includes(type)) ?? '延生',
  places: '',
  withdrawn: false,
  prices: [emptyPrice()],
  liveOrders: 0,
  held: 0,
});

export const NEW_ASSEMBLY: () => AssemblyValues = () => ({
  name: '',
  startDate: '',
  endDate: '',
  image: '',
  particulars: '',
  flags: {
    leaderTablet: false,
    newYearEve: false,
    sevenGenerations: false,
    wisdom: false,
    freeAmount: false,
    waterLand: false,
  },
  types: [emptyType([])],
});

/** The form's values of what the server answered. */
export const valuesOf = ({ assembly }: AssemblyAnswer): AssemblyValues => ({
  ...assembly,
  types: assembly.types.map((type) => ({
    key: rowKey(),
    hoeType: type.hoeType,
    places: type.places === null ? '' : String(type.places),
    withdrawn: type.withdrawn,
    liveOrders: type.liveOrders,
    held: type.held,
    prices: type.prices.map((price) => ({
      key: rowKey(),
      tabletType: price.tabletType,
      tabletPriceYuan: String(price.tabletPriceYuan),
      gdjYuan: String(price.gdjYuan),
    })),
  })),
});

/** A typed number: '' or anything but digits is no number (the contract then says what to type). */
const numberOf = (text: string) => (/^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN);

/** What the form sends: its values as the contract's draft (before judging). */
export const draftOf = (values: AssemblyValues): unknown => ({
  ...values,
  types: values.types.map((type) => ({
    hoeType: type.hoeType,
    places: type.places.trim() === '' ? null : numberOf(type.places),
    withdrawn: type.withdrawn,
    prices: type.prices.map((price) => ({
      tabletType: price.tabletType,
      tabletPriceYuan: numberOf(price.tabletPriceYuan),
      gdjYuan: numberOf(price.gdjYuan),
    })),
  })),
});

/** The name of a field as the messages and the `data-field` wrappers say it: `types.0.prices.1.gdjYuan`. */
export const typeField = (type: number, part: string) => `types.${type}.${part}`;
export const priceField = (type: number, price: number, part: keyof Omit<PriceRow, 'key'>) =>
  `types.${type}.prices.${price}.${part}`;

/** Every field in the order of the page, for focusing the first one with a message. */
export const fieldOrder = (values: AssemblyValues): string[] => [
  'name',
  'startDate',
  'endDate',
  'image',
  'particulars',
  'flags',
  'types',
  ...values.types.flatMap((type, t) => [
    typeField(t, 'hoeType'),
    typeField(t, 'places'),
    typeField(t, 'prices'),
    ...type.prices.flatMap((_, p) => [
      priceField(t, p, 'tabletType'),
      priceField(t, p, 'tabletPriceYuan'),
      priceField(t, p, 'gdjYuan'),
    ]),
  ]),
];

/** The contract's judgement: one message per field (by its full path), or the draft to send. */
export const judge = (
  values: AssemblyValues,
): { errors: Record<string, string>; draft: AssemblyDraft | null } => {
  const result = v.safeParse(assemblyDraftSchema, draftOf(values));
  if (result.success) return { errors: {}, draft: result.output };
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const path = (issue.path ?? []).map((item) => String(item.key));
    // A flag's message belongs to the rules box; the price map's to its type.
    const name = path[0] === 'flags' ? 'flags' : path.join('.') || 'general';
    errors[name] ??= issue.message;
  }
  return { errors, draft: null };
};
