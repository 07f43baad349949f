import {
  BELIEVER_MESSAGES,
  birthDateRefusal,
  idBirthDate,
  idCheckChar,
  isChineseIdNumber,
  myOrdersRequest,
  orderStateLabel,
  pageRequest,
  profileUpdateSchema,
} from '@contract/believer';
import {
  addYearsYmd,
  MEMBERSHIP_MESSAGES,
  maskName,
  memberLookupRequest,
  membershipEndDate,
  membershipOrder,
  membershipStatus,
  packageTerms,
} from '@contract/membership';
import { RENEWAL_MESSAGES, renewalFlag, renewalOrderRequest, renewalTotal } from '@contract/renewal';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

const withCheck = (first17: string) => `${first17}${idCheckChar(first17)}`;
const TODAY = '2026-11-22';

describe('the Chinese ID check (001 section 5)', () => {
  it.each<[string, string, boolean]>([
    ['the standard example (check X)', '11010519491231002X', true],
    ['lower-case x', '11010519491231002x', true],
    ['a computed check digit', withCheck('44030419900101123'), true],
    ['15 digits (19YY)', '110105491231002', true],
    ['empty is valid', '', true],
    ['a wrong check digit', '110105194912310021', false],
    ['an impossible date', withCheck('11010519490230002'), false],
    ['a 15-digit impossible date', '110105491332002', false],
    ['an unknown region', withCheck('99010519491231002'), false],
    ['a 15-digit unknown region', '990105491231002', false],
    ['17 digits', '11010519491231002', false],
    ['16 digits', '1101051949123100', false],
    ['letters', '11010519491231A02X', false],
    ['born after today', withCheck('11010520301231002'), false],
  ])('%s', (_, id, valid) => {
    expect(isChineseIdNumber(id, TODAY)).toBe(valid);
  });
  it('reads the birth date', () => {
    expect(idBirthDate('11010519491231002X')).toBe('1949-12-31');
    expect(idBirthDate('110105491231002')).toBe('1949-12-31');
  });
});

const profile = (over: Record<string, unknown> = {}) => ({
  realName: '陈明',
  addres: '上海市静安区',
  cardId: '11010519491231002X',
  telNumber: '021-62566366',
  postCode: '200040',
  photo: '',
  ssqName: '上海市/市辖区/静安区',
  ssqCode: '31,3101,310106',
  birthDate: '1949-12-31',
  gender: '1',
  email: 'chen@example.com',
  ...over,
});
const profileMessage = (input: unknown) =>
  v.safeParse(profileUpdateSchema(TODAY), input).issues?.[0]?.message ?? null;

describe('the profile update (001 section 5)', () => {
  it('accepts a complete profile and an empty ID', () => {
    expect(profileMessage(profile())).toBeNull();
    expect(profileMessage(profile({ cardId: '', birthDate: '', email: '', postCode: '' }))).toBeNull();
  });
  it.each<[string, Record<string, unknown>, string]>([
    ['a bad ID', { cardId: '110105194912310021' }, BELIEVER_MESSAGES.idCard],
    ['a birth date in the future', { birthDate: '2026-11-23' }, BELIEVER_MESSAGES.birthFuture],
    ['an impossible birth date', { birthDate: '2026-02-30' }, BELIEVER_MESSAGES.birthDate],
    ['no gender', { gender: '' }, BELIEVER_MESSAGES.gender],
    ['a bad email', { email: 'chen@' }, BELIEVER_MESSAGES.email],
    ['a bad postcode', { postCode: '2000' }, BELIEVER_MESSAGES.postCode],
    ['a bad landline', { telNumber: '电话' }, BELIEVER_MESSAGES.telNumber],
    ['a long address', { addres: '址'.repeat(101) }, BELIEVER_MESSAGES.address],
    ['a bad region code', { ssqCode: 'abc' }, BELIEVER_MESSAGES.region],
    ['a photo that is not ours', { photo: 'http://evil.example/x.png' }, BELIEVER_MESSAGES.photo],
    ['a protocol-relative photo', { photo: '//evil.example/x.png' }, BELIEVER_MESSAGES.photo],
    ['another path of the site as the photo', { photo: '/images/lamp.svg' }, BELIEVER_MESSAGES.photo],
    ['no name', { realName: '' }, '请填写姓名'],
  ])('%s: %s', (_, over, message) => {
    expect(profileMessage(profile(over))).toBe(message);
  });
  it('refuses a birth date after today on its own', () => {
    expect(birthDateRefusal('2027-01-01', TODAY)).toBe(BELIEVER_MESSAGES.birthFuture);
    expect(birthDateRefusal(TODAY, TODAY)).toBeNull();
  });
});

