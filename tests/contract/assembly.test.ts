import {
  ASSEMBLY_MESSAGES,
  ASSEMBLY_RULES,
  assemblyEntryLimit,
  assemblyEntrySchemas,
  assemblyOrderRequest,
  assemblyTotalFen,
  clampMeritCount,
  entryDialogsFor,
  entryKindMessage,
  gdjModeOf,
  isMeritCount,
  isOverLimit,
  isQuantityEnabled,
  isReservation,
  judgeAssemblyOrder,
  splitSolarRange,
  tabletTypesFor,
} from '@contract/assembly';
import { OVER_LIMIT_MESSAGE } from '@contract/money';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

const WATER_LAND_TYPES = [
  '往生会首',
  '延生会首',
  '延往生会首',
  '往生大功德主',
  '延生大功德主',
  '往生吉祥',
  '延生吉祥',
];
const COMMON_TYPES = ['大功德主', '小功德主', '吉祥', '无'];

describe('tablet types per assembly type (001 section 4)', () => {
  it.each([
    ['延往生 keeps the 会首 types', '延往生', WATER_LAND_TYPES, true, ['往生会首', '延生会首', '延往生会首']],
    [
      '延往生 keeps the 会首 types outside the water-land ceremony too',
      '延往生',
      ['会首', '吉祥'],
      false,
      ['会首'],
    ],
    [
      'water-land 往生 keeps the types containing 往生',
      '往生',
      WATER_LAND_TYPES,
      true,
      ['往生会首', '延往生会首', '往生大功德主', '往生吉祥'],
    ],
    [
      'water-land 延生 keeps the types containing 延生',
      '延生',
      WATER_LAND_TYPES,
      true,
      ['延生会首', '延生大功德主', '延生吉祥'],
    ],
    ['another assembly keeps every type for 往生', '往生', COMMON_TYPES, false, COMMON_TYPES],
    ['another assembly keeps every type for 延生', '延生', COMMON_TYPES, false, COMMON_TYPES],
  ])('%s', (_, hoeType, types, waterLand, expected) => {
    expect(tabletTypesFor(hoeType, types, { waterLand })).toEqual(expected);
  });
});

describe('quantity enabling (001 section 4)', () => {
  it.each([
    ['大功德主', true],
    ['小功德主', true],
    ['吉祥', true],
    ['往生大功德主', true],
    ['延生吉祥', true],
    ['往生会首', false],
    ['延往生会首', false],
    ['无', false],
  ])('%s: %s', (tabletType, enabled) => {
    expect(isQuantityEnabled(tabletType)).toBe(enabled);
  });
});

describe('entry dialogs per assembly type (000 section 4)', () => {
  it.each([
    ['往生', ['往生']],
    ['延生', ['延生']],
    ['延往生', ['往生', '延生']],
    ['其他', []],
  ])('%s opens %j', (hoeType, dialogs) => {
    expect(entryDialogsFor(hoeType)).toEqual(dialogs);
  });

  it('延往生 asks for deceased or blessing first (请选择类型)', () => {
    expect(entryKindMessage('延往生', null)).toBe('请选择类型');
    expect(entryKindMessage('延往生', '往生')).toBeNull();
    expect(entryKindMessage('往生', null)).toBeNull();
  });
});

describe('merit amount and counts', () => {
  it.each([
    ['the free-amount assembly', '大功德主', true, 'free'],
    ['tablet type 无 (the voluntary amount)', '无', false, 'free'],
    ['any other tablet type', '吉祥', false, 'fixed'],
  ])('%s: %s', (_, tabletType, freeAmount, mode) => {
    expect(gdjModeOf(tabletType, { freeAmount })).toBe(mode);
  });

  it('keeps merit counts from 0, a count above 10000 set to 10000', () => {
    expect(clampMeritCount(-3)).toBe(0);
    expect(clampMeritCount(12_000)).toBe(10_000);
    expect(clampMeritCount(7)).toBe(7);
  });

  it('takes merit counts of 0 to 10000, whole (the judged form and the order’s QUANTITY)', () => {
    expect([0, 7, 10_000].map(isMeritCount)).toEqual([true, true, true]);
    expect([-1, 10_001, 1.5, Number.NaN].map(isMeritCount)).toEqual([false, false, false, false]);
  });

  it('totals tablet × quantity (where it applies) + merit amount + merit items, in fen', () => {
    const merit = [{ unitPrice: 50, count: 2 }];
    expect(assemblyTotalFen({ tabletType: '吉祥', tabletPrice: 300, gdj: 0, quantity: 3, merit })).toBe(
      100_000,
    );
    // 会首 and 无 count one tablet whatever QUANTITY says.
    expect(
      assemblyTotalFen({ tabletType: '往生会首', tabletPrice: 5000, gdj: 0, quantity: 3, merit: [] }),
    ).toBe(500_000);
    expect(assemblyTotalFen({ tabletType: '无', tabletPrice: 0, gdj: 100, quantity: 1, merit })).toBe(20_000);
  });

  it('is over the limit above 10000 yuan, not at it, except in the general water-land ceremony', () => {
    expect(isOverLimit(1_000_000, { waterLand: false })).toBe(false);
    expect(isOverLimit(1_000_001, { waterLand: false })).toBe(true);
    expect(isOverLimit(8_000_000, { waterLand: true })).toBe(false);
    expect(isReservation(8_000_000, { waterLand: true })).toBe(true);
    expect(isReservation(1_000_000, { waterLand: true })).toBe(false);
    expect(isReservation(8_000_000, { waterLand: false })).toBe(false);
    expect(ASSEMBLY_MESSAGES.overLimit).toBe('功德金超过10000，请前往寺庙办理');
  });

  it('splits HOE_YL_TIME on 至', () => {
    expect(splitSolarRange('2026-12-01至2026-12-07')).toEqual({ start: '2026-12-01', end: '2026-12-07' });
    expect(splitSolarRange('2026-12-01')).toEqual({ start: '2026-12-01', end: '2026-12-01' });
  });
});

