import {
  addDaysYmd,
  type BookableFacts,
  bookingRefusal,
  CEREMONY_MESSAGES,
  calendarRangeRequest,
  ceremonyOrderRequest,
  comeByDate,
  defaultCalendarRange,
  isBookableDate,
  toDateStr,
} from '@contract/ceremony';
import { PHONE_MESSAGES } from '@contract/phone';
import { SAMPLE_DECEASED, sampleCeremonyOrder } from '@tests/support/order-requests';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

const TODAY = '2026-11-22';
const PLAIN: BookableFacts = { lunarFirstOrFifteenth: false, hasAssembly: false };

describe('bookable dates (000 section 9)', () => {
  it.each<[string, string, BookableFacts, string | null]>([
    ['today', TODAY, PLAIN, CEREMONY_MESSAGES.tooSoon],
    ['tomorrow, within the 7 closed days', '2026-11-23', PLAIN, CEREMONY_MESSAGES.tooSoon],
    ['the 7th day from today', '2026-11-29', PLAIN, CEREMONY_MESSAGES.tooSoon],
    ['the 8th day from today', '2026-11-30', PLAIN, null],
    ['yesterday', '2026-11-21', PLAIN, CEREMONY_MESSAGES.tooSoon],
    ['the last day of the horizon', addDaysYmd(TODAY, 365), PLAIN, null],
    ['beyond the horizon', addDaysYmd(TODAY, 366), PLAIN, CEREMONY_MESSAGES.tooLate],
    [
      'a lunar 1st or 15th',
      '2026-12-10',
      { ...PLAIN, lunarFirstOrFifteenth: true },
      CEREMONY_MESSAGES.lunarDay,
    ],
    ['an assembly day', '2026-12-10', { ...PLAIN, hasAssembly: true }, CEREMONY_MESSAGES.assemblyDay],
    ['not a date', '2026-02-30', PLAIN, CEREMONY_MESSAGES.date],
    ['not YYYY-MM-DD', '2026-12-1', PLAIN, CEREMONY_MESSAGES.date],
  ])('%s', (_, date, facts, message) => {
    expect(bookingRefusal(date, TODAY, facts)).toBe(message);
    expect(isBookableDate(date, TODAY, facts)).toBe(message === null);
  });
  it('counts across a month and a year end', () => {
    expect(isBookableDate('2027-01-08', '2026-12-31', PLAIN)).toBe(true);
    expect(isBookableDate('2027-01-07', '2026-12-31', PLAIN)).toBe(false);
  });
  it('the believer comes within 7 days of the deposit', () => {
    expect(comeByDate('2026-12-28')).toBe('2027-01-04');
  });
});

describe('calendar range (002 sections 3 and 7)', () => {
  it('default range: day 20 of the previous month to day 10 of the next', () => {
    expect(defaultCalendarRange('2026-11-22')).toEqual({ startDate: '2026-10-20', endDate: '2026-12-10' });
    expect(defaultCalendarRange('2026-01-05')).toEqual({ startDate: '2025-12-20', endDate: '2026-02-10' });
    expect(defaultCalendarRange('2026-12-31')).toEqual({ startDate: '2026-11-20', endDate: '2027-01-10' });
  });
  it('DATE_STR strips leading zeros', () => {
    expect(toDateStr('2026-01-05')).toBe('2026-1-5');
  });
  const message = (input: unknown) => v.safeParse(calendarRangeRequest, input).issues?.[0]?.message;
  it.each<[string, unknown, string | undefined]>([
    ['no range', {}, undefined],
    ['a range', { startDate: '2026-11-01', endDate: '2026-12-31' }, undefined],
    ['one day', { startDate: '2026-11-01', endDate: '2026-11-01' }, undefined],
    ['only the start', { startDate: '2026-11-01' }, CEREMONY_MESSAGES.range],
    ['end before start', { startDate: '2026-11-02', endDate: '2026-11-01' }, CEREMONY_MESSAGES.range],
    ['too long', { startDate: '2026-01-01', endDate: '2026-12-31' }, CEREMONY_MESSAGES.range],
    ['a bad date', { startDate: '2026-13-01', endDate: '2026-12-31' }, CEREMONY_MESSAGES.date],
    ['before 1900', { startDate: '1899-12-01', endDate: '1899-12-31' }, CEREMONY_MESSAGES.date],
    ['not text', { startDate: 1, endDate: '2026-12-31' }, CEREMONY_MESSAGES.date],
  ])('%s', (_, input, expected) => {
    expect(message(input)).toBe(expected);
  });
});