describe('the order list (001 sections 4, 7, 9)', () => {
  it('defaults to all, page 0, size 10', () => {
    expect(v.parse(myOrdersRequest, {})).toEqual({ status: -1, page: 0, size: 10 });
    expect(v.parse(pageRequest, { page: '2', size: '5' })).toEqual({ page: 2, size: 5 });
  });
  it.each([{ status: '2' }, { size: '7' }, { page: '-1' }, { page: 'x' }])('refuses %o', (query) => {
    expect(v.safeParse(myOrdersRequest, query).issues?.[0]?.message).toBe(BELIEVER_MESSAGES.query);
  });
  it.each<[number, string]>([
    [0, '已预订'],
    [1, '已支付'],
    [3, '退款中'],
    [4, '已退款'],
    [5, '已关闭'],
    [2, '--'],
    [9, '--'],
  ])('labels state %i %s', (state, label) => {
    expect(orderStateLabel(state)).toBe(label);
  });
});

describe('membership (001 sections 4, 5, 9)', () => {
  it('counts an active member from the end date, an expired one from today', () => {
    expect(membershipEndDate('2027-03-01', TODAY, 1)).toBe('2028-03-01');
    expect(membershipEndDate(TODAY, TODAY, 2)).toBe('2028-11-22');
    expect(membershipEndDate('2026-11-21', TODAY, 1)).toBe('2027-11-22');
    expect(membershipEndDate(null, TODAY, 3)).toBe('2029-11-22');
    expect(addYearsYmd('2028-02-29', 1)).toBe('2029-02-28');
    expect(membershipStatus('2026-11-21', TODAY)).toBe('0');
    expect(membershipStatus(TODAY, TODAY)).toBe('1');
  });
  it('prices a package, 365 a year by default', () => {
    expect(packageTerms({ EXTINT1: 1000, EXTINT2: 3 })).toEqual({ price: 1000, years: 3 });
    expect(packageTerms({ EXTINT1: null, EXTINT2: null })).toEqual({ price: 365, years: 1 });
    expect(packageTerms({ EXTINT1: null, EXTINT2: 2 })).toEqual({ price: 730, years: 2 });
  });
  it('masks the name', () => {
    expect(maskName('陈明')).toBe('陈*');
    expect(maskName('欧阳明月')).toBe('欧**月');
    expect(maskName('陈')).toBe('陈');
  });

  const join = (over: Record<string, unknown> = {}) => ({
    type: 6,
    CHANNEL: 'pc',
    MOBILE: '13800001234',
    PRODUCT_ID: 'HY1',
    customAmount: 365,
    NAME: '陈明',
    SEX: '1',
    BIRTH_DATE: '1980-05-01',
    SSQ_NAME: ['上海市', '市辖区', '静安区'],
    ADDRESS: '',
    GFR1: '十方法界一切众生',
    YS1: '陈明',
    ...over,
  });
  const orderMessage = (input: unknown) => v.safeParse(membershipOrder, input).issues?.[0]?.message ?? null;

  it('tells join, renewal and proxy renewal apart', () => {
    expect(v.parse(membershipOrder, join()).kind).toBe('join');
    const renew = { type: 6, MOBILE: '13800001234', PRODUCT_ID: 'HY1', customAmount: 365, RENEW: 1 };
    expect(v.parse(membershipOrder, renew).kind).toBe('renew');
    expect(v.parse(membershipOrder, { ...renew, TARGET_ID: 'a'.repeat(32), RELATION: '4' }).kind).toBe(
      'proxy',
    );
  });
  it.each<[string, Record<string, unknown>, string]>([
    ['no GFR1', { GFR1: '' }, MEMBERSHIP_MESSAGES.gfr1],
    ['no YS1', { YS1: ' ' }, MEMBERSHIP_MESSAGES.ys1],
    ['no birth date', { BIRTH_DATE: '' }, MEMBERSHIP_MESSAGES.birthDate],
    ['no region', { SSQ_NAME: [] }, MEMBERSHIP_MESSAGES.region],
    ['region not an array', { SSQ_NAME: '上海市' }, MEMBERSHIP_MESSAGES.region],
  ])('join %s: %s', (_, over, message) => {
    expect(orderMessage(join(over))).toBe(message);
  });
  it.each<[string, Record<string, unknown>, string]>([
    ['no code', { hyCode: '', name: '陈明' }, MEMBERSHIP_MESSAGES.hyCode],
    ['no name', { hyCode: 'HY2026000001', name: '' }, MEMBERSHIP_MESSAGES.hyName],
    ['a strange code', { hyCode: 'HY-1', name: '陈明' }, MEMBERSHIP_MESSAGES.lookupFailed],
  ])('lookup %s: %s', (_, query, message) => {
    expect(v.safeParse(memberLookupRequest, query).issues?.[0]?.message).toBe(message);
  });
});

