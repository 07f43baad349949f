import {
  ALL_BEINGS,
  ANCESTORS,
  assemblyJyEntry,
  assemblyJyEntryFor,
  assemblyZzEntry,
  assemblyZzEntryFor,
  type BlessingForm,
  birthDateLimits,
  CREDITORS,
  ceremonyJyEntry,
  ceremonyYsEntry,
  ceremonyZzEntry,
  changeDeceasedField,
  type DeceasedForm,
  deathDateLimits,
  type EntryOptions,
  emptyBlessingForm,
  emptyDeceasedForm,
  isBlessingEnabled,
  isNameDisabled,
  isShangDisabled,
  isTabletEnabled,
  judgeBlessingForm,
  judgeDeceasedForm,
  MEMORIAL_MESSAGES as M,
  namePlaceholder,
  parseJyText,
  SEAT_GROUP_ONE,
  SEVEN_GENERATIONS,
  SITE_GUARDIAN,
  seatOptions,
  toJyEntry,
  toYsEntry,
  toZzEntry,
  UNBORN_INFANT,
} from '@contract/memorial-entry';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

const TODAY = '2026-11-22';
const assembly: EntryOptions = { variant: 'assembly' };
const ceremony: EntryOptions = { variant: 'ceremony' };
const deceased = (over: Partial<DeceasedForm> = {}): DeceasedForm => ({
  ...emptyDeceasedForm,
  seat1: '父母',
  name1: '张三',
  shang1: '张小明',
  ...over,
});
const blessing = (over: Partial<BlessingForm> = {}): BlessingForm => ({
  ...emptyBlessingForm,
  y1: '李四',
  ...over,
});
const deceasedErrors = (form: DeceasedForm, opts: EntryOptions) => {
  const judged = judgeDeceasedForm(form, opts, TODAY);
  return judged.outcome === 'invalid' ? judged.errors : {};
};
const blessingErrors = (form: BlessingForm, opts: EntryOptions) => {
  const judged = judgeBlessingForm(form, opts, TODAY);
  return judged.outcome === 'invalid' ? judged.errors : {};
};

describe('assembly deceased form (000 section 5)', () => {
  it.each<[string, Partial<DeceasedForm>, EntryOptions, keyof DeceasedForm, string]>([
    ['seat1 required', { seat1: '', name1: '' }, assembly, 'seat1', M.seatType],
    ['name required for a relative', { name1: '' }, assembly, 'name1', M.nameRequired],
    ['surname required for ancestors', { seat1: ANCESTORS, name1: '' }, assembly, 'name1', M.surnameRequired],
    [
      'address required for the site guardian',
      { seat1: SITE_GUARDIAN, name1: '' },
      assembly,
      'name1',
      M.addressRequired,
    ],
    ["'other' without a name", { seat1: '其他', name1: '' }, assembly, 'name1', M.otherName],
    ['6 characters for a relative', { name1: '张三李四王五赵' }, assembly, 'name1', M.assembly6],
    ['Chinese or English only', { name1: '张3' }, assembly, 'name1', M.assembly6],
    ['emoji refused', { name1: '张😀' }, assembly, 'name1', M.assembly6],
    [
      '4 for ancestors of a surname',
      { seat1: ANCESTORS, name1: '欧阳司马' + '氏' },
      assembly,
      'name1',
      M.assembly4,
    ],
    [
      '50 for the site guardian',
      { seat1: SITE_GUARDIAN, name1: '路'.repeat(51) },
      assembly,
      'name1',
      M.assembly50,
    ],
    [
      'the site guardian has a looser set',
      { seat1: SITE_GUARDIAN, name1: '@' },
      assembly,
      'name1',
      M.assembly50,
    ],
    [
      'unborn infant: 4 characters',
      { seat1: UNBORN_INFANT, name1_1: '张王李赵钱' },
      assembly,
      'name1_1',
      M.infantName,
    ],
    [
      'unborn infant: Chinese or English',
      { seat1: UNBORN_INFANT, name1_1: '张1' },
      assembly,
      'name1_1',
      M.infantName,
    ],
    ['shang1 required', { shang1: '' }, assembly, 'shang1', M.shangRequired],
    ['shang within 6', { shang3: '张三李四王五赵' }, assembly, 'shang3', M.within6],
    ['shang Chinese and letters only', { shang2: '张3' }, assembly, 'shang2', M.charsOnly],
    ['tablet 2 from tablet 1 group', { seat2: ALL_BEINGS }, assembly, 'seat2', M.seatGroup],
    ['tablet 3 only after tablet 2', { seat3: '父母', name3: '王五' }, assembly, 'seat3', M.previousFirst],
    [
      '七世父母 only where offered',
      { seat1: SEVEN_GENERATIONS, name1: '' },
      assembly,
      'seat1',
      M.seatUnknown,
    ],
    ['a name without a seat', { seat2: '', name2: '王五' }, assembly, 'seat2', M.seatType],
  ])('%s', (_, over, opts, field, message) => {
    expect(deceasedErrors(deceased(over), opts)[field]).toBe(message);
  });

  it('accepts a full entry, trimmed, and the group-1 seats without names', () => {
    const judged = judgeDeceasedForm(
      deceased({ name1: ' 张三 李四 ', seat2: '父母', name2: 'Tom', shang2: ' 王五 ' }),
      assembly,
      TODAY,
    );
    expect(judged).toMatchObject({
      outcome: 'valid',
      entry: { type: '往生', form: { name1: '张三 李四', shang2: '王五' } },
    });
    expect(deceasedErrors(deceased({ seat1: ALL_BEINGS, name1: '', seat2: CREDITORS }), assembly)).toEqual(
      {},
    );
    expect(deceasedErrors(deceased({ seat1: UNBORN_INFANT, name1: '' }), assembly)).toEqual({});
  });

  it('七世父母 where the assembly offers it, with shang2..6 refused', () => {
    const seven = { variant: 'assembly', sevenGenerations: true } as const;
    expect(deceasedErrors(deceased({ seat1: SEVEN_GENERATIONS, name1: '' }), seven)).toEqual({});
    expect(deceasedErrors(deceased({ seat1: SEVEN_GENERATIONS, shang2: '王五' }), seven).shang2).toBe(
      M.shangRequired,
    );
  });
});

