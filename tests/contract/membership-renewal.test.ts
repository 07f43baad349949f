import { fieldMessages } from '@contract/envelope';
import {
  LOOKUP_LIMITS,
  MEMBERSHIP_MESSAGES,
  memberLookupRequest,
  membershipApi,
  membershipOrder,
} from '@contract/membership';
import { useTestApp } from '@tests/support/test-app';
import { payOrder, placeOrder } from '@tests/support/user-centre';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Every message of the own and the proxy renewal (spec 001 sections 5 and 8, and the site's own),
 * one row each: the spec's words verbatim, the browser's schema, and the server's answer.
 */
describe('the renewal messages, as the spec words them', () => {
  it.each<[keyof typeof MEMBERSHIP_MESSAGES, string]>([
    ['hyCode', '请输入代充值会员编号'],
    ['hyName', '请输入代充值用户姓名'],
    ['lookupFailed', '查找失败'],
    ['qrFailed', '获取二维码失败'],
  ])('%s: %s', (key, words) => {
    expect(MEMBERSHIP_MESSAGES[key]).toBe(words);
  });
});

describe('the proxy lookup’s form (001 section 5)', () => {
  it('accepts a code and a name, trimmed', () => {
    expect(v.parse(memberLookupRequest, { hyCode: ' HY2026000001 ', name: ' 陈明 ' })).toEqual({
      hyCode: 'HY2026000001',
      name: '陈明',
    });
  });
  it.each<[string, { hyCode: string; name: string }, Record<string, string>]>([
    ['no code', { hyCode: '', name: '陈明' }, { hyCode: MEMBERSHIP_MESSAGES.hyCode }],
    ['a blank code', { hyCode: '  ', name: '陈明' }, { hyCode: MEMBERSHIP_MESSAGES.hyCode }],
    ['no name', { hyCode: 'HY2026000001', name: '' }, { name: MEMBERSHIP_MESSAGES.hyName }],
    ['a blank name', { hyCode: 'HY2026000001', name: ' ' }, { name: MEMBERSHIP_MESSAGES.hyName }],
    [
      'neither',
      { hyCode: '', name: '' },
      { hyCode: MEMBERSHIP_MESSAGES.hyCode, name: MEMBERSHIP_MESSAGES.hyName },
    ],
    [
      'a code that cannot be one',
      { hyCode: 'HY-1', name: '陈明' },
      { hyCode: MEMBERSHIP_MESSAGES.lookupFailed },
    ],
    [
      'a code too long',
      { hyCode: 'H'.repeat(21), name: '陈明' },
      { hyCode: MEMBERSHIP_MESSAGES.lookupFailed },
    ],
    ['a name too long', { hyCode: 'HY1', name: '陈'.repeat(21) }, { name: MEMBERSHIP_MESSAGES.lookupFailed }],
  ])('%s', (_, lookup, messages) => {
    expect(fieldMessages(memberLookupRequest, lookup)).toEqual(messages);
  });
});

const renew = (over: Record<string, unknown> = {}) => ({
  type: 6,
  RENEW: 1,
  CHANNEL: 'pc',
  MOBILE: '13812345678',
  PRODUCT_ID: 'HY1',
  customAmount: 365,
  ...over,
});
const proxy = (over: Record<string, unknown> = {}) =>
  renew({ TARGET_ID: 'tok_abcdefghijklmnopqrstuvwx', RELATION: '4', ...over });
const orderMessage = (input: unknown) => v.safeParse(membershipOrder, input).issues?.[0]?.message ?? null;

describe('the renewal orders (the browser’s shapes)', () => {
  it('an own renewal and a proxy renewal parse as such', () => {
    expect(v.parse(membershipOrder, renew()).kind).toBe('renew');
    expect(v.parse(membershipOrder, proxy()).kind).toBe('proxy');
  });
  it.each<[string, unknown, string]>([
    ['no relation', proxy({ RELATION: '' }), MEMBERSHIP_MESSAGES.relation],
    ['a token that cannot be one', proxy({ TARGET_ID: 'abc' }), MEMBERSHIP_MESSAGES.targetExpired],
    ['no package', renew({ PRODUCT_ID: '' }), MEMBERSHIP_MESSAGES.unknownProduct],
    ['a negative total', renew({ customAmount: -1 }), MEMBERSHIP_MESSAGES.totalMismatch],
    ['another type', renew({ type: 5 }), MEMBERSHIP_MESSAGES.orderType],
    ['another channel', renew({ CHANNEL: 'h5' }), MEMBERSHIP_MESSAGES.channel],
  ])('%s', (_, input, message) => {
    expect(orderMessage(input)).toBe(message);
  });
});

describe('the server’s renewal answers (PGlite)', () => {
  const t = useTestApp('pglite');
  const MEMBER = '13700060001';
  const OTHER = '13700060002';
  let member = '';
  let other = '';
  let code = '';
  const lookupPath = (hyCode: string, name: string) =>
    `${membershipApi.lookup.path}?${new URLSearchParams({ hyCode, name })}`;
  const prePay = (order: unknown, token: string) => t.form('/portal/rs/payapi/v1/pay/prePay', order, token);

  beforeAll(async () => {
    member = await t.login(MEMBER);
    other = await t.login(OTHER);
    const join = {
      type: 6,
      CHANNEL: 'pc',
      MOBILE: MEMBER,
      PRODUCT_ID: 'HY1',
      customAmount: 365,
      NAME: '陈明',
      SEX: '1',
      BIRTH_DATE: '1980-05-01',
      SSQ_NAME: ['上海市'],
      GFR1: '十方法界一切众生',
      YS1: '陈明',
    };
    await payOrder(t, await placeOrder(t, join, member));
    const mine = await t.call('GET', membershipApi.mine.path, undefined, member);
    code = v.parse(membershipApi.mine.response, mine.body).data?.HY_CODE ?? '';
  });

  it('notMember: an own renewal before joining', async () => {
    const res = await prePay(renew({ MOBILE: OTHER }), other);
    expect([res.status, res.body.msg]).toEqual([400, MEMBERSHIP_MESSAGES.notMember]);
  });

  it('lookupFailed: a code and a name that are not one member', async () => {
    const res = await t.call('GET', lookupPath(code, '陈亮'), undefined, other);
    expect([res.status, res.body.msg]).toEqual([404, MEMBERSHIP_MESSAGES.lookupFailed]);
  });

  it('hyCode and hyName: a lookup without them', async () => {
    const noCode = await t.call('GET', lookupPath('', '陈明'), undefined, other);
    expect([noCode.status, noCode.body.msg]).toEqual([400, MEMBERSHIP_MESSAGES.hyCode]);
    const noName = await t.call('GET', lookupPath(code, ''), undefined, other);
    expect([noName.status, noName.body.msg]).toEqual([400, MEMBERSHIP_MESSAGES.hyName]);
  });

  it('relation, targetExpired and selfProxy: the proxy order’s refusals', async () => {
    const found = v.parse(
      membershipApi.lookup.response,
      (await t.call('GET', lookupPath(code, '陈明'), undefined, other)).body,
    ).data;
    expect(found).toMatchObject({ NAME: '陈*', SELF: false });
    const relation = await prePay(proxy({ MOBILE: OTHER, TARGET_ID: found.ID, RELATION: '99' }), other);
    expect([relation.status, relation.body.msg]).toEqual([400, MEMBERSHIP_MESSAGES.relation]);
    // Another believer's token names nobody for this one.
    const foreign = await prePay(proxy({ TARGET_ID: found.ID }), member);
    expect([foreign.status, foreign.body.msg]).toEqual([400, MEMBERSHIP_MESSAGES.targetExpired]);

    const own = v.parse(
      membershipApi.lookup.response,
      (await t.call('GET', lookupPath(code, '陈明'), undefined, member)).body,
    ).data;
    expect(own.SELF).toBe(true);
    const self = await prePay(proxy({ TARGET_ID: own.ID }), member);
    expect([self.status, self.body.msg]).toEqual([400, MEMBERSHIP_MESSAGES.selfProxy]);
  });

  it('tooManyLookups: over the limit, 429 with Retry-After', async () => {
    const third = await t.login('13700060003');
    let last = await t.call('GET', lookupPath(code, '陈亮'), undefined, third);
    for (let i = 1; i <= LOOKUP_LIMITS.perBeliever; i += 1)
      last = await t.call('GET', lookupPath(code, '陈亮'), undefined, third);
    expect([last.status, last.body.msg]).toEqual([429, MEMBERSHIP_MESSAGES.tooManyLookups]);
    expect(Number(last.retryAfter)).toBeGreaterThan(0);
  });
});
