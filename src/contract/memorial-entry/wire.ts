import * as v from 'valibot';
import { DATE } from './dates';
import {
  type BlessingForm,
  type DeceasedForm,
  type EntryType,
  emptyBlessingForm,
  emptyDeceasedForm,
  isNameDisabled,
  type MemorialEntry,
  SHANG_FIELDS,
  seatOf,
  TABLETS,
  type TabletIndex,
  tabletName,
} from './forms';
import {
  blessingFormSchema,
  checkRules,
  deceasedObject,
  deceasedRules,
  localToday,
  type Part,
} from './schemas';
import {
  ANCESTORS,
  type EntryOptions,
  type EntryVariant,
  M,
  NO_NAME_SEATS,
  SEPARATE_SEATS,
  SEVEN_GENERATIONS,
  SITE_GUARDIAN,
  UNBORN_INFANT,
} from './seats';

/** The wire entries of the orders (jyList / zzList / ysList) and the text a tablet prints. */

/** JY text: the seat and the name combined as a tablet reads (王氏历代祖先, 父母张三). */
export const jyText = (form: DeceasedForm, i: TabletIndex): string => {
  const seat = seatOf(form, i);
  const name = tabletName(form, i).trim();
  if (!seat || isNameDisabled(seat)) return seat;
  if (seat === ANCESTORS) return `${name.replace(/氏$/, '') || '□'}氏历代祖先`;
  if (seat === UNBORN_INFANT || seat === SITE_GUARDIAN) return `${name}${seat}`;
  return `${seat}${name}`;
};

/** The seat and name back from a JY text (no seat is a prefix of another; group 1 ends the text). */
export const parseJyText = (jy: string): { seat: string; name: string } => {
  const separate = (SEPARATE_SEATS as readonly string[])
    .concat(SEVEN_GENERATIONS)
    .find((s) => jy.startsWith(s));
  if (separate) return { seat: separate, name: jy.slice(separate.length) };
  if (NO_NAME_SEATS.includes(jy)) return { seat: jy, name: '' };
  if (jy.endsWith('氏历代祖先')) return { seat: ANCESTORS, name: jy.slice(0, -5).replace(/^□$/, '') };
  for (const s of [UNBORN_INFANT, SITE_GUARDIAN])
    if (jy.endsWith(s)) return { seat: s, name: jy.slice(0, -s.length) };
  return { seat: jy ? '?' : '', name: '' };
};

const wire = (message: string, max: number) =>
  v.pipe(v.optional(v.string(message), ''), v.trim(), v.maxLength(max, message));
const wireDate = v.pipe(
  v.optional(v.string(M.dateInvalid), ''),
  v.check((s) => s === '' || DATE.test(s), M.dateInvalid),
);
const jyFields = { JY1: wire(M.tabletName, 80), JY2: wire(M.tabletName, 80), JY3: wire(M.tabletName, 80) };
const ysFields = Object.fromEntries(
  SHANG_FIELDS.map((_, k) => [`YS${k + 1}`, wire(M.shangRequired, 20)]),
) as Record<`YS${1 | 2 | 3 | 4 | 5 | 6}`, ReturnType<typeof wire>>;
const datesOf = (kind: 'BIRTH_DAY' | 'DEATH_DAY') =>
  ({ [`${kind}1`]: wireDate, [`${kind}2`]: wireDate, [`${kind}3`]: wireDate }) as Record<
    `${typeof kind}${TabletIndex}`,
    typeof wireDate
  >;

type Wire = Record<string, string>;
const deceasedFromWire = (w: Wire): DeceasedForm => {
  const form = { ...emptyDeceasedForm };
  for (const i of TABLETS) {
    const { seat, name } = parseJyText(w[`JY${i}`] ?? '');
    form[`seat${i}`] = seat;
    if (i === 1 && seat === UNBORN_INFANT) form.name1_1 = name;
    else form[`name${i}`] = name;
    form[`birth${i}`] = w[`BIRTH_DAY${i}`] ?? '';
    form[`death${i}`] = w[`DEATH_DAY${i}`] ?? '';
  }
  SHANG_FIELDS.forEach((f, k) => {
    form[f] = w[`YS${k + 1}`] ?? '';
  });
  return form;
};

/** Re-judges a wire entry with the dialog's own rules; each failure is an issue with its message. */
const judgedBy = <W extends object>(schemaOf: () => v.GenericSchema, toForm: (w: Wire) => object) =>
  v.rawCheck<W>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const result = v.safeParse(schemaOf(), toForm(dataset.value as Wire));
    if (!result.success) for (const issue of result.issues) addIssue({ message: issue.message });
  });

