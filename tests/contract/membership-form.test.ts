import { AUTH_MESSAGES } from '@contract/auth';
import { MEMBERSHIP_MESSAGES, MEMBERSHIP_RULES, membershipApi, membershipOrder } from '@contract/membership';
import {
  isAlreadyMember,
  type JoinFormValues,
  joinFormDefaults,
  joinOrderOf,
  judgeJoinForm,
  qrFailureText,
} from '@contract/membership-form';
import { PAYMENT_MESSAGES } from '@contract/payment';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

const profile = {
  realName: '陈明',
  gender: '2',
  birthDate: '1960-05-01',
  ssqName: '上海市,市辖区,黄浦区',
  ssqCode: '31,3101,310101',
  addres: '南京东路1号',
  photo: '/api/yxs-app/believer/photo/0123456789abcdef0123456789abcdef',
};
const good: JoinFormValues = joinFormDefaults(profile);
const pkg = { ITEMNO: 'HY3', CNNAME: '功德会会员（三年）', EXTINT1: 1000, EXTINT2: 3 };

describe('the join form defaults (001 section 5)', () => {
  it('GFR1 is the fixed phrase, YS1 and the name the member’s; the rest from the profile', () => {
    expect(good).toMatchObject({
      NAME: '陈明',
      SEX: '2',
      BIRTH_DATE: '1960-05-01',
      SSQ_NAME: ['上海市', '市辖区', '黄浦区'],
      SSQ: ['31', '3101', '310101'],
      ADDRESS: '南京东路1号',
      PHOTO: '/api/yxs-app/believer/photo/0123456789abcdef0123456789abcdef',
      GFR1: MEMBERSHIP_RULES.defaultGfr,
      GFR2: '',
      YS1: '陈明',
      YS6: '',
    });
    expect(MEMBERSHIP_RULES.defaultGfr).toBe('十方法界一切众生');
  });
  it('without a profile: the fixed phrase and empty fields', () => {
    const empty = joinFormDefaults(null);
    expect(empty).toMatchObject({ NAME: '', SEX: '', YS1: '', SSQ_NAME: [], GFR1: '十方法界一切众生' });
  });
  it('a region whose codes do not match its names keeps the names only', () => {
    expect(joinFormDefaults({ ...profile, ssqCode: '31' })).toMatchObject({
      SSQ: [],
      SSQ_NAME: ['上海市', '市辖区', '黄浦区'],
    });
  });
});

describe('the join form’s messages (001 section 5), each beside its field', () => {
  it('a complete form is valid', () => {
    expect(judgeJoinForm(good).outcome).toBe('valid');
  });
  it.each<[string, Partial<JoinFormValues>, keyof JoinFormValues, string]>([
    ['no 供奉人', { GFR1: '' }, 'GFR1', MEMBERSHIP_MESSAGES.gfr1],
    ['a blank 供奉人', { GFR1: '  ' }, 'GFR1', MEMBERSHIP_MESSAGES.gfr1],
    ['no 阳上人', { YS1: '' }, 'YS1', MEMBERSHIP_MESSAGES.ys1],
    ['no birth date', { BIRTH_DATE: '' }, 'BIRTH_DATE', MEMBERSHIP_MESSAGES.birthDate],
    ['an impossible birth date', { BIRTH_DATE: '1960-02-30' }, 'BIRTH_DATE', MEMBERSHIP_MESSAGES.birthDate],
    ['a birth date to come', { BIRTH_DATE: '2999-01-01' }, 'BIRTH_DATE', MEMBERSHIP_MESSAGES.birthFuture],
    ['no region', { SSQ_NAME: [], SSQ: [] }, 'SSQ_NAME', MEMBERSHIP_MESSAGES.region],
    ['a region code that is not one', { SSQ: ['31', 'x'] }, 'SSQ', MEMBERSHIP_MESSAGES.region],
    ['no sex', { SEX: '' }, 'SEX', MEMBERSHIP_MESSAGES.sex],
    ['a name with digits (供奉人二)', { GFR2: '陈1' }, 'GFR2', MEMBERSHIP_MESSAGES.names],
    ['a name of 21 characters (阳上人六)', { YS6: '陈'.repeat(21) }, 'YS6', MEMBERSHIP_MESSAGES.names],
    ['a first 阳上人 with digits', { YS1: '陈明2' }, 'YS1', MEMBERSHIP_MESSAGES.names],
    ['an address of 101 characters', { ADDRESS: '路'.repeat(101) }, 'ADDRESS', MEMBERSHIP_MESSAGES.address],
    [
      'a photo that is not a site address',
      { PHOTO: 'http://x/a.png' },
      'PHOTO',
      MEMBERSHIP_MESSAGES.orderIncomplete,
    ],
    ['no member name', { NAME: '' }, 'NAME', AUTH_MESSAGES.nameEmpty],
  ])('%s', (_, over, field, message) => {
    const judged = judgeJoinForm({ ...good, ...over });
    expect(judged).toEqual({ outcome: 'invalid', errors: { [field]: message } });
  });
  it('every missing required field at once', () => {
    const judged = judgeJoinForm({ ...joinFormDefaults(null), GFR1: '', NAME: '陈明' });
    expect(judged.outcome === 'invalid' && judged.errors).toEqual({
      SEX: MEMBERSHIP_MESSAGES.sex,
      BIRTH_DATE: MEMBERSHIP_MESSAGES.birthDate,
      SSQ_NAME: MEMBERSHIP_MESSAGES.region,
      GFR1: MEMBERSHIP_MESSAGES.gfr1,
      YS1: MEMBERSHIP_MESSAGES.ys1,
    });
  });
});