const JY = SAMPLE_DECEASED;
const ZZ = { ZZ1: '李四', BIRTH_DAY1: '1990-01-01' };
const ceremonyOrder = (patch: Record<string, unknown> = {}) =>
  sampleCeremonyOrder({ MOBILE: '13800138000', ...patch });

describe('the ceremony order (000 sections 3 and 5)', () => {
  const message = (input: unknown) => v.safeParse(ceremonyOrderRequest, input).issues?.[0]?.message;
  it('accepts a deceased and a blessing booking', () => {
    expect(message(ceremonyOrder())).toBeUndefined();
    expect(
      message(ceremonyOrder({ FS_TYPE: '2', jyList: [], ysList: [], zzList: [ZZ], WS_FG_JY: '', WS_YS: '' })),
    ).toBeUndefined();
    expect(message(ceremonyOrder({ FS_CAUSE: '缘'.repeat(300) }))).toBeUndefined();
    expect(message(ceremonyOrder({ WS_FG_JY: '父母张三\n父母李四' }))).toBeUndefined();
  });
  it.each<[string, Record<string, unknown>, string]>([
    ['a tampered MONEY', { MONEY: 1 }, CEREMONY_MESSAGES.money],
    ['MONEY as text', { MONEY: '1000' }, CEREMONY_MESSAGES.money],
    ['another type', { type: 1 }, CEREMONY_MESSAGES.orderType],
    ['another channel', { CHANNEL: 'h5' }, CEREMONY_MESSAGES.channel],
    ['another BLR', { BLR: 'h5' }, CEREMONY_MESSAGES.channel],
    ['another pay method', { PAY_METHOD: '8' }, CEREMONY_MESSAGES.payMethod],
    ['an unknown FS_TYPE', { FS_TYPE: '3' }, CEREMONY_MESSAGES.chooseType],
    ['a bad FS_DATE', { FS_DATE: '2026-02-30' }, CEREMONY_MESSAGES.date],
    ['no FS_TIME', { FS_TIME: '' }, CEREMONY_MESSAGES.chooseTime],
    ['no MANY', { MANY: '' }, CEREMONY_MESSAGES.unknownTier],
    ['no FS_CONTENT', { FS_CONTENT: '' }, CEREMONY_MESSAGES.unknownTier],
    ['an FS_CONTENT of 21', { FS_CONTENT: '莲'.repeat(21) }, CEREMONY_MESSAGES.unknownTablet],
    ['an FS_CONTENT with a control character', { FS_CONTENT: '往生\u0007' }, CEREMONY_MESSAGES.unknownTablet],
    ['a negative GDJ_TOTAL', { GDJ_TOTAL: -1 }, CEREMONY_MESSAGES.totalMismatch],
    ['a cause of 301', { FS_CAUSE: '缘'.repeat(301) }, CEREMONY_MESSAGES.cause],
    ['a cause with an emoji', { FS_CAUSE: '超荐😀' }, CEREMONY_MESSAGES.cause],
    ['a cause with a control character', { FS_CAUSE: 'a\u0007' }, CEREMONY_MESSAGES.cause],
    ['a remark with a newline', { REMARK: 'a\nb' }, CEREMONY_MESSAGES.text],
    ['a bad mobile', { MOBILE: '123' }, PHONE_MESSAGES.invalid],
    ['a bad JF_DATE', { JF_DATE: '2026-11-22' }, CEREMONY_MESSAGES.jfDate],
    ['no deceased entry', { jyList: [] }, CEREMONY_MESSAGES.addEntry],
    ['no yang-shang names', { ysList: [] }, CEREMONY_MESSAGES.petitioner],
    ['a blessing entry in a deceased booking', { zzList: [ZZ] }, CEREMONY_MESSAGES.entryKind],
    ['a deceased entry in a blessing booking', { FS_TYPE: '2', zzList: [ZZ] }, CEREMONY_MESSAGES.entryKind],
    ['six entries', { jyList: Array(6).fill(JY) }, CEREMONY_MESSAGES.entryLimit],
    ['not an object', { jyList: 'x' }, CEREMONY_MESSAGES.orderIncomplete],
  ])('refuses %s', (_, patch, expected) => {
    expect(message(ceremonyOrder(patch))).toBe(expected);
  });
  it('judges each entry with the ceremony dialog rules', () => {
    const result = v.safeParse(
      ceremonyOrderRequest,
      ceremonyOrder({ jyList: [{ JY1: `父母${'张'.repeat(11)}` }] }),
    );
    expect(result.success).toBe(false);
  });
});
