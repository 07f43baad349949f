import {
  type CeremonySlotsAnswer,
  type CeremonySlotsDraft,
  type CeremonyTypeAnswer,
  type CeremonyTypeDraft,
  ceremonySlotsDraftSchema,
  ceremonyTypeDraftSchema,
} from '@contract/ceremony-catalogue';
import { consoleApi } from '@contract/console';
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { consoleCall } from '../../api/console-client';

export const ceremoniesQuery = queryOptions({
  queryKey: ['console', 'ceremonies'],
  queryFn: () => consoleCall(consoleApi.ceremonies, { quiet: true }),
});

export const ceremonyTypeQuery = (fsType: string) =>
  queryOptions({
    queryKey: ['console', 'ceremonies', 'type', fsType],
    queryFn: () => consoleCall(consoleApi.ceremonyType, { params: { fsType }, quiet: true }),
  });

export const ceremonySlotsQuery = queryOptions({
  queryKey: ['console', 'ceremonies', 'slots'],
  queryFn: () => consoleCall(consoleApi.ceremonySlots, { quiet: true }),
});

let nextKey = 1;
/** A fresh key for a new row (a row's inputs stay its own when a row above it goes). */
export const rowKey = () => nextKey++;

/** The form's values: numbers as typed (text), so a half-typed price is kept and judged, not lost. */
export interface PriceRow {
  key: number;
  tabletType: string;
  tier: string;
  priceYuan: string;
  withdrawn: boolean;
  /** Live bookings at this price (from the server): it cannot be deleted, and keeps its names. */
  liveOrders: number;
}
export interface CeremonyTypeValues {
  name: string;
  image: string;
  particulars: string;
  prices: PriceRow[];
}
export interface SlotRow {
  key: number;
  timeLabel: string;
  sessions: string;
  withdrawn: boolean;
  liveOrders: number;
  fullest: { day: string; held: number } | null;
}

export const emptyPrice = (): PriceRow => ({
  key: rowKey(),
  tabletType: '',
  tier: '',
  priceYuan: '',
  withdrawn: false,
  liveOrders: 0,
});
export const emptySlot = (): SlotRow => ({
  key: rowKey(),
  timeLabel: '',
  sessions: '',
  withdrawn: false,
  liveOrders: 0,
  fullest: null,
});

export const typeValuesOf = ({ type }: CeremonyTypeAnswer): CeremonyTypeValues => ({
  ...type,
  prices: type.prices.map((p) => ({ ...p, key: rowKey(), priceYuan: String(p.priceYuan) })),
});
export const slotValuesOf = ({ slots }: CeremonySlotsAnswer): SlotRow[] =>
  slots.map((s) => ({ ...s, key: rowKey(), sessions: String(s.sessions) }));

/** A typed number: '' or anything but digits is no number (the contract then says what to type). */
const numberOf = (text: string) => (/^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN);

export const typeDraftOf = (values: CeremonyTypeValues): unknown => ({
  name: values.name,
  image: values.image,
  particulars: values.particulars,
  prices: values.prices.map((p) => ({
    tabletType: p.tabletType,
    tier: p.tier,
    priceYuan: numberOf(p.priceYuan),
    withdrawn: p.withdrawn,
  })),
});
export const slotsDraftOf = (rows: SlotRow[]): unknown =>
  rows.map((s) => ({ timeLabel: s.timeLabel, sessions: numberOf(s.sessions), withdrawn: s.withdrawn }));

export const priceField = (row: number, part: 'tabletType' | 'tier' | 'priceYuan') => `prices.${row}.${part}`;
export const slotField = (row: number, part: 'timeLabel' | 'sessions') => `slots.${row}.${part}`;

export const typeFieldOrder = (values: CeremonyTypeValues) => [
  'name',
  'image',
  'particulars',
  'prices',
  ...values.prices.flatMap((_, p) => [
    priceField(p, 'tabletType'),
    priceField(p, 'tier'),
    priceField(p, 'priceYuan'),
  ]),
];
export const slotFieldOrder = (rows: SlotRow[]) => [
  'slots',
  ...rows.flatMap((_, s) => [slotField(s, 'timeLabel'), slotField(s, 'sessions')]),
];

/** One message per field, by its full path (`prices.1.priceYuan`); a list's own under its name. */
const messagesOf = (issues: v.BaseIssue<unknown>[], prefix: string[] = []) => {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = [...prefix, ...(issue.path ?? []).map((item) => String(item.key))];
    // A row's 停止预约 box has no message of its own: it is the list's.
    const name = path.at(-1) === 'withdrawn' ? (path[0] ?? 'general') : path.join('.') || 'general';
    errors[name] ??= issue.message;
  }
  return errors;
};

/** The contract's judgement of a type: messages by field, or the draft to send. */
export const judgeType = (values: CeremonyTypeValues) => {
  const result = v.safeParse(ceremonyTypeDraftSchema, typeDraftOf(values));
  return result.success
    ? { errors: {}, draft: result.output as CeremonyTypeDraft }
    : { errors: messagesOf(result.issues), draft: null };
};

/** The contract's judgement of the slots: messages by field (`slots.0.sessions`), or the draft. */
export const judgeSlots = (rows: SlotRow[]) => {
  const result = v.safeParse(ceremonySlotsDraftSchema, slotsDraftOf(rows));
  return result.success
    ? { errors: {}, draft: result.output as CeremonySlotsDraft }
    : { errors: messagesOf(result.issues, ['slots']), draft: null };
};