describe('ceremony deceased form (000 section 5)', () => {
  it.each<[string, Partial<DeceasedForm>, keyof DeceasedForm, string]>([
    ['seat1 required', { seat1: '', name1: '' }, 'seat1', M.seatType],
    ['name within 10', { name1: '张'.repeat(11) }, 'name1', M.within10],
    ['name1_1 within 4', { seat1: UNBORN_INFANT, name1_1: '张'.repeat(5) }, 'name1_1', M.within4],
    ['names Chinese, English or spaces', { name1: '张-三' }, 'name1', M.charsSpaces],
    ['a relative needs its name', { name1: '' }, 'name1', M.tabletName],
    ["'other' needs its name", { seat1: '其他', name1: '' }, 'name1', M.tabletName],
    ['shang1 required', { shang1: '' }, 'shang1', M.shangRequired],
    ['shang within 6', { shang6: '张'.repeat(7) }, 'shang6', M.within6],
    ['birth not after death', { birth1: '2020-01-02', death1: '2020-01-01' }, 'birth1', M.birthAfterDeath],
    ['birth not after yesterday', { birth1: TODAY }, 'birth1', M.birthTooLate],
    ['death not after today', { death1: '2026-11-23' }, 'death1', M.deathTooLate],
    ['a date needs its tablet', { birth2: '2000-01-01' }, 'birth2', M.seatType],
  ])('%s', (_, over, field, message) => {
    expect(deceasedErrors(deceased(over), ceremony)[field]).toBe(message);
  });

  it.each([UNBORN_INFANT, ALL_BEINGS, CREDITORS, ANCESTORS, SITE_GUARDIAN])('%s needs no name', (seat) => {
    expect(deceasedErrors(deceased({ seat1: seat, name1: '' }), ceremony)).toEqual({});
  });

  it('accepts 10 characters and optional dates', () => {
    expect(
      deceasedErrors(
        deceased({ name1: '张'.repeat(10), birth1: '1930-05-01', death1: '2020-01-01' }),
        ceremony,
      ),
    ).toEqual({});
  });
});

