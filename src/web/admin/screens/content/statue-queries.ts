import { consoleApi } from '@contract/console';
import {
  type StatueLocationAnswer,
  type StatueLocationDraft,
  statueLocationDraftSchema,
} from '@contract/statue-catalogue';
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { consoleCall } from '../../api/console-client';

export const statueLocationsQuery = queryOptions({
  queryKey: ['console', 'statues'],
  queryFn: () => consoleCall(consoleApi.statueLocations, { quiet: true }),
});

export const statueLocationQuery = (location: string) =>
  queryOptions({
    queryKey: ['console', 'statues', location],
    queryFn: () => consoleCall(consoleApi.statueLocation, { params: { location }, quiet: true }),
  });

export const nichesQuery = (location: string, group: string) =>
  queryOptions({
    queryKey: ['console', 'statues', location, 'niches', group],
    queryFn: () => consoleCall(consoleApi.statueNiches, { params: { location, group }, quiet: true }),
  });

/**
 * The form's values: prices as typed (text), so a half-typed price is kept and judged; `key`
 * keeps a row's inputs its own; `orders` (live orders naming the row) says why it stays.
 */
export interface StatueValue {
  key: number;
  id: number | null;
  name: string;
  enName: string;
  withdrawn: boolean;
  orders: number;
}
export interface MaterialValue {
  key: number;
  id: number | null;
  name: string;
  withdrawn: boolean;
  orders: number;
}
export interface GroupValue {
  fxGroup: string;
  name: string;
  ngPriceYuan: string;
  cgPriceYuan: string;
  closed: boolean;
  niches: number;
  held: number;
}
export interface LocationValues {
  name: string;
  enName: string;
  image: string;
  particulars: string;
  statues: StatueValue[];
  materials: MaterialValue[];
  groups: GroupValue[];
}

let nextKey = 1;
export const rowKey = () => nextKey++;

export const valuesOf = ({ draft, statueOrders, materialOrders }: StatueLocationAnswer): LocationValues => ({
  ...draft,
  statues: draft.statues.map((s) => ({ ...s, key: rowKey(), orders: statueOrders[String(s.id)] ?? 0 })),
  materials: draft.materials.map((m) => ({ ...m, key: rowKey(), orders: materialOrders[String(m.id)] ?? 0 })),
  groups: draft.groups.map((g) => ({
    ...g,
    ngPriceYuan: String(g.ngPriceYuan),
    cgPriceYuan: String(g.cgPriceYuan),
  })),
});

const numberOf = (text: string) => (/^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN);

/** What the form sends: its values as the contract's draft (before judging). */
export const draftOf = (values: LocationValues): unknown => ({
  name: values.name,
  enName: values.enName,
  image: values.image,
  particulars: values.particulars,
  statues: values.statues.map(({ id, name, enName, withdrawn }) => ({ id, name, enName, withdrawn })),
  materials: values.materials.map(({ id, name, withdrawn }) => ({ id, name, withdrawn })),
  groups: values.groups.map((g) => ({
    fxGroup: g.fxGroup,
    name: g.name,
    ngPriceYuan: numberOf(g.ngPriceYuan),
    cgPriceYuan: numberOf(g.cgPriceYuan),
    closed: g.closed,
  })),
});

/** Every field in the order of the page, for focusing the first one with a message. */
export const fieldOrder = (values: LocationValues): string[] => [
  'name',
  'enName',
  'image',
  'particulars',
  'statues',
  ...values.statues.flatMap((_, i) => [`statues.${i}.name`, `statues.${i}.enName`]),
  'materials',
  ...values.materials.map((_, i) => `materials.${i}.name`),
  'groups',
  ...values.groups.flatMap((_, i) => [
    `groups.${i}.name`,
    `groups.${i}.ngPriceYuan`,
    `groups.${i}.cgPriceYuan`,
  ]),
];

/** The contract's judgement: one message per field (by its full path), or the draft to send. */
export const judge = (
  values: LocationValues,
): { errors: Record<string, string>; draft: StatueLocationDraft | null } => {
  const result = v.safeParse(statueLocationDraftSchema, draftOf(values));
  if (result.success) return { errors: {}, draft: result.output };
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const path = (issue.path ?? []).map((item) => String(item.key));
    // A row's flag belongs to its list.
    const name =
      path.at(-1) === 'withdrawn' || path.at(-1) === 'closed' ? (path[0] ?? 'general') : path.join('.');
    errors[name || 'general'] ??= issue.message;
  }
  return { errors, draft: null };
};
