import * as v from 'valibot';

/**
 * The memorial-entry form model (spec 000 sections 3-5): the deceased (往生) and blessing (延生)
 * dialogs of the assembly registration and the ceremony booking, their seat-type list and group
 * rule, the options and disabled states as pure functions, one valibot schema per dialog per
 * variant with the spec's messages, and the wire entries (jyList / zzList / ysList) the server
 * re-validates with the same rules.
 */

// ---------------------------------------------------------------------------------------------
// Seat types

export const ALL_BEINGS = '十方法界一切众生';
export const CREDITORS = '累世冤亲债主';
export const UNBORN_INFANT = '未出世婴灵';
export const ANCESTORS = '□氏历代祖先';
export const SITE_GUARDIAN = '地基主';
export const SEVEN_GENERATIONS = '七世父母';
export const OTHER_SEAT = '其他';

/** Group 1: the second and third tablet may be any of these when the first is one of them. */
export const SEAT_GROUP_ONE = [ALL_BEINGS, CREDITORS, UNBORN_INFANT, ANCESTORS, SITE_GUARDIAN] as const;
/** The separate options: each is its own group (tablets 2 and 3 repeat the first one's seat). */
export const SEPARATE_SEATS = [
  '曾祖父母',
  '外曾祖父母',
  '祖父母',
  '外祖父母',
  '父母',
  '岳父母',
  '公婆',
  '先夫',
  '先妻',
  '子女',
  '姑父母',
  '伯叔父',
  '姨父母',
  '舅父母',
  '兄嫂',
  '弟弟弟媳',
  '姐姐姐夫',
  '妹妹妹夫',
  OTHER_SEAT,
] as const;

export type EntryVariant = 'assembly' | 'ceremony';
export interface EntryOptions {
  variant: EntryVariant;
  /** Blessing-name length in the assembly: 6, or 4 for the wisdom assembly. */
  blessingNameLength?: 6 | 4;
  /** The festival assembly that offers 七世父母 (assembly only). */
  sevenGenerations?: boolean;
}

export const MEMORIAL_MESSAGES = {
  chooseType: '请选择类型',
  tabletName: '请输入牌位名称',
  seatType: '请选择牌位类型',
  charsSpaces: '请输入中文、英文或空格',
  charsOnly: '只能输入中文和字母',
  within20: '请输入20个字以内',
  within10: '请输入10个字以内',
  within6: '请输入6个字以内',
  within4: '请输入4个字以内',
  shangRequired: '请输入阳上人姓名',
  birthRequired: '请选择延生者出生日期',
  assembly6: '请输入6个以内中文或英文字符',
  assembly4: '请输入4个以内中文或英文字符',
  assembly50: '请输入50个以内中文或英文字符',
  infantName: '姓名为4个字以内中文或英文',
  nameRequired: '请输入姓名！',
  surnameRequired: '请输入姓氏！',
  addressRequired: '请输入地址！',
  otherName: '请输入姓名',
  // The site's own, in the same voice (tampered or out-of-order input the dialogs never send).
  seatUnknown: '牌位类型不正确',
  seatGroup: '第二、三个牌位须与第一个牌位同组',
  previousFirst: '请先填写前一个',
  dateInvalid: '日期格式不正确',
  birthAfterDeath: '出生日期不能晚于往生日期',
  birthTooLate: '出生日期不能晚于昨天',
  deathTooLate: '往生日期不能晚于今天',
  entryInvalid: '明细信息有误',
} as const;

const M = MEMORIAL_MESSAGES;
const NO_NAME_SEATS: readonly string[] = [ALL_BEINGS, CREDITORS, SEVEN_GENERATIONS];
/** Ceremony: seats whose name may stay empty (000 section 5). */
const NAME_OPTIONAL_SEATS: readonly string[] = [
  UNBORN_INFANT,
  ALL_BEINGS,
  CREDITORS,
  ANCESTORS,
  SITE_GUARDIAN,
];

export const allSeats = (opts: Pick<EntryOptions, 'variant' | 'sevenGenerations'>): string[] => [
  ...SEAT_GROUP_ONE,
  ...SEPARATE_SEATS,
  ...(opts.variant === 'assembly' && opts.sevenGenerations ? [SEVEN_GENERATIONS] : []),
];