/**
 * `today` (YYYY-MM-DD, asked at each parse) bounds the ceremony's dates: the browser's own day by
 * default; the server passes its clock's temple day (`ceremonyEntriesOn`).
 */
type Today = () => string;

const seatShangPart =
  (opts: EntryOptions, parts: readonly Part[], today: Today = localToday) =>
  () =>
    v.pipe(deceasedObject, checkRules(deceasedRules(opts, today(), parts)));

const assemblyJyObject = v.object({ ...jyFields, ...ysFields }, M.entryInvalid);
const zzNames = { ZZ1: wire(M.tabletName, 40), ZZ2: wire(M.tabletName, 40), ZZ3: wire(M.tabletName, 40) };
const assemblyZzObject = v.object(zzNames, M.entryInvalid);
const ceremonyJyObject = v.object(
  { ...jyFields, ...datesOf('BIRTH_DAY'), ...datesOf('DEATH_DAY') },
  M.entryInvalid,
);
const ceremonyZzObject = v.object({ ...zzNames, ...datesOf('BIRTH_DAY') }, M.entryInvalid);
const ysObject = v.object(ysFields, M.entryInvalid);

/**
 * Assembly jyList entry: { JY1, JY2?, JY3?, YS1, YS2?..YS6? } (strings, trimmed; JY = seat + name
 * as `jyText` writes it, e.g. 父母张三, 王氏历代祖先). Accepts exactly what the assembly deceased
 * dialog accepts (七世父母 only with `sevenGenerations`), refusing with the dialog's Chinese message.
 */
export const assemblyJyEntryFor = (opts: Omit<EntryOptions, 'variant'> = {}) =>
  v.pipe(
    assemblyJyObject,
    judgedBy<v.InferOutput<typeof assemblyJyObject>>(
      seatShangPart({ ...opts, variant: 'assembly' }, ['tablets', 'shang']),
      deceasedFromWire,
    ),
  );
/** Assembly zzList entry: { ZZ1, ZZ2?, ZZ3? }, 6 characters each (4 with blessingNameLength 4). */
export const assemblyZzEntryFor = (opts: Omit<EntryOptions, 'variant'> = {}) =>
  v.pipe(
    assemblyZzObject,
    judgedBy<v.InferOutput<typeof assemblyZzObject>>(
      () => blessingFormSchema({ ...opts, variant: 'assembly' }),
      (w) => ({ ...emptyBlessingForm, y1: w.ZZ1 ?? '', y2: w.ZZ2 ?? '', y3: w.ZZ3 ?? '' }),
    ),
  );

/** Assembly jyList entry with the usual options (no 七世父母: `assemblyJyEntryFor({ sevenGenerations: true })`). */
export const assemblyJyEntry = assemblyJyEntryFor();
/** Assembly zzList entry, 6-character names (the wisdom assembly: `assemblyZzEntryFor({ blessingNameLength: 4 })`). */
export const assemblyZzEntry = assemblyZzEntryFor();
/**
 * Ceremony jyList entry: { JY1, JY2?, JY3?, BIRTH_DAY1..3?, DEATH_DAY1..3? } (dates YYYY-MM-DD or
 * ''); the yang-shang names travel in ysList (`ceremonyYsEntry`).
 */
const ceremonyJyEntryWith = (today: Today) =>
  v.pipe(
    ceremonyJyObject,
    judgedBy<v.InferOutput<typeof ceremonyJyObject>>(
      seatShangPart({ variant: 'ceremony' }, ['tablets', 'dates'], today),
      deceasedFromWire,
    ),
  );
export const ceremonyJyEntry = ceremonyJyEntryWith(localToday);
/** Ceremony zzList entry: { ZZ1, ZZ2?, ZZ3?, BIRTH_DAY1..3 } (a birth date for each name). */
const ceremonyZzEntryWith = (today: Today) =>
  v.pipe(
    ceremonyZzObject,
    judgedBy<v.InferOutput<typeof ceremonyZzObject>>(
      () => blessingFormSchema({ variant: 'ceremony' }, today()),
      (w) => ({
        y1: w.ZZ1 ?? '',
        y2: w.ZZ2 ?? '',
        y3: w.ZZ3 ?? '',
        birth1: w.BIRTH_DAY1 ?? '',
        birth2: w.BIRTH_DAY2 ?? '',
        birth3: w.BIRTH_DAY3 ?? '',
      }),
    ),
  );
