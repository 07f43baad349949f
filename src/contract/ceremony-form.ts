import {
  CEREMONY_MESSAGES,
  CEREMONY_RULES,
  type CeremonyOrderRequest,
  type CeremonyTypeDetail,
  causeRefusal,
} from './ceremony';
import {
  type EntryLimit,
  jyText,
  type MemorialEntry,
  SHANG_FIELDS,
  TABLETS,
  toJyEntry,
  toYsEntry,
  toZzEntry,
} from './memorial-entry';
import { ORDER_TYPES } from './order-types';

/**
 * The ceremony booking screen (spec 000 sections 2, 5 and 9): what the believer chose, the judge
 * the booking machine runs on 提交 (a field's message beside it, or the draft of the order), the
 * order-level rules of the order dialog, and the order built from the draft and the entries.
 */
export interface CeremonyForm {
  /** FS_CONTENT: the tablet type (往生莲位…). */
  tabletType: string;
  /** MANY: the quantity tier (一堂…). */
  tier: string;
  /** The chosen date, YYYY-MM-DD, and its slot (FS_TIME). */
  date: string | null;
  time: string | null;
}
export type CeremonyField = 'tabletType' | 'tier' | 'time';
export const CEREMONY_FIELDS: CeremonyField[] = ['tabletType', 'tier', 'time'];
export const emptyCeremonyForm: CeremonyForm = { tabletType: '', tier: '', date: null, time: null };

/** The order without what the order dialog adds (cause, entries, mobile) and the sending instant. */
export type CeremonyDraft = Omit<
  CeremonyOrderRequest,
  'FS_CAUSE' | 'MOBILE' | 'WS_FG_JY' | 'WS_YS' | 'WS_FG_ZZ' | 'jyList' | 'zzList' | 'ysList' | 'JF_DATE'
>;
/** The order the browser sends, JF_DATE (the sending instant) added when it is sent. */
export type CeremonyOrderDraft = Omit<CeremonyOrderRequest, 'JF_DATE'>;

/** The tablet types of a ceremony type, in the price map's order. */
export const tabletTypesOf = (detail: CeremonyTypeDetail): string[] => [
  ...new Set(detail.priceList.map((p) => p.FS_CONTENT)),
];
/** The quantity tiers of a tablet type, each with its price (yuan). */
export const tiersOf = (detail: CeremonyTypeDetail, tabletType: string) =>
  detail.priceList.filter((p) => p.FS_CONTENT === tabletType).map((p) => ({ tier: p.MANY, price: p.PRICE }));
/** The price (yuan) of a tablet type × tier, or null when the map has none. */
export const priceOf = (detail: CeremonyTypeDetail, form: Pick<CeremonyForm, 'tabletType' | 'tier'>) =>
  detail.priceList.find((p) => p.FS_CONTENT === form.tabletType && p.MANY === form.tier)?.PRICE ?? null;

type Judged =
  | { outcome: 'invalid'; errors: Partial<Record<CeremonyField, string>> }
  | { outcome: 'valid'; draft: CeremonyDraft };

/**
 * 提交 on the booking screen: 请确认选项 beside a tablet type, else a tier, that is missing or not
 * in the price map, 请选择时间 beside the calendar while no date with one of the type's slots is chosen.
 */