describe('the birth date may not be in the future', () => {
  it('today is taken, tomorrow is refused beside the field (出生日期不能晚于今天)', () => {
    expect(judgeJoinForm({ ...good, BIRTH_DATE: '2026-11-22' }, '2026-11-22').outcome).toBe('valid');
    const judged = judgeJoinForm({ ...good, BIRTH_DATE: '2026-11-23' }, '2026-11-22');
    expect(judged.outcome === 'invalid' && judged.errors).toEqual({
      BIRTH_DATE: MEMBERSHIP_MESSAGES.birthFuture,
    });
    expect(MEMBERSHIP_MESSAGES.birthFuture).toBe('出生日期不能晚于今天');
  });
  it('the server’s order schema refuses a join with a birth date to come', () => {
    const judged = judgeJoinForm(good);
    if (judged.outcome !== 'valid') throw new Error('the good form must be judged valid');
    const order = { ...joinOrderOf(pkg, judged.form, '13812345678'), BIRTH_DATE: '2999-01-01' };
    const parsed = v.safeParse(membershipOrder, order);
    expect(parsed.success).toBe(false);
    expect(parsed.issues?.[0]?.message).toBe(MEMBERSHIP_MESSAGES.birthFuture);
  });
});

describe('the join order (type 6, 001 sections 3 and 9)', () => {
  const judged = judgeJoinForm(good);
  if (judged.outcome !== 'valid') throw new Error('the good form must be judged valid');
  const { form } = judged;
  const order = joinOrderOf(pkg, form, '13812345678');

  it('is the package at its price with the form, and the server reads it as a join', () => {
    expect(order).toMatchObject({
      type: 6,
      CHANNEL: 'pc',
      PRODUCT_ID: 'HY3',
      customAmount: 1000,
      GFR1: '十方法界一切众生',
    });
    expect(order).not.toHaveProperty('RENEW');
    expect(v.parse(membershipOrder, order).kind).toBe('join');
    expect(v.is(membershipApi.order.request, order)).toBe(true);
  });
  it('costs 365 a year when the package names no price', () => {
    expect(joinOrderOf({ ...pkg, EXTINT1: null, EXTINT2: 2 }, form, '13812345678').customAmount).toBe(730);
  });

  const orderMessage = (input: unknown) => v.safeParse(membershipOrder, input).issues?.[0]?.message ?? null;
  const renew = { type: 6, MOBILE: '13812345678', PRODUCT_ID: 'HY1', customAmount: 365, RENEW: 1 };
  const proxy = { ...renew, TARGET_ID: 'a'.repeat(32), RELATION: '4' };
  it.each<[string, unknown, string]>([
    ['another order type', { ...order, type: 5 }, MEMBERSHIP_MESSAGES.orderType],
    ['another channel', { ...order, CHANNEL: 'h5' }, MEMBERSHIP_MESSAGES.channel],
    ['no package', { ...order, PRODUCT_ID: '' }, MEMBERSHIP_MESSAGES.unknownProduct],
    ['a negative total', { ...order, customAmount: -1 }, MEMBERSHIP_MESSAGES.totalMismatch],
    ['a renewal with RENEW 2', { ...renew, RENEW: 2 }, MEMBERSHIP_MESSAGES.orderIncomplete],
    ['not an object', 'order', MEMBERSHIP_MESSAGES.orderIncomplete],
    ['a proxy renewal without a relation', { ...proxy, RELATION: '' }, MEMBERSHIP_MESSAGES.relation],
    [
      'a proxy renewal with a strange token',
      { ...proxy, TARGET_ID: 'abc' },
      MEMBERSHIP_MESSAGES.targetExpired,
    ],
  ])('%s: %s', (_, input, message) => {
    expect(orderMessage(input)).toBe(message);
  });
});

describe('a failed order on the confirmation (001 section 8)', () => {
  it.each<[string, string | null, string]>([
    ['no reason (the network)', null, MEMBERSHIP_MESSAGES.qrFailed],
    ['the checkout’s words for no reason', PAYMENT_MESSAGES.orderFailed, MEMBERSHIP_MESSAGES.qrFailed],
    ['a member', MEMBERSHIP_MESSAGES.alreadyMember, `获取二维码失败：${MEMBERSHIP_MESSAGES.alreadyMember}`],
  ])('%s', (_, reason, text) => {
    expect(qrFailureText(reason)).toBe(text);
  });
  it('a member is pointed to 续费', () => {
    expect(isAlreadyMember(MEMBERSHIP_MESSAGES.alreadyMember)).toBe(true);
    expect(isAlreadyMember(MEMBERSHIP_MESSAGES.qrFailed)).toBe(false);
    expect(MEMBERSHIP_MESSAGES.alreadyMember).toBe('您已是功德会会员，请办理续费');
  });
});