describe('blessing forms (000 section 5)', () => {
  it.each<[string, Partial<BlessingForm>, EntryOptions, keyof BlessingForm, string]>([
    ['assembly: y1 required', { y1: '' }, assembly, 'y1', M.tabletName],
    ['assembly: 6 characters', { y1: '张'.repeat(7) }, assembly, 'y1', M.assembly6],
    ['assembly: Chinese or English', { y1: '张1' }, assembly, 'y1', M.assembly6],
    [
      'wisdom assembly: 4 characters',
      { y1: '张'.repeat(5) },
      { variant: 'assembly', blessingNameLength: 4 },
      'y1',
      M.assembly4,
    ],
    ['y2 only after y1', { y1: '', y2: '王五' }, assembly, 'y2', M.previousFirst],
    ['y3 only after y2', { y3: '王五' }, assembly, 'y3', M.previousFirst],
    ['ceremony: y1 required', { y1: '', birth1: '' }, ceremony, 'y1', M.tabletName],
    ['ceremony: birth date required', { y1: '李四' }, ceremony, 'birth1', M.birthRequired],
    ['ceremony: within 20', { y1: '张'.repeat(21), birth1: '1990-01-01' }, ceremony, 'y1', M.within20],
    [
      'ceremony: Chinese, English or space',
      { y1: '张#', birth1: '1990-01-01' },
      ceremony,
      'y1',
      M.charsSpaces,
    ],
    ['ceremony: birth not after yesterday', { birth1: TODAY }, ceremony, 'birth1', M.birthTooLate],
  ])('%s', (_, over, opts, field, message) => {
    expect(blessingErrors(blessing(over), opts)[field]).toBe(message);
  });

  it('accepts full forms', () => {
    expect(blessingErrors(blessing({ y2: '王 五', y3: 'Ann' }), assembly)).toEqual({});
    expect(
      blessingErrors(blessing({ birth1: '1990-01-01', y2: '王五', birth2: '1991-01-01' }), ceremony),
    ).toEqual({});
  });
});