export const judgeCeremonyForm = (detail: CeremonyTypeDetail, form: CeremonyForm): Judged => {
  const errors: Partial<Record<CeremonyField, string>> = {};
  const price = priceOf(detail, form);
  // The tier is asked for once a tablet type is chosen: one message for one missing choice.
  if (!tabletTypesOf(detail).includes(form.tabletType)) errors.tabletType = CEREMONY_MESSAGES.unknownTier;
  else if (price === null) errors.tier = CEREMONY_MESSAGES.unknownTier;
  if (!form.date || !form.time || !detail.SLOTS.includes(form.time))
    errors.time = CEREMONY_MESSAGES.chooseTime;
  if (price === null || !form.date || !form.time || Object.keys(errors).length > 0)
    return { outcome: 'invalid', errors };
  return {
    outcome: 'valid',
    draft: {
      type: ORDER_TYPES.ceremony,
      CHANNEL: CEREMONY_RULES.channel,
      FS_TYPE: detail.FS_TYPE,
      FS_DATE: form.date,
      FS_TIME: form.time,
      MANY: form.tier,
      GDJ_TOTAL: price,
      FS_CONTENT: form.tabletType,
      FS_ADDRESS: '',
      REMARK: '',
      PAY_METHOD: CEREMONY_RULES.payMethod,
      MONEY: CEREMONY_RULES.money,
      BLR: CEREMONY_RULES.blr,
    },
  };
};

export interface CeremonyOrderFacts {
  entries: number;
  agreed: boolean;
  cause: string;
}

/** The entries a ceremony order takes: one to five (000 section 9); the editor refuses a sixth. */
export const CEREMONY_ENTRY_LIMIT: EntryLimit = {
  min: 1,
  max: CEREMONY_RULES.maxEntries,
  full: CEREMONY_MESSAGES.entryLimit,
};

/** The order dialog's rules in their order: an entry, the agreement, at most 5 entries, the cause. */
export const judgeCeremonyOrder = (facts: CeremonyOrderFacts): string | null => {
  if (facts.entries < CEREMONY_ENTRY_LIMIT.min) return CEREMONY_MESSAGES.addEntry;
  if (!facts.agreed) return CEREMONY_MESSAGES.agree;
  if (facts.entries > CEREMONY_ENTRY_LIMIT.max) return CEREMONY_ENTRY_LIMIT.full;
  return causeRefusal(facts.cause);
};

const line = (...parts: string[]) => parts.filter(Boolean).join(' ');

/**
 * The text blocks the temple prints from (WS_FG_JY, WS_YS, WS_FG_ZZ): a line per tablet with its
 * dates (父母张三 生1930-01-01 殁2020-01-01), a line of yang-shang names per deceased entry.
 */
export const ceremonyTextBlocks = (entries: readonly MemorialEntry[]) => {
  const jy: string[] = [];
  const ys: string[] = [];
  const zz: string[] = [];
  for (const entry of entries) {
    if (entry.type === '往生') {
      const form = entry.form;
      for (const i of TABLETS)
        if (form[`seat${i}`])
          jy.push(
            line(
              jyText(form, i),
              form[`birth${i}`] && `生${form[`birth${i}`]}`,
              form[`death${i}`] && `殁${form[`death${i}`]}`,
            ),
          );
      ys.push(
        SHANG_FIELDS.map((s) => form[s].trim())
          .filter(Boolean)
          .join('、'),
      );
    } else {
      const form = entry.form;
      for (const i of TABLETS) {
        const name = form[`y${i}`].trim();
        if (name) zz.push(line(name, form[`birth${i}`] && `生${form[`birth${i}`]}`));
      }
    }
  }
  return { WS_FG_JY: jy.join('\n'), WS_YS: ys.join('\n'), WS_FG_ZZ: zz.join('\n') };
};

/** The order of the draft with the entries (jyList, zzList, ysList and their text), cause and mobile. */
export const ceremonyOrderOf = (
  draft: CeremonyDraft,
  entries: readonly MemorialEntry[],
  facts: { cause: string; mobile: string },
): CeremonyOrderDraft => ({
  ...draft,
  FS_CAUSE: facts.cause,
  MOBILE: facts.mobile,
  ...ceremonyTextBlocks(entries),
  jyList: entries.flatMap((e) => (e.type === '往生' ? [toJyEntry(e.form, 'ceremony')] : [])),
  ysList: entries.flatMap((e) => (e.type === '往生' ? [toYsEntry(e.form)] : [])),
  zzList: entries.flatMap((e) => (e.type === '延生' ? [toZzEntry(e.form, 'ceremony')] : [])),
});
