import {
  ANCESTORS,
  allSeats,
  type EntryOptions,
  NO_NAME_SEATS,
  SEVEN_GENERATIONS,
  SITE_GUARDIAN,
  seatGroupOf,
  UNBORN_INFANT,
} from './seats';

/** What the deceased and blessing dialogs hold, and their options and disabled states as pure functions. */

export const TABLETS = [1, 2, 3] as const;
export type TabletIndex = (typeof TABLETS)[number];
export const SHANG_FIELDS = ['shang1', 'shang2', 'shang3', 'shang4', 'shang5', 'shang6'] as const;

export interface DeceasedForm {
  seat1: string;
  seat2: string;
  seat3: string;
  name1: string;
  name2: string;
  name3: string;
  /** Tablet 1's unborn-infant short name (max 4); tablets 2-3 use their name field for it. */
  name1_1: string;
  shang1: string;
  shang2: string;
  shang3: string;
  shang4: string;
  shang5: string;
  shang6: string;
  /** Ceremony only (000 value1..value6: birth and death of each tablet in pairs). */
  birth1: string;
  birth2: string;
  birth3: string;
  death1: string;
  death2: string;
  death3: string;
}
export interface BlessingForm {
  y1: string;
  y2: string;
  y3: string;
  /** Ceremony only. */
  birth1: string;
  birth2: string;
  birth3: string;
}
export type DeceasedField = keyof DeceasedForm;
export type BlessingField = keyof BlessingForm;

export const emptyDeceasedForm: DeceasedForm = {
  seat1: '',
  seat2: '',
  seat3: '',
  name1: '',
  name2: '',
  name3: '',
  name1_1: '',
  shang1: '',
  shang2: '',
  shang3: '',
  shang4: '',
  shang5: '',
  shang6: '',
  birth1: '',
  birth2: '',
  birth3: '',
  death1: '',
  death2: '',
  death3: '',
};
export const emptyBlessingForm: BlessingForm = { y1: '', y2: '', y3: '', birth1: '', birth2: '', birth3: '' };

export type EntryType = '往生' | '延生';
export type MemorialEntry = { type: '往生'; form: DeceasedForm } | { type: '延生'; form: BlessingForm };

export const seatOf = (form: DeceasedForm, i: TabletIndex) => form[`seat${i}`];
/** The text of tablet i's name: tablet 1's unborn infant uses name1_1. */
export const tabletName = (form: DeceasedForm, i: TabletIndex): string =>
  i === 1 && form.seat1 === UNBORN_INFANT ? form.name1_1 : form[`name${i}`];

// ---------------------------------------------------------------------------------------------
// Options and disabled states

/** The seats tablet `index` may take: tablet 1 any; tablets 2-3 the first tablet's group. */
export const seatOptions = (
  index: TabletIndex,
  form: Pick<DeceasedForm, 'seat1'>,
  opts: Pick<EntryOptions, 'variant' | 'sevenGenerations'>,
): string[] => (index === 1 ? allSeats(opts) : [...seatGroupOf(form.seat1)]);

/** The name input is disabled with no seat, and for all-beings, creditors and 七世父母. */
export const isNameDisabled = (seat: string): boolean => seat === '' || NO_NAME_SEATS.includes(seat);

/** A tablet counts as filled once its seat is chosen and its name given (where one is asked). */
export const isTabletFilled = (index: TabletIndex, form: DeceasedForm): boolean => {
  const seat = seatOf(form, index);
  return (
    seat !== '' && (isNameDisabled(seat) || seat === UNBORN_INFANT || tabletName(form, index).trim() !== '')
  );
};

/** Tablets 2 and 3 are disabled until the previous one is filled. */
export const isTabletEnabled = (index: TabletIndex, form: DeceasedForm): boolean =>
  index === 1 || isTabletFilled((index - 1) as TabletIndex, form);

/** shang2..6 are disabled for seven-generations parents. */
export const isShangDisabled = (index: number, form: Pick<DeceasedForm, 'seat1'>): boolean =>
  index > 1 && form.seat1 === SEVEN_GENERATIONS;

/** Blessing names: y2 only after y1, y3 only after y2. */
export const isBlessingEnabled = (index: TabletIndex, form: BlessingForm): boolean =>
  index === 1 || form[`y${(index - 1) as TabletIndex}`].trim() !== '';

export const namePlaceholder = (seat: string): string =>
  seat === SITE_GUARDIAN ? '请输入地址' : seat === ANCESTORS ? '请输入姓氏' : '请输入姓名';

/** The name field's length limit for a seat in a variant. */
export const nameMaxLength = (seat: string, opts: Pick<EntryOptions, 'variant'>): number => {
  if (seat === UNBORN_INFANT) return 4;
  if (opts.variant === 'ceremony') return 10;
  if (seat === ANCESTORS) return 4;
  if (seat === SITE_GUARDIAN) return 50;
  return 6;
};
export const blessingMaxLength = (opts: EntryOptions): number =>
  opts.variant === 'ceremony' ? 20 : (opts.blessingNameLength ?? 6);

/** Changing seat 1 clears seats 2 and 3 (and their names); disabled fields are emptied. */
export const changeDeceasedField = (
  form: DeceasedForm,
  field: DeceasedField,
  value: string,
): DeceasedForm => {
  const next = { ...form, [field]: value };
  if (field === 'seat1' && value !== form.seat1) {
    Object.assign(next, { seat2: '', seat3: '', name2: '', name3: '' });
  }
  for (const i of TABLETS) if (isNameDisabled(next[`seat${i}`])) next[`name${i}`] = '';
  if (next.seat1 !== UNBORN_INFANT) next.name1_1 = '';
  if (isShangDisabled(2, next)) for (const f of SHANG_FIELDS.slice(1)) next[f] = '';
  return next;
};

/**
 * How many entries an order must and may have (its kind's rule: the assembly's QUANTITY, the
 * ceremony's five), and what the editor says when the list is full.
 */
export interface EntryLimit {
  min: number;
  max: number;
  /** Why no further entry can be added (the editor's 添加 says it). */
  full: string;
}