describe('enshrinement renewal (001 sections 3, 5, 9)', () => {
  const renewal = (over: Record<string, unknown> = {}) => ({
    type: 4,
    RENEW: 1,
    MOBILE: '13800001234',
    ID: 12,
    YEARS: 2,
    GF_TYPE: '2',
    customAmount: 4000,
    ...over,
  });
  it('multiplies the yearly price and flags 10000 and above', () => {
    expect(renewalTotal(2000, 3)).toBe(6000);
    expect(renewalFlag(9999)).toBe('0');
    expect(renewalFlag(10000)).toBe('1');
  });
  it.each<[string, Record<string, unknown>, string]>([
    ['0 years', { YEARS: 0 }, RENEWAL_MESSAGES.years],
    ['4 years', { YEARS: 4 }, RENEWAL_MESSAGES.years],
    ['a permanent term', { GF_TYPE: '1' }, RENEWAL_MESSAGES.permanent],
    ['no enshrinement', { ID: 0 }, RENEWAL_MESSAGES.notFound],
  ])('%s: %s', (_, over, message) => {
    expect(v.safeParse(renewalOrderRequest, renewal(over)).issues?.[0]?.message).toBe(message);
  });
  it('accepts 1 to 3 years', () => {
    for (const YEARS of [1, 2, 3])
      expect(v.safeParse(renewalOrderRequest, renewal({ YEARS })).success).toBe(true);
  });
});

describe('every profile message (BELIEVER_MESSAGES), one row each', () => {
  const rows: [keyof typeof BELIEVER_MESSAGES, string, () => string | null][] = [
    ['idCard', 'a wrong check digit', () => profileMessage(profile({ cardId: '110105194912310021' }))],
    [
      'idCard',
      'an ID born after today',
      () => profileMessage(profile({ cardId: withCheck('11010520301231002') })),
    ],
    ['birthFuture', 'tomorrow', () => profileMessage(profile({ birthDate: '2026-11-23' }))],
    ['birthDate', 'the 30th of February', () => profileMessage(profile({ birthDate: '2026-02-30' }))],
    ['gender', 'no gender', () => profileMessage(profile({ gender: '' }))],
    ['email', 'no domain', () => profileMessage(profile({ email: 'chen@' }))],
    ['postCode', 'five digits', () => profileMessage(profile({ postCode: '20004' }))],
    ['telNumber', 'words', () => profileMessage(profile({ telNumber: '电话' }))],
    ['address', 'markup', () => profileMessage(profile({ addres: '<b>愚园路</b>' }))],
    ['region', 'four levels', () => profileMessage(profile({ ssqCode: '31,3101,310106,1' }))],
    ['photo', 'another site’s photo', () => profileMessage(profile({ photo: 'http://evil.example/x.png' }))],
    ['profileIncomplete', 'not an object', () => profileMessage('realName=陈明')],
    [
      'query',
      'an unknown filter',
      () => v.safeParse(myOrdersRequest, { status: '9' }).issues?.[0]?.message ?? null,
    ],
    // The answers' words (001 section 8); tests/server/user-center.test.ts and the view tests bring them.
    [
      'updated',
      'the update’s answer',
      () => (BELIEVER_MESSAGES.updated === '更新成功' ? BELIEVER_MESSAGES.updated : null),
    ],
    [
      'reLogin',
      'a profile that cannot be loaded',
      () => (BELIEVER_MESSAGES.reLogin === '请重新登录' ? BELIEVER_MESSAGES.reLogin : null),
    ],
  ];
  it.each(rows)('%s: %s', (key, _, bring) => {
    expect(bring()).toBe(BELIEVER_MESSAGES[key]);
  });
  it('has a row for each message, each in Chinese', () => {
    expect(new Set(rows.map(([key]) => key))).toEqual(new Set(Object.keys(BELIEVER_MESSAGES)));
    for (const words of Object.values(BELIEVER_MESSAGES)) expect(words).toMatch(/\p{Script=Han}/u);
  });
});