/** The seats of `seat`'s group: group 1, or the separate option alone. */
export const seatGroupOf = (seat: string): readonly string[] =>
  (SEAT_GROUP_ONE as readonly string[]).includes(seat) ? SEAT_GROUP_ONE : seat ? [seat] : [];

// ---------------------------------------------------------------------------------------------
// The forms (what the dialogs hold; dates are YYYY-MM-DD or '')

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

const seatOf = (form: DeceasedForm, i: TabletIndex) => form[`seat${i}`];
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

// ---------------------------------------------------------------------------------------------
// Dates (ceremony): pure limits for the pickers, YYYY-MM-DD strings

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const isoDay = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const shiftDay = (today: string, days: number): string => {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return isoDay(new Date(y, m - 1, d + days));
};
export interface DateLimits {
  min: string | null;
  max: string | null;
}
/** Birth: not after the death date, or (with none) after yesterday. */
export const birthDateLimits = (death: string, today: string): DateLimits => ({
  min: null,
  max: death || shiftDay(today, -1),
});
/**
 * Death: not before the birth date. 000 says "or, with no birth date, before yesterday", which
 * would refuse every past death (the original site's copy-paste); we keep it no later than today.
 */
export const deathDateLimits = (birth: string, today: string): DateLimits => ({
  min: birth || null,
  max: today,
});
const withinLimits = (day: string, limits: DateLimits) =>
  (!limits.min || day >= limits.min) && (!limits.max || day <= limits.max);

// ---------------------------------------------------------------------------------------------
// The schemas: a field rule lands its message on the field the believer fixes

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
const checkRules = <F extends object>(rules: Rule<F>[]) =>
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

const deceasedObject = v.object(
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

type Part = 'tablets' | 'shang' | 'dates';
const deceasedRules = (opts: EntryOptions, today: string, parts: readonly Part[]): Rule<DeceasedForm>[] => [
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

const localToday = () => isoDay(new Date());

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

// ---------------------------------------------------------------------------------------------
// Wire entries (000 section 3) and tablet text

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

const seatShangPart = (opts: EntryOptions, parts: readonly Part[]) => () =>
  v.pipe(deceasedObject, checkRules(deceasedRules(opts, localToday(), parts)));

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
export const ceremonyJyEntry = v.pipe(
  ceremonyJyObject,
  judgedBy<v.InferOutput<typeof ceremonyJyObject>>(
    seatShangPart({ variant: 'ceremony' }, ['tablets', 'dates']),
    deceasedFromWire,
  ),
);
/** Ceremony zzList entry: { ZZ1, ZZ2?, ZZ3?, BIRTH_DAY1..3 } (a birth date for each name). */
export const ceremonyZzEntry = v.pipe(
  ceremonyZzObject,
  judgedBy<v.InferOutput<typeof ceremonyZzObject>>(
    () => blessingFormSchema({ variant: 'ceremony' }),
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

/** What a tablet prints: its title, one column per name, and the petitioners (往生 only). */
export interface TabletText {
  kind: EntryType;
  /** 佛力超荐 (往生) / 佛光注照 (延生): the line at the top. */
  heading: string;
  columns: string[];
  /** 之莲位 / 长生禄位: the line at the foot. */
  footer: string;
  petitioners: string[];
}

/** 故 + seat + name for a relative (故父母张三); group 1 reads as the seat itself. */
const deceasedColumn = (form: DeceasedForm, i: TabletIndex): string => {
  const text = jyText(form, i);
  return (SEPARATE_SEATS as readonly string[]).includes(seatOf(form, i)) ||
    seatOf(form, i) === SEVEN_GENERATIONS
    ? `故${text}`
    : text;
};

export const tabletText = (entry: MemorialEntry): TabletText => {
  if (entry.type === '延生') {
    const names = [entry.form.y1, entry.form.y2, entry.form.y3].map((n) => n.trim()).filter(Boolean);
    return { kind: '延生', heading: '佛光注照', columns: names, footer: '长生禄位', petitioners: [] };
  }
  const form = entry.form;
  const columns = TABLETS.filter((i) => seatOf(form, i)).map((i) => deceasedColumn(form, i));
  const petitioners = SHANG_FIELDS.map((f) => form[f].trim()).filter(Boolean);
  return { kind: '往生', heading: '佛力超荐', columns, footer: '之莲位', petitioners };
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