describe('the entries an assembly order takes (000 section 5)', () => {
  const facts = { quantity: 3, newYearEve: false, leaderTablet: false };
  it.each([
    ['exactly QUANTITY', facts, { min: 3, max: 3, full: ASSEMBLY_MESSAGES.tooManyEntries(3) }],
    [
      'at least QUANTITY, up to the most an order carries, with a leader tablet',
      { ...facts, leaderTablet: true },
      { min: 3, max: ASSEMBLY_RULES.maxEntries, full: ASSEMBLY_MESSAGES.entryLimit },
    ],
    [
      'exactly one in the new-year-eve assemblies, whatever QUANTITY says',
      { ...facts, newYearEve: true },
      { min: 1, max: 1, full: ASSEMBLY_MESSAGES.oneEntryOnly },
    ],
  ])('%s', (_, given, limit) => {
    expect(assemblyEntryLimit(given)).toEqual(limit);
  });
});

describe('order-level rules, in their order (000 section 5)', () => {
  const facts = { entries: 1, agreed: true, quantity: 1, newYearEve: false, leaderTablet: false };
  it.each([
    ['no entry', { entries: 0, agreed: false }, '请添加明细信息'],
    ['the agreement not ticked', { agreed: false }, '请勾选协议！'],
    ['the agreement before the count', { agreed: false, entries: 5 }, '请勾选协议！'],
    [
      'two entries in a new-year-eve assembly',
      { newYearEve: true, entries: 2, quantity: 2 },
      '该法会每单限登记一位',
    ],
    ['more entries than QUANTITY', { entries: 3, quantity: 2 }, ASSEMBLY_MESSAGES.tooManyEntries(2)],
    [
      'more than any order carries with a leader tablet',
      { leaderTablet: true, entries: 21 },
      ASSEMBLY_MESSAGES.entryLimit,
    ],
    // "The number of entries must reach the quantity": QUANTITY 2 with one tablet is not paid for.
    ['fewer entries than QUANTITY', { entries: 1, quantity: 2 }, ASSEMBLY_MESSAGES.entriesShort(2, 1)],
    [
      'fewer entries than QUANTITY with a leader tablet',
      { leaderTablet: true, entries: 2, quantity: 3 },
      ASSEMBLY_MESSAGES.entriesShort(3, 2),
    ],
  ])('%s: %s', (_, over, message) => {
    expect(judgeAssemblyOrder({ ...facts, ...over })).toBe(message);
  });

  it.each([
    ['one entry', {}],
    ['as many entries as QUANTITY', { entries: 3, quantity: 3 }],
    ['more than QUANTITY with a leader tablet', { leaderTablet: true, entries: 8, quantity: 2 }],
    ['one entry in a new-year-eve assembly', { newYearEve: true }],
    ['any number with a leader tablet', { leaderTablet: true, entries: 8 }],
  ])('lets %s go', (_, over) => {
    expect(judgeAssemblyOrder({ ...facts, ...over })).toBeNull();
  });
});

const deceased = { JY1: '父母张三', JY2: '父母李四', YS1: '张明' };
const blessing = { ZZ1: '王小明' };
const order = (over: Record<string, unknown> = {}) => ({
  type: 1,
  HOE_NAME: '观音菩萨圣诞法会',
  HOE_TYPE: '往生',
  TABLET_TYPE: '吉祥',
  HOE_GDJ: 0,
  HOE_TIME: '二月十九',
  START_DATE: '2027-03-26',
  END_DATE: '2027-03-26',
  HOE_GDJ_TOTAL: 300,
  HOE_YEAR: 2027,
  DATA_SOURCE: '3',
  PAY_METHOD: '3',
  QUANTITY: 1,
  jyList: [deceased],
  zzList: [],
  meritItemList: [{ QUANTITY: 0, AMOUNT: 0, MERIT_ITEM: 'GD01' }],
  CHANNEL: 'pc',
  MOBILE: '13812345678',
  ...over,
});
const firstMessage = (input: unknown) => v.safeParse(assemblyOrderRequest, input).issues?.[0]?.message;

