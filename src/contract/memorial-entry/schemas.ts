import * as v from 'valibot';
import { birthDateLimits, DATE, isoDay, withinLimits } from './dates';
import {
  type BlessingField,
  type BlessingForm,
  blessingMaxLength,
  type DeceasedField,
  type DeceasedForm,
  type EntryType,
  isBlessingEnabled,
  isNameDisabled,
  isShangDisabled,
  isTabletEnabled,
  SHANG_FIELDS,
  seatOf,
  seatOptions,
  TABLETS,
  type TabletIndex,
  tabletName,
} from './forms';
import {
  ANCESTORS,
  allSeats,
  type EntryOptions,
  M,
  NAME_OPTIONAL_SEATS,
  OTHER_SEAT,
  SEAT_GROUP_ONE,
  SEPARATE_SEATS,
  SITE_GUARDIAN,
  UNBORN_INFANT,
} from './seats';

/** One schema per dialog per variant: each failed rule lands its message on the field the believer fixes. */

const NAME_CHARS = /^[\u4e00-\u9fa5A-Za-z ]*$/;
/** Site guardian: an address, so digits and the usual address marks as well. */
const ADDRESS_CHARS = /^[\u4e00-\u9fa5A-Za-z0-9 \-#（）()、，,.·号路弄室栋层]*$/;
const isoDate = v.pipe(
  v.string(M.dateInvalid),
  v.trim(),
  v.check((s) => s === '' || DATE.test(s), M.dateInvalid),
);
const text = (message: string) =>
  v.pipe(v.optional(v.string(message), ''), v.trim(), v.maxLength(200, message));

interface Rule<F> {
  field: keyof F & string;
  holds: (form: F) => boolean;
  message: string;
}
/** The rules as one check: each failed rule is an issue on its field, in the rules' order. */
export const checkRules = <F extends object>(rules: Rule<F>[]) =>
  v.rawCheck<F>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const form = dataset.value as Record<string, unknown>;
    for (const r of rules) {
      if (r.holds(dataset.value)) continue;
      const at = {
        type: 'object',
        origin: 'value',
        input: form,
        key: r.field,
        value: form[r.field],
      } as const;
      addIssue({ message: r.message, path: [at] });
    }
  });

const fits = (value: string, max: number, chars: RegExp) => value.length <= max && chars.test(value);

/** Tablet i's seat and name rules for a variant, in the order the believer meets them. */
const tabletRules = (i: TabletIndex, opts: EntryOptions): Rule<DeceasedForm>[] => {
  const seat = (f: DeceasedForm) => seatOf(f, i);
  const nameField: DeceasedField = i === 1 ? 'name1' : `name${i}`;
  const name = (f: DeceasedForm) => tabletName(f, i);
  const is = (f: DeceasedForm, s: string) => seat(f) === s;
  const usesName = (f: DeceasedForm) => seat(f) !== '' && !isNameDisabled(seat(f));
  const field = (f: DeceasedForm): DeceasedField => (i === 1 && is(f, UNBORN_INFANT) ? 'name1_1' : nameField);
  const on = (target: DeceasedField, r: Omit<Rule<DeceasedForm>, 'field'>): Rule<DeceasedForm> => ({
    field: target,
    holds: (f) => (usesName(f) && field(f) === target ? r.holds(f) : true),
    message: r.message,
  });
  const seatRules: Rule<DeceasedForm>[] = [
    ...(i === 1
      ? [{ field: 'seat1' as const, holds: (f: DeceasedForm) => f.seat1 !== '', message: M.seatType }]
      : []),
    { field: `seat${i}`, holds: (f) => !seat(f) || allSeats(opts).includes(seat(f)), message: M.seatUnknown },
    {
      field: `seat${i}`,
      holds: (f) => !seat(f) || seatOptions(i, f, opts).includes(seat(f)),
      message: M.seatGroup,
    },
    { field: `seat${i}`, holds: (f) => !seat(f) || isTabletEnabled(i, f), message: M.previousFirst },
    { field: `seat${i}`, holds: (f) => seat(f) !== '' || name(f).trim() === '', message: M.seatType },
  ];
  const targets: DeceasedField[] = i === 1 ? ['name1', 'name1_1'] : [nameField];
  const nameRules = targets.flatMap((target): Rule<DeceasedForm>[] =>
    opts.variant === 'ceremony'
      ? [
          on(target, {
            holds: (f) => NAME_OPTIONAL_SEATS.includes(seat(f)) || name(f) !== '',
            message: M.tabletName,
          }),
          on(target, {
            holds: (f) => (is(f, SITE_GUARDIAN) ? ADDRESS_CHARS : NAME_CHARS).test(name(f)),
            message: M.charsSpaces,
          }),
          on(target, { holds: (f) => !is(f, UNBORN_INFANT) || name(f).length <= 4, message: M.within4 }),
          on(target, { holds: (f) => name(f).length <= 10, message: M.within10 }),
        ]
      : [
          on(target, { holds: (f) => !is(f, OTHER_SEAT) || name(f) !== '', message: M.otherName }),
          on(target, { holds: (f) => !is(f, ANCESTORS) || name(f) !== '', message: M.surnameRequired }),
          on(target, { holds: (f) => !is(f, SITE_GUARDIAN) || name(f) !== '', message: M.addressRequired }),
          on(target, {
            holds: (f) => !(SEPARATE_SEATS as readonly string[]).includes(seat(f)) || name(f) !== '',
            message: M.nameRequired,
          }),
          on(target, {
            holds: (f) => !is(f, UNBORN_INFANT) || fits(name(f), 4, NAME_CHARS),
            message: M.infantName,
          }),
          on(target, {
            holds: (f) => !is(f, ANCESTORS) || fits(name(f), 4, NAME_CHARS),
            message: M.assembly4,
          }),
          on(target, {
            holds: (f) => !is(f, SITE_GUARDIAN) || fits(name(f), 50, ADDRESS_CHARS),
            message: M.assembly50,
          }),
          on(target, {
            holds: (f) => SEAT_GROUP_ONE.includes(seat(f) as never) || fits(name(f), 6, NAME_CHARS),
            message: M.assembly6,
          }),
        ],
  );
  return [...seatRules, ...nameRules];
};

