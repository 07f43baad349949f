import {
  ASSEMBLY_MESSAGES,
  ASSEMBLY_RULES,
  type AssemblyOrderRequest,
  assemblyTotalFen,
  countedQuantity,
  gdjModeOf,
  type HoeDetail,
  isMeritCount,
  isOverLimit,
  splitSolarRange,
  type TabletGdj,
  tabletTypesFor,
} from './assembly';
import { type MemorialEntry, toJyEntry, toZzEntry } from './memorial-entry';
import { ORDER_TYPES } from './order-types';

/**
 * The assembly detail form (spec 000 section 2, 001 sections 4-5): what the believer chose, the
 * tablet types offered, the live total, and the judge the order machine runs on 提交 — a field's
 * message beside it, over the online limit, or the order draft (everything but the entries).
 */
export interface AssemblyForm {
  hoeType: string;
  tabletType: string;
  /** The free or voluntary merit amount (yuan); null: none chosen. Ignored where the price map's applies. */
  amount: number | null;
  quantity: number;
  merit: readonly { item: string; unitPrice: number; count: number }[];
}
export type AssemblyField = 'hoeType' | 'tabletType' | 'amount' | 'quantity' | 'merit';
export const ASSEMBLY_FIELDS: AssemblyField[] = ['hoeType', 'tabletType', 'amount', 'quantity', 'merit'];
export type AssemblyDraft = Omit<AssemblyOrderRequest, 'jyList' | 'zzList' | 'MOBILE'>;
export const emptyAssemblyForm: AssemblyForm = {
  hoeType: '',
  tabletType: '',
  amount: null,
  quantity: 1,
  merit: [],
};

export interface AssemblyInput {
  hoe: HoeDetail;
  prices: TabletGdj[];
}

/** The tablet types offered for an assembly type: the price map's, filtered by the 001 section 4 rules. */
export const tabletTypesOf = ({ hoe, prices }: AssemblyInput, hoeType: string): string[] =>
  tabletTypesFor(
    hoeType,
    prices.filter((p) => p.HOE_TYPE === hoeType).map((p) => p.TABLET_TYPE),
    { waterLand: hoe.WATER_LAND },
  );

/** The merit amount the order carries: the price map's, or the chosen one where it is free. */
const gdjOf = ({ hoe }: AssemblyInput, price: TabletGdj | undefined, form: AssemblyForm) =>
  gdjModeOf(form.tabletType, { freeAmount: hoe.FREE_AMOUNT }) === 'free' ? form.amount : (price?.GDJ ?? 0);

/** The live total (fen) of what the form says; 0 until a priced tablet type is chosen. */
export const formTotalFen = (input: AssemblyInput, form: AssemblyForm): number => {
  const price = input.prices.find((p) => p.HOE_TYPE === form.hoeType && p.TABLET_TYPE === form.tabletType);
  return assemblyTotalFen({
    tabletType: form.tabletType,
    tabletPrice: price?.TABLET_PRICE ?? 0,
    gdj: gdjOf(input, price, form) ?? 0,
    quantity: form.quantity,
    merit: form.merit.map((m) => ({ unitPrice: m.unitPrice, count: m.count })),
  });
};

type Judged =
  | { outcome: 'invalid'; errors: Partial<Record<AssemblyField, string>> }
  | { outcome: 'overLimit' }
  | { outcome: 'valid'; draft: AssemblyDraft };

/** The detail form with the contract's rules and messages, in the order the fields are shown. */
export const judgeAssemblyForm = (input: AssemblyInput, form: AssemblyForm): Judged => {
  const errors: Partial<Record<AssemblyField, string>> = {};
  const price = input.prices.find((p) => p.HOE_TYPE === form.hoeType && p.TABLET_TYPE === form.tabletType);
  if (!form.hoeType) errors.hoeType = ASSEMBLY_MESSAGES.chooseHoeType;
  else if (!form.tabletType) errors.tabletType = ASSEMBLY_MESSAGES.chooseTabletType;
  else if (!price || !tabletTypesOf(input, form.hoeType).includes(form.tabletType))
    errors.tabletType = ASSEMBLY_MESSAGES.tabletNotOffered;
  const gdj = gdjOf(input, price, form);
  if (form.tabletType && gdj === null) errors.amount = ASSEMBLY_MESSAGES.chooseAmount;
  else if (gdj !== null && !Number.isInteger(gdj)) errors.amount = ASSEMBLY_MESSAGES.amountWhole;
  else if (form.tabletType && gdjModeOf(form.tabletType, { freeAmount: input.hoe.FREE_AMOUNT }) === 'free')
    if ((gdj ?? 0) < ASSEMBLY_RULES.minAmount) errors.amount = ASSEMBLY_MESSAGES.amountTooSmall;
  if (!Number.isInteger(form.quantity) || form.quantity < 1 || form.quantity > ASSEMBLY_RULES.maxQuantity)
    errors.quantity = ASSEMBLY_MESSAGES.quantity;
  // The order's schema refuses the same counts with the same message (meritItemList's QUANTITY).
  if (!form.merit.every((m) => isMeritCount(m.count))) errors.merit = ASSEMBLY_MESSAGES.meritCount;
  if (Object.keys(errors).length > 0 || !price) return { outcome: 'invalid', errors };
  const totalFen = formTotalFen(input, form);
  if (isOverLimit(totalFen, { waterLand: input.hoe.WATER_LAND })) return { outcome: 'overLimit' };
  const { start, end } = splitSolarRange(input.hoe.HOE_YL_TIME);
  const lines = form.merit.filter((m) => m.count > 0);
  return {
    outcome: 'valid',
    draft: {
      type: ORDER_TYPES.assembly,
      HOE_NAME: input.hoe.HOE_NAME,
      HOE_TYPE: form.hoeType as AssemblyDraft['HOE_TYPE'],
      TABLET_TYPE: form.tabletType,
      HOE_GDJ: gdj ?? 0,
      HOE_TIME: input.hoe.HOE_NL_TIME,
      START_DATE: start,
      END_DATE: end,
      HOE_GDJ_TOTAL: totalFen / 100,
      HOE_YEAR: input.hoe.HOE_YEAR,
      DATA_SOURCE: ASSEMBLY_RULES.dataSource,
      PAY_METHOD: ASSEMBLY_RULES.payMethod,
      QUANTITY: countedQuantity(form.tabletType, form.quantity),
      meritItemList: lines.map((m) => ({
        MERIT_ITEM: m.item,
        QUANTITY: m.count,
        AMOUNT: m.unitPrice * m.count,
      })),
      CHANNEL: ASSEMBLY_RULES.channel,
    },
  };
};

/** The order of the draft with the dialog's entries (deceased in jyList, blessing in zzList) and mobile. */
export const assemblyOrderOf = (
  draft: AssemblyDraft,
  entries: readonly MemorialEntry[],
  mobile: string,
): AssemblyOrderRequest => ({
  ...draft,
  jyList: entries.flatMap((e) => (e.type === '往生' ? [toJyEntry(e.form, 'assembly')] : [])),
  zzList: entries.flatMap((e) => (e.type === '延生' ? [toZzEntry(e.form, 'assembly')] : [])),
  MOBILE: mobile,
});
