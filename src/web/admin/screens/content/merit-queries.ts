import { consoleApi } from '@contract/console';
import {
  type MeritAnswer,
  type MeritDraft,
  type MeritPriceModel,
  meritDraftSchema,
} from '@contract/merit-catalogue';
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { consoleCall } from '../../api/console-client';

export const meritItemsQuery = queryOptions({
  queryKey: ['console', 'merit-items'],
  queryFn: () => consoleCall(consoleApi.meritItems, { quiet: true }),
});

export const meritItemQuery = (id: number) =>
  queryOptions({
    queryKey: ['console', 'merit-items', id],
    queryFn: () => consoleCall(consoleApi.meritItem, { params: { id: String(id) }, quiet: true }),
  });

/**
 * The form's values: numbers as typed (text), so a half-typed price is kept and judged, not lost.
 * Every model's price fields are kept while the editor switches between models (nothing typed is
 * lost); only the chosen model's are shown and sent. `key` keeps a row's inputs its own when a row
 * above it is removed; `liveOrders` (from the server) says whether a choice may be deleted.
 */
export interface AmountRow {
  key: number;
  yuan: string;
}
export interface ChoiceRow {
  key: number;
  item: string;
  name: string;
  priceYuan: string;
  withdrawn: boolean;
  liveOrders: number;
}
export interface MeritValues {
  name: string;
  image: string;
  particulars: string;
  priceModel: MeritPriceModel;
  unitPriceYuan: string;
  amounts: AmountRow[];
  choices: ChoiceRow[];
}

let nextKey = 1;
/** A fresh key for a new row. */
export const rowKey = () => nextKey++;

export const emptyAmount = (): AmountRow => ({ key: rowKey(), yuan: '' });
export const emptyChoice = (): ChoiceRow => ({
  key: rowKey(),
  item: '',
  name: '',
  priceYuan: '',
  withdrawn: false,
  liveOrders: 0,
});

export const NEW_MERIT_ITEM = (): MeritValues => ({
  name: '',
  image: '',
  particulars: '',
  priceModel: '1',
  unitPriceYuan: '',
  amounts: [emptyAmount()],
  choices: [emptyChoice()],
});

/** The form's values of what the server answered (the other models' fields start empty). */
export const valuesOf = ({ item }: MeritAnswer): MeritValues => ({
  name: item.name,
  image: item.image,
  particulars: item.particulars,
  priceModel: item.priceModel,
  unitPriceYuan: item.unitPriceYuan === null ? '' : String(item.unitPriceYuan),
  amounts:
    item.amountsYuan.length > 0
      ? item.amountsYuan.map((yuan) => ({ key: rowKey(), yuan: String(yuan) }))
      : [emptyAmount()],
  choices:
    item.choices.length > 0
      ? item.choices.map((c) => ({
          key: rowKey(),
          item: c.item,
          name: c.name,
          priceYuan: String(c.priceYuan),
          withdrawn: c.withdrawn,
          liveOrders: c.liveOrders,
        }))
      : [emptyChoice()],
});

/** A typed number: '' or anything but digits is no number (the contract then says what to type). */
const numberOf = (text: string) => (/^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN);

/** What the form sends: its values as the contract's draft (before judging), the chosen model's prices only. */
export const draftOf = (values: MeritValues): unknown => ({
  name: values.name,
  image: values.image,
  particulars: values.particulars,
  priceModel: values.priceModel,
  unitPriceYuan: values.priceModel === '1' ? numberOf(values.unitPriceYuan) : null,
  // A blank amount row is no amount (the editor left a spare row), not a wrong one.
  amountsYuan:
    values.priceModel === '2'
      ? values.amounts.filter((row) => row.yuan.trim() !== '').map((row) => numberOf(row.yuan))
      : [],
  choices:
    values.priceModel === '3'
      ? values.choices.map((c) => ({
          item: c.item,
          name: c.name,
          priceYuan: numberOf(c.priceYuan),
          withdrawn: c.withdrawn,
        }))
      : [],
});

/** The name of a field as the messages and the `data-field` wrappers say it: `choices.1.priceYuan`. */
export const choiceField = (index: number, part: 'name' | 'priceYuan' | 'withdrawn') =>
  `choices.${index}.${part}`;
/** An amount's field: its index among the filled rows is the contract's; the form maps it to the row. */
export const amountField = (row: number) => `amounts.${row}`;

/** Every field in the order of the page, for focusing the first one with a message. */
export const fieldOrder = (values: MeritValues): string[] => [
  'name',
  'image',
  'particulars',
  'priceModel',
  'unitPriceYuan',
  'amountsYuan',
  ...values.amounts.map((_, row) => amountField(row)),
  'choices',
  ...values.choices.flatMap((_, c) => [choiceField(c, 'name'), choiceField(c, 'priceYuan')]),
];

/** The contract's judgement: one message per field (by its full path), or the draft to send. */
export const judge = (values: MeritValues): { errors: Record<string, string>; draft: MeritDraft | null } => {
  const result = v.safeParse(meritDraftSchema, draftOf(values));
  if (result.success) return { errors: {}, draft: result.output };
  // The contract numbers the filled amounts; the form's rows include blank ones.
  const filled = values.amounts.flatMap((row, index) => (row.yuan.trim() === '' ? [] : [index]));
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const path = (issue.path ?? []).map((item) => String(item.key));
    let name = path.join('.') || 'general';
    if (path[0] === 'amountsYuan' && path[1] !== undefined) name = amountField(filled[Number(path[1])] ?? 0);
    // A choice's stopped flag is a check box: its message belongs to the choices as a whole.
    if (path[0] === 'choices' && path[2] === 'withdrawn') name = 'choices';
    if (path[0] === 'choices' && path[2] === 'item') name = 'choices';
    errors[name] ??= issue.message;
  }
  return { errors, draft: null };
};