const shangRules = (): Rule<DeceasedForm>[] => [
  { field: 'shang1', holds: (f) => f.shang1 !== '', message: M.shangRequired },
  ...SHANG_FIELDS.flatMap((field, k): Rule<DeceasedForm>[] => [
    { field, holds: (f) => !isShangDisabled(k + 1, f) || f[field] === '', message: M.shangRequired },
    { field, holds: (f) => NAME_CHARS.test(f[field]), message: M.charsOnly },
    { field, holds: (f) => f[field].length <= 6, message: M.within6 },
  ]),
];

const deceasedDateRules = (today: string): Rule<DeceasedForm>[] =>
  TABLETS.flatMap((i): Rule<DeceasedForm>[] => [
    { field: `birth${i}`, holds: (f) => !f[`birth${i}`] || seatOf(f, i) !== '', message: M.seatType },
    {
      field: `birth${i}`,
      holds: (f) => !f[`birth${i}`] || !f[`death${i}`] || f[`birth${i}`] <= f[`death${i}`],
      message: M.birthAfterDeath,
    },
    {
      field: `birth${i}`,
      holds: (f) =>
        !f[`birth${i}`] || f[`death${i}`] !== '' || withinLimits(f[`birth${i}`], birthDateLimits('', today)),
      message: M.birthTooLate,
    },
    {
      field: `death${i}`,
      holds: (f) => !f[`death${i}`] || withinLimits(f[`death${i}`], { min: null, max: today }),
      message: M.deathTooLate,
    },
  ]);

export const deceasedObject = v.object(
  {
    seat1: text(M.seatType),
    seat2: text(M.seatType),
    seat3: text(M.seatType),
    name1: text(M.tabletName),
    name2: text(M.tabletName),
    name3: text(M.tabletName),
    name1_1: text(M.tabletName),
    shang1: text(M.shangRequired),
    shang2: text(M.shangRequired),
    shang3: text(M.shangRequired),
    shang4: text(M.shangRequired),
    shang5: text(M.shangRequired),
    shang6: text(M.shangRequired),
    birth1: v.optional(isoDate, ''),
    birth2: v.optional(isoDate, ''),
    birth3: v.optional(isoDate, ''),
    death1: v.optional(isoDate, ''),
    death2: v.optional(isoDate, ''),
    death3: v.optional(isoDate, ''),
  },
  M.entryInvalid,
);
const blessingObject = v.object(
  {
    y1: text(M.tabletName),
    y2: text(M.tabletName),
    y3: text(M.tabletName),
    birth1: v.optional(isoDate, ''),
    birth2: v.optional(isoDate, ''),
    birth3: v.optional(isoDate, ''),
  },
  M.entryInvalid,
);

