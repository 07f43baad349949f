import {
  RENEWAL_MESSAGES,
  RENEWAL_RULES,
  renewalFlag,
  renewalOrderRequest,
  renewalTotal,
} from '@contract/renewal';
import { modelEnshrinement, renewalOrderOf } from '@machines/enshrinement-renewal.machine';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

/**
 * The renewal of a yearly statue (order kind 4, spec 001 sections 3, 5, 9): every message of
 * RENEWAL_MESSAGES, one row each, with an order that brings it; and the order the page builds.
 */
const renewal = (over: Record<string, unknown> = {}) => ({
  type: 4,
  RENEW: 1,
  CHANNEL: 'pc',
  MOBILE: '13812345678',
  ID: 7,
  YEARS: 2,
  GF_TYPE: '2',
  customAmount: 8000,
  FX_YD_FLAG: '0',
  FX_PRICE: 4000,
  FX_GROUP: '1',
  FX_LOCATION: '2',
  FX_MATERIAL: 1,
  FX_CNNAME: '药师佛',
  ...over,
});
const messageOf = (input: unknown) => v.safeParse(renewalOrderRequest, input).issues?.[0]?.message ?? null;

const rows: [keyof typeof RENEWAL_MESSAGES, string, unknown][] = [
  ['years', '0 years', renewal({ YEARS: 0 })],
  ['years', '4 years', renewal({ YEARS: 4 })],
  ['years', 'a year and a half', renewal({ YEARS: 1.5 })],
  ['notFound', 'no enshrinement named', renewal({ ID: 0 })],
  ['notFound', 'an enshrinement number that is no number', renewal({ ID: 'seven' })],
  ['permanent', 'a permanent term (常供)', renewal({ GF_TYPE: '1' })],
  ['totalMismatch', 'a negative total', renewal({ customAmount: -1 })],
  ['totalMismatch', 'a total that is no amount', renewal({ customAmount: 'abc' })],
  ['totalMismatch', 'a yearly price that is no amount', renewal({ FX_PRICE: -5 })],
  ['orderIncomplete', 'RENEW other than 1', renewal({ RENEW: 2 })],
  ['orderIncomplete', 'an unknown flag', renewal({ FX_YD_FLAG: '2' })],
  ['orderIncomplete', 'a group with a control character', renewal({ FX_GROUP: '东\u0000廊' })],
  ['orderIncomplete', 'a statue name too long', renewal({ FX_CNNAME: '佛'.repeat(101) })],
  ['orderIncomplete', 'no order at all', 'renew'],
  ['orderType', 'another order kind', renewal({ type: 7 })],
  ['channel', 'another channel', renewal({ CHANNEL: 'h5' })],
];

/** The messages only the server brings, and the test that brings each. */
const SERVER_ROWS: [keyof typeof RENEWAL_MESSAGES, string][] = [
  ['holdCap', 'a 4th unpaid renewal of one believer (tests/server/hold-caps.test.ts)'],
];

describe('every renewal message (RENEWAL_MESSAGES), one row each', () => {
  it.each(rows)('%s: %s', (key, _, order) => {
    expect(messageOf(order)).toBe(RENEWAL_MESSAGES[key]);
  });
  it('has a row for each message, each in Chinese', () => {
    expect(new Set([...rows, ...SERVER_ROWS].map(([key]) => key))).toEqual(
      new Set(Object.keys(RENEWAL_MESSAGES)),
    );
    for (const words of Object.values(RENEWAL_MESSAGES)) expect(words).toMatch(/^[\u4e00-\u9fa5，1-3至]+$/u);
  });
});

describe('the renewal the page sends (001 sections 3, 9)', () => {
  it('the total is the yearly price times the years; at 10000 and above FX_YD_FLAG 1', () => {
    expect(renewalTotal(4000, 2)).toBe(8000);
    expect(renewalFlag(renewalTotal(3333, 3))).toBe('0');
    expect(renewalFlag(renewalTotal(5000, 2))).toBe('1');
    expect(renewalFlag(renewalTotal(4000, 3))).toBe('1');
  });

  it.each([1, 2, 3] as const)('%i year(s) of the model enshrinement pass the schema', (years) => {
    const order = renewalOrderOf({ item: modelEnshrinement, years }, '13812345678');
    expect(order).toMatchObject({
      type: RENEWAL_RULES.orderType,
      RENEW: 1,
      CHANNEL: 'pc',
      ID: modelEnshrinement.ID,
      YEARS: years,
      GF_TYPE: '2',
      customAmount: 4000 * years,
      FX_YD_FLAG: years === 3 ? '1' : '0',
      FX_PRICE: 4000,
      FX_GROUP: modelEnshrinement.FX_GROUP,
      FX_LOCATION: modelEnshrinement.FX_LOCATION,
      FX_MATERIAL: modelEnshrinement.FX_MATERIAL,
      FX_CNNAME: modelEnshrinement.FX_CNNAME,
    });
    expect(v.safeParse(renewalOrderRequest, order).success).toBe(true);
  });
});