describe('options and disabled states (000 section 4)', () => {
  it('tablet 1 offers every seat; 七世父母 only in the assembly that has it', () => {
    expect(seatOptions(1, emptyDeceasedForm, assembly)).toHaveLength(24);
    expect(seatOptions(1, emptyDeceasedForm, assembly)).not.toContain(SEVEN_GENERATIONS);
    expect(seatOptions(1, emptyDeceasedForm, { variant: 'assembly', sevenGenerations: true })).toContain(
      SEVEN_GENERATIONS,
    );
    expect(seatOptions(1, emptyDeceasedForm, { variant: 'ceremony', sevenGenerations: true })).not.toContain(
      SEVEN_GENERATIONS,
    );
  });
  it('tablets 2 and 3 narrow to tablet 1 group; a separate option is its own group', () => {
    expect(seatOptions(2, { seat1: CREDITORS }, assembly)).toEqual([...SEAT_GROUP_ONE]);
    expect(seatOptions(3, { seat1: '父母' }, assembly)).toEqual(['父母']);
    expect(seatOptions(2, { seat1: '' }, assembly)).toEqual([]);
  });
  it('changing seat 1 clears seats 2 and 3; the same seat keeps them', () => {
    const form = deceased({ seat2: '父母', name2: '王五', seat3: '父母', name3: '赵六' });
    expect(changeDeceasedField(form, 'seat1', '祖父母')).toMatchObject({
      seat2: '',
      seat3: '',
      name2: '',
      name3: '',
    });
    expect(changeDeceasedField(form, 'seat1', '父母')).toMatchObject({ seat2: '父母', name3: '赵六' });
    expect(changeDeceasedField(form, 'seat1', SEVEN_GENERATIONS)).toMatchObject({
      shang1: '张小明',
      shang2: '',
    });
  });
  it('names disabled for no seat, all-beings, creditors and 七世父母', () => {
    expect([ALL_BEINGS, CREDITORS, SEVEN_GENERATIONS, ''].map(isNameDisabled)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([UNBORN_INFANT, ANCESTORS, SITE_GUARDIAN, '父母'].map(isNameDisabled)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
  it('tablets 2 and 3 disabled until the previous is filled', () => {
    expect(isTabletEnabled(1, emptyDeceasedForm)).toBe(true);
    expect(isTabletEnabled(2, deceased({ name1: '' }))).toBe(false);
    expect(isTabletEnabled(2, deceased())).toBe(true);
    expect(isTabletEnabled(2, deceased({ seat1: ALL_BEINGS, name1: '' }))).toBe(true);
    expect(isTabletEnabled(3, deceased())).toBe(false);
    expect(isTabletEnabled(3, deceased({ seat2: '父母', name2: '王五' }))).toBe(true);
  });
  it('shang2..6 disabled for 七世父母; blessing names after the previous', () => {
    expect(isShangDisabled(1, { seat1: SEVEN_GENERATIONS })).toBe(false);
    expect(isShangDisabled(2, { seat1: SEVEN_GENERATIONS })).toBe(true);
    expect(isShangDisabled(6, { seat1: '父母' })).toBe(false);
    expect(isBlessingEnabled(2, blessing({ y1: '' }))).toBe(false);
    expect(isBlessingEnabled(3, blessing({ y2: '王五' }))).toBe(true);
  });
  it('placeholders', () => {
    expect(namePlaceholder(SITE_GUARDIAN)).toBe('请输入地址');
    expect(namePlaceholder(ANCESTORS)).toBe('请输入姓氏');
    expect(namePlaceholder('父母')).toBe('请输入姓名');
  });
  it('date limits', () => {
    expect(birthDateLimits('2020-01-01', TODAY)).toEqual({ min: null, max: '2020-01-01' });
    expect(birthDateLimits('', TODAY)).toEqual({ min: null, max: '2026-11-21' });
    expect(birthDateLimits('', '2026-03-01').max).toBe('2026-02-28');
    expect(deathDateLimits('1930-01-01', TODAY)).toEqual({ min: '1930-01-01', max: TODAY });
    expect(deathDateLimits('', TODAY)).toEqual({ min: null, max: TODAY });
  });
});

describe('wire entries (000 section 3)', () => {
  const two = deceased({ seat1: ANCESTORS, name1: '王', seat2: UNBORN_INFANT, name2: '王' });
  it('combines seat and name and reads them back', () => {
    expect(toJyEntry(two, 'assembly')).toMatchObject({
      JY1: '王氏历代祖先',
      JY2: '王未出世婴灵',
      JY3: '',
      YS1: '张小明',
    });
    expect(toJyEntry(deceased(), 'assembly').JY1).toBe('父母张三');
    expect(parseJyText('父母张三')).toEqual({ seat: '父母', name: '张三' });
    expect(parseJyText('上海路1号地基主')).toEqual({ seat: SITE_GUARDIAN, name: '上海路1号' });
    expect(parseJyText(ALL_BEINGS)).toEqual({ seat: ALL_BEINGS, name: '' });
  });
  it('the server schemas accept what the dialogs accept', () => {
    expect(v.safeParse(assemblyJyEntry, toJyEntry(two, 'assembly')).success).toBe(true);
    expect(v.safeParse(assemblyZzEntry, toZzEntry(blessing({ y2: '王五' }), 'assembly')).success).toBe(true);
    const dated = deceased({ birth1: '1930-01-01', death1: '2020-01-01' });
    expect(v.safeParse(ceremonyJyEntry, toJyEntry(dated, 'ceremony')).success).toBe(true);
    expect(v.safeParse(ceremonyYsEntry, toYsEntry(dated)).success).toBe(true);
    const zz = toZzEntry(blessing({ birth1: '1990-01-01' }), 'ceremony');
    expect(v.safeParse(ceremonyZzEntry, zz).success).toBe(true);
  });
  const firstMessage = (schema: v.GenericSchema, input: unknown) =>
    v.safeParse(schema, input).issues?.[0]?.message;
  it.each<[string, v.GenericSchema, unknown, string]>([
    ['emoji', assemblyJyEntry, { JY1: '父母张😀', YS1: '张小明' }, M.assembly6],
    ['too long', assemblyJyEntry, { JY1: '父母张三李四王五赵', YS1: '张小明' }, M.assembly6],
    ['wrong seat group', assemblyJyEntry, { JY1: '父母张三', JY2: ALL_BEINGS, YS1: '张小明' }, M.seatGroup],
    ['unknown seat', assemblyJyEntry, { JY1: '邻居张三', YS1: '张小明' }, M.seatUnknown],
    ['no yang-shang', assemblyJyEntry, { JY1: '父母张三' }, M.shangRequired],
    ['七世父母 not offered', assemblyJyEntry, { JY1: SEVEN_GENERATIONS, YS1: '张' }, M.seatUnknown],
    ['wisdom assembly', assemblyZzEntryFor({ blessingNameLength: 4 }), { ZZ1: '张三李四王' }, M.assembly4],
    ['blessing required', assemblyZzEntry, { ZZ1: '' }, M.tabletName],
    ['ceremony name 10', ceremonyJyEntry, { JY1: `父母${'张'.repeat(11)}` }, M.within10],
    ['ceremony birth date', ceremonyZzEntry, { ZZ1: '李四' }, M.birthRequired],
    ['not an object', ceremonyZzEntry, 'x', M.entryInvalid],
  ])('refuses %s with its message', (_, schema, input, message) => {
    expect(firstMessage(schema, input)).toBe(message);
  });
  it('七世父母 where offered', () => {
    const entry = { JY1: SEVEN_GENERATIONS, YS1: '张' };
    expect(v.safeParse(assemblyJyEntryFor({ sevenGenerations: true }), entry).success).toBe(true);
  });
});
