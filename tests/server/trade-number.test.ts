import { templeDateTime } from '@contract/temple-day';
import { tradeNo } from '@server/services/orders';
import { describe, expect, it } from 'vitest';

describe('order numbers carry the date on the temple’s clock', () => {
  it.each([
    // 17:30 in London is 01:30 the next day in Shanghai: the number and 我的订单's order time agree.
    ['2026-11-26T17:30:00Z', 12, 'WF20261127013000000012', '2026-11-27 01:30:00'],
    ['2026-11-26T02:05:09Z', 1_234_567, 'WF20261126100509234567', '2026-11-26 10:05:09'],
    ['2026-12-31T16:00:00Z', 7, 'WF20270101000000000007', '2027-01-01 00:00:00'],
  ])('%s, order %i: %s', (at, id, number, shown) => {
    expect(tradeNo(new Date(at), id)).toBe(number);
    expect(templeDateTime(new Date(at))).toBe(shown);
  });
});
