import { consoleApi } from '@contract/console';
import {
  type TabletGroupCreate,
  type TabletGroupDraft,
  type TabletText,
  tabletGroupCreateSchema,
  tabletGroupSchema,
  tabletTextSchema,
} from '@contract/tablet-catalogue';
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { consoleCall } from '../../api/console-client';

export const tabletCatalogueQuery = queryOptions({
  queryKey: ['console', 'tablets'],
  queryFn: () => consoleCall(consoleApi.tablets, { quiet: true }),
});

export const tabletGroupQuery = (key: string) =>
  queryOptions({
    queryKey: ['console', 'tablets', 'group', key],
    queryFn: () => consoleCall(consoleApi.tabletGroup, { params: { map: key }, quiet: true }),
  });

export const FLOOR_NAMES: Record<number, string> = { 1: '一层', 2: '二层', 3: '三层', 4: '四层' };

/** A group's form: numbers as typed (text), so a half-typed price is kept and judged, not lost. */
export interface GroupValues {
  name: string;
  closed: boolean;
  priceYuan: string;
  pwType: string;
  floor: string;
  rows: string;
  cols: string;
}

export const NEW_GROUP = (): GroupValues => ({
  name: '',
  closed: true,
  priceYuan: '',
  pwType: '2',
  floor: '1',
  rows: '5',
  cols: '10',
});

/** A typed number: '' or anything but digits is no number (the contract then says what to type). */
const numberOf = (text: string) => (/^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN);

/** One message per field (by its name), the first of each. */
const errorsOf = (issues: readonly v.BaseIssue<unknown>[]) => {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const name = (issue.path ?? []).map((item) => String(item.key)).join('.') || 'general';
    errors[name] ??= issue.message;
  }
  return errors;
};

export const GROUP_FIELDS = ['pwType', 'floor', 'name', 'closed', 'priceYuan', 'rows', 'cols'];

/** The contract's judgement of a group's form: messages, or what to send. */
export const judgeGroup = (
  values: GroupValues,
  isNew: boolean,
): { errors: Record<string, string>; group: TabletGroupDraft | TabletGroupCreate | null } => {
  const base = { name: values.name, closed: values.closed, priceYuan: numberOf(values.priceYuan) };
  const result = isNew
    ? v.safeParse(tabletGroupCreateSchema, {
        ...base,
        pwType: values.pwType,
        floor: numberOf(values.floor),
        rows: numberOf(values.rows),
        cols: numberOf(values.cols),
      })
    : v.safeParse(tabletGroupSchema, base);
  return result.success
    ? { errors: {}, group: result.output }
    : { errors: errorsOf(result.issues), group: null };
};

export const TEXT_FIELDS = ['name', 'image', 'particulars'];

export const judgeText = (text: TabletText): { errors: Record<string, string>; text: TabletText | null } => {
  const result = v.safeParse(tabletTextSchema, text);
  return result.success
    ? { errors: {}, text: result.output }
    : { errors: errorsOf(result.issues), text: null };
};