export const ceremonyZzEntry = ceremonyZzEntryWith(localToday);
/** The ceremony's dated entries judged on a given day (YYYY-MM-DD): the server's, on its clock. */
export const ceremonyEntriesOn = (today: string) => ({
  jy: ceremonyJyEntryWith(() => today),
  zz: ceremonyZzEntryWith(() => today),
});
/** Ceremony ysList entry: { YS1, YS2?..YS6? }. */
export const ceremonyYsEntry = v.pipe(
  ysObject,
  judgedBy<v.InferOutput<typeof ysObject>>(
    seatShangPart({ variant: 'ceremony' }, ['shang']),
    deceasedFromWire,
  ),
);
export type AssemblyJyEntry = v.InferOutput<typeof assemblyJyEntry>;
export type AssemblyZzEntry = v.InferOutput<typeof assemblyZzEntry>;
export type CeremonyJyEntry = v.InferOutput<typeof ceremonyJyEntry>;
export type CeremonyZzEntry = v.InferOutput<typeof ceremonyZzEntry>;
export type CeremonyYsEntry = v.InferOutput<typeof ceremonyYsEntry>;

const ysOf = (form: DeceasedForm) =>
  Object.fromEntries(SHANG_FIELDS.map((f, k) => [`YS${k + 1}`, form[f].trim()])) as CeremonyYsEntry;

/** A deceased entry on the wire: the assembly's carries YS1..6, the ceremony's the dates. */
export function toJyEntry(form: DeceasedForm, variant: 'assembly'): AssemblyJyEntry;
export function toJyEntry(form: DeceasedForm, variant: 'ceremony'): CeremonyJyEntry;
export function toJyEntry(form: DeceasedForm, variant: EntryVariant): AssemblyJyEntry | CeremonyJyEntry {
  const jy = { JY1: jyText(form, 1), JY2: jyText(form, 2), JY3: jyText(form, 3) };
  if (variant === 'assembly') return { ...jy, ...ysOf(form) };
  return {
    ...jy,
    BIRTH_DAY1: form.birth1,
    BIRTH_DAY2: form.birth2,
    BIRTH_DAY3: form.birth3,
    DEATH_DAY1: form.death1,
    DEATH_DAY2: form.death2,
    DEATH_DAY3: form.death3,
  };
}
export const toYsEntry = ysOf;

export function toZzEntry(form: BlessingForm, variant: 'assembly'): AssemblyZzEntry;
export function toZzEntry(form: BlessingForm, variant: 'ceremony'): CeremonyZzEntry;
export function toZzEntry(form: BlessingForm, variant: EntryVariant): AssemblyZzEntry | CeremonyZzEntry {
  const zz = { ZZ1: form.y1.trim(), ZZ2: form.y2.trim(), ZZ3: form.y3.trim() };
  if (variant === 'assembly') return zz;
  return { ...zz, BIRTH_DAY1: form.birth1, BIRTH_DAY2: form.birth2, BIRTH_DAY3: form.birth3 };
}

/**
 * An entry as the order stores it and a roster reads it back: its kind, the names its tablets
 * bear (往生: the JY texts, 父母张三 / 王氏历代祖先; 延生: the names) and the 阳上 names. What a
 * tablet prints is composed from this (tablet-text.ts), in the believer's preview and on the sheet.
 */
export interface TabletEntry {
  kind: EntryType;
  tablets: readonly string[];
  ys: readonly string[];
}

/** The entry a dialog saved, as the order will store it (names trimmed, empty ones left out). */
export const tabletEntryOf = (entry: MemorialEntry): TabletEntry => {
  if (entry.type === '延生') {
    const names = [entry.form.y1, entry.form.y2, entry.form.y3].map((n) => n.trim()).filter(Boolean);
    return { kind: '延生', tablets: names, ys: [] };
  }
  const form = entry.form;
  return {
    kind: '往生',
    tablets: TABLETS.filter((i) => seatOf(form, i)).map((i) => jyText(form, i)),
    ys: SHANG_FIELDS.map((f) => form[f].trim()).filter(Boolean),
  };
};

/** How many tablets an entry fills (000 `length`, 1 to 3). */
export const entryLength = (entry: MemorialEntry): number =>
  entry.type === '往生'
    ? TABLETS.filter((i) => seatOf(entry.form, i)).length
    : [entry.form.y1, entry.form.y2, entry.form.y3].filter((y) => y.trim()).length;

/** What a sender may leave out (the empty tablets and names): the wire entries as they are sent. */
export type AssemblyJyEntryInput = v.InferInput<typeof assemblyJyEntry>;
export type AssemblyZzEntryInput = v.InferInput<typeof assemblyZzEntry>;
export type CeremonyJyEntryInput = v.InferInput<typeof ceremonyJyEntry>;
export type CeremonyZzEntryInput = v.InferInput<typeof ceremonyZzEntry>;