describe('the order payload (000 section 3)', () => {
  it('accepts the spec shape', () => {
    expect(firstMessage(order())).toBeUndefined();
    expect(
      firstMessage(order({ HOE_TYPE: '延往生', jyList: [deceased], zzList: [blessing] })),
    ).toBeUndefined();
  });

  it.each([
    ['no entries', { jyList: [], zzList: [] }, '请添加明细信息'],
    ['a blessing entry for 往生', { zzList: [blessing] }, ASSEMBLY_MESSAGES.entryKind],
    ['a deceased entry for 延生', { HOE_TYPE: '延生' }, ASSEMBLY_MESSAGES.entryKind],
    ['an unknown assembly type', { HOE_TYPE: '超度' }, '请选择法会类型!'],
    ['no tablet type', { TABLET_TYPE: '' }, '请选择类型!'],
    ['quantity 0', { QUANTITY: 0 }, ASSEMBLY_MESSAGES.quantity],
    ['quantity 11', { QUANTITY: 11 }, ASSEMBLY_MESSAGES.quantity],
    [
      'a merit count above 10000',
      { meritItemList: [{ QUANTITY: 10_001, AMOUNT: 0, MERIT_ITEM: 'GD01' }] },
      ASSEMBLY_MESSAGES.meritCount,
    ],
    [
      'a negative merit count',
      { meritItemList: [{ QUANTITY: -1, AMOUNT: 0, MERIT_ITEM: 'GD01' }] },
      ASSEMBLY_MESSAGES.meritCount,
    ],
    [
      'one merit item twice',
      {
        meritItemList: [
          { QUANTITY: 1, AMOUNT: 50, MERIT_ITEM: 'GD01' },
          { QUANTITY: 1, AMOUNT: 50, MERIT_ITEM: 'GD01' },
        ],
      },
      ASSEMBLY_MESSAGES.meritTwice,
    ],
    ['a fractional merit amount', { HOE_GDJ: 10.5 }, ASSEMBLY_MESSAGES.amountWhole],
    ['another channel', { CHANNEL: 'app' }, ASSEMBLY_MESSAGES.channel],
    ['another data source', { DATA_SOURCE: '1' }, ASSEMBLY_MESSAGES.dataSource],
    ['another pay method', { PAY_METHOD: '1' }, ASSEMBLY_MESSAGES.payMethod],
    ['a bad date', { START_DATE: '2027/03/26' }, ASSEMBLY_MESSAGES.date],
    ['an end before the start', { END_DATE: '2027-03-25' }, ASSEMBLY_MESSAGES.date],
    ['a bad phone', { MOBILE: '123' }, '请填写正确的手机号码'],
    [
      'more entries than any order carries',
      { jyList: Array.from({ length: 21 }, () => deceased) },
      ASSEMBLY_MESSAGES.entryLimit,
    ],
  ])('refuses %s', (_, over, message) => {
    expect(firstMessage(order(over))).toBe(message);
  });

  it('refuses a bad entry with the dialog’s Chinese message', () => {
    for (const bad of [
      { ...deceased, JY1: '父母张😀' },
      { ...deceased, JY1: '父母张三李四王五赵' },
      { ...deceased, JY2: '祖父母王五' },
      { ...deceased, YS1: '' },
    ]) {
      const message = firstMessage(order({ jyList: [bad] }));
      expect(message, JSON.stringify(bad)).toMatch(/\p{Script=Han}/u);
    }
  });

  it('judges entries with the assembly’s own rules: 七世父母 and 4-character blessing names', () => {
    const usual = assemblyEntrySchemas({ sevenGenerations: false, wisdom: false });
    const festival = assemblyEntrySchemas({ sevenGenerations: true, wisdom: false });
    const wisdom = assemblyEntrySchemas({ sevenGenerations: false, wisdom: true });
    const seven = { JY1: '七世父母', YS1: '张明' };
    expect(v.is(festival.jy, seven)).toBe(true);
    expect(v.is(usual.jy, seven)).toBe(false);
    expect(v.is(usual.zz, { ZZ1: '王小明同学' })).toBe(true);
    expect(v.is(wisdom.zz, { ZZ1: '王小明同学' })).toBe(false);
    expect(v.is(wisdom.zz, { ZZ1: '王小明' })).toBe(true);
  });

  it('says over the limit with the spec’s words', () => {
    expect(OVER_LIMIT_MESSAGE).toBe(ASSEMBLY_MESSAGES.overLimit);
  });
});