export type Part = 'tablets' | 'shang' | 'dates';
export const deceasedRules = (
  opts: EntryOptions,
  today: string,
  parts: readonly Part[],
): Rule<DeceasedForm>[] => [
  ...(parts.includes('tablets') ? TABLETS.flatMap((i) => tabletRules(i, opts)) : []),
  ...(parts.includes('shang') ? shangRules() : []),
  ...(parts.includes('dates') && opts.variant === 'ceremony' ? deceasedDateRules(today) : []),
];

const blessingRules = (opts: EntryOptions, today: string): Rule<BlessingForm>[] => {
  const max = blessingMaxLength(opts);
  const ceremony = opts.variant === 'ceremony';
  const lengthMessage = ceremony ? M.within20 : max === 4 ? M.assembly4 : M.assembly6;
  return TABLETS.flatMap((i): Rule<BlessingForm>[] => {
    const y = `y${i}` as const;
    const birth = `birth${i}` as const;
    return [
      ...(i === 1 ? [{ field: y, holds: (f: BlessingForm) => f.y1 !== '', message: M.tabletName }] : []),
      { field: y, holds: (f) => !f[y] || isBlessingEnabled(i, f), message: M.previousFirst },
      { field: y, holds: (f) => NAME_CHARS.test(f[y]), message: ceremony ? M.charsSpaces : lengthMessage },
      { field: y, holds: (f) => f[y].length <= max, message: lengthMessage },
      ...(ceremony
        ? [
            { field: birth, holds: (f: BlessingForm) => !f[y] || f[birth] !== '', message: M.birthRequired },
            { field: birth, holds: (f: BlessingForm) => !f[birth] || f[y] !== '', message: M.tabletName },
            {
              field: birth,
              holds: (f: BlessingForm) => !f[birth] || withinLimits(f[birth], birthDateLimits('', today)),
              message: M.birthTooLate,
            },
          ]
        : []),
    ];
  });
};

export const localToday = () => isoDay(new Date());

/** The deceased dialog's schema for a variant (today: YYYY-MM-DD, for the date limits). */
export const deceasedFormSchema = (opts: EntryOptions, today = localToday()) =>
  v.pipe(deceasedObject, checkRules(deceasedRules(opts, today, ['tablets', 'shang', 'dates'])));
export const blessingFormSchema = (opts: EntryOptions, today = localToday()) =>
  v.pipe(blessingObject, checkRules(blessingRules(opts, today)));

/** The four dialogs' schemas with the usual options (6-character blessings, no 七世父母). */
export const assemblyDeceasedForm = deceasedFormSchema({ variant: 'assembly' });
export const ceremonyDeceasedForm = deceasedFormSchema({ variant: 'ceremony' });
export const assemblyBlessingForm = blessingFormSchema({ variant: 'assembly' });
export const ceremonyBlessingForm = blessingFormSchema({ variant: 'ceremony' });

export type FieldErrors<F> = Partial<Record<keyof F & string, string>>;
export type Judgement<F, T extends EntryType> =
  | { outcome: 'valid'; entry: { type: T; form: F } }
  | { outcome: 'invalid'; errors: FieldErrors<F> };

const judgeWith = <F extends object, T extends EntryType>(
  schema: v.GenericSchema<unknown, F>,
  type: T,
  form: unknown,
): Judgement<F, T> => {
  const result = v.safeParse(schema, form);
  if (result.success) return { outcome: 'valid', entry: { type, form: result.output } };
  const errors: FieldErrors<F> = {};
  for (const issue of result.issues) {
    const field = (v.getDotPath(issue) ?? 'seat1') as keyof F & string;
    errors[field] ??= issue.message;
  }
  return { outcome: 'invalid', errors };
};

/** The deceased dialog judged: each field's first message, or the trimmed entry. */
export const judgeDeceasedForm = (form: DeceasedForm, opts: EntryOptions, today = localToday()) =>
  judgeWith<DeceasedForm, '往生'>(deceasedFormSchema(opts, today), '往生', form);
export const judgeBlessingForm = (form: BlessingForm, opts: EntryOptions, today = localToday()) =>
  judgeWith<BlessingForm, '延生'>(blessingFormSchema(opts, today), '延生', form);

/** The fields in dialog order: the first with a message gets the focus. */
export const DECEASED_FIELDS: DeceasedField[] = [
  'seat1',
  'name1',
  'name1_1',
  'birth1',
  'death1',
  'seat2',
  'name2',
  'birth2',
  'death2',
  'seat3',
  'name3',
  'birth3',
  'death3',
  ...SHANG_FIELDS,
];
export const BLESSING_FIELDS: BlessingField[] = ['y1', 'birth1', 'y2', 'birth2', 'y3', 'birth3'];
