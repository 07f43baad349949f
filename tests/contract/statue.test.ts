import { PHONE_MESSAGES } from '@contract/phone';
import { isReservationTotal } from '@contract/seats';
import {
  donorNamesRefusal,
  remarkRefusal,
  STATUE_MESSAGES,
  statueChoiceRefusal,
  statueOrderRequest,
  statuePriceOf,
  statueSeatsRequest,
} from '@contract/statue';
import { sampleStatueOrder } from '@tests/support/order-requests';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

const order = sampleStatueOrder;
const message = (input: unknown) => v.safeParse(statueOrderRequest, input).issues?.[0]?.message ?? null;

describe('statue order (001 sections 3 and 5)', () => {
  it('accepts a complete order', () => {
    expect(message(order())).toBeNull();
    expect(message(order({ GD_NAMES: 'Chen', REMARK: '愿'.repeat(300) }))).toBeNull();
  });
  it.each<[string, Record<string, unknown>, string]>([
    ['no material', { MATERIAL: undefined }, STATUE_MESSAGES.incomplete],
    ['no statue', { STATUE: 0 }, STATUE_MESSAGES.incomplete],
    ['no term', { GF_TYPE: '' }, STATUE_MESSAGES.incomplete],
    ['another term', { GF_TYPE: '3' }, STATUE_MESSAGES.incomplete],
    ['no position', { POSITION: undefined }, STATUE_MESSAGES.incomplete],
    ['a position that is not row_col', { POSITION: '1-1' }, STATUE_MESSAGES.incomplete],
    ['no group', { FX_GROUP: '' }, STATUE_MESSAGES.incomplete],
    ['no location', { LOCATION: '4' }, STATUE_MESSAGES.incomplete],
    ['no donor name', { GD_NAMES: '' }, STATUE_MESSAGES.donorEmpty],
    ['a missing donor name', { GD_NAMES: undefined }, STATUE_MESSAGES.donorEmpty],
    ['a blank donor name', { GD_NAMES: '  ' }, STATUE_MESSAGES.donorEmpty],
    ['a donor name of 8', { GD_NAMES: '陈陈陈陈陈陈陈陈' }, STATUE_MESSAGES.donor],
    ['a donor name with digits', { GD_NAMES: '陈1' }, STATUE_MESSAGES.donor],
    ['a donor name with a space', { GD_NAMES: '陈 居士' }, STATUE_MESSAGES.donor],
    ['a remark of 301', { REMARK: '愿'.repeat(301) }, STATUE_MESSAGES.remark],
    ['a remark with a control character', { REMARK: '愿\u0007' }, STATUE_MESSAGES.remark],
    ['a negative total', { GFJ_TOTAL: -1 }, STATUE_MESSAGES.totalMismatch],
    ['another type', { type: 5 }, STATUE_MESSAGES.orderType],
    ['another channel', { CHANNEL: 'h5' }, STATUE_MESSAGES.channel],
    ['a label with a control character', { FULL_NAME: 'a\u0000' }, STATUE_MESSAGES.text],
    ['no mobile', { MOBILE: '' }, PHONE_MESSAGES.empty],
  ])('%s', (_, over, expected) => {
    expect(message(order(over))).toBe(expected);
  });
  it('refuses what is not an object with its own message', () => {
    expect(message('x')).toBe(STATUE_MESSAGES.orderIncomplete);
  });
});

describe('the statue rules the form shares', () => {
  it('prices 常供 with CG_PRICE and 年供 with NG_PRICE', () => {
    const group = { NG_PRICE: 3000, CG_PRICE: 12000 };
    expect(statuePriceOf(group, '1')).toBe(12000);
    expect(statuePriceOf(group, '2')).toBe(3000);
  });
  it('reserves from 10000 yuan', () => {
    expect(isReservationTotal(9999.99)).toBe(false);
    expect(isReservationTotal(10000)).toBe(true);
  });
  it.each<[string, string | null]>([
    ['', STATUE_MESSAGES.donorEmpty],
    ['陈居士', null],
    ['Chenabc', null],
    ['陈陈陈陈陈陈陈陈', STATUE_MESSAGES.donor],
    ['陈!', STATUE_MESSAGES.donor],
  ])('donor name %j', (name, expected) => {
    expect(donorNamesRefusal(name)).toBe(expected);
  });
  it('remark', () => {
    expect(remarkRefusal('愿'.repeat(300))).toBeNull();
    expect(remarkRefusal('愿'.repeat(301))).toBe(STATUE_MESSAGES.remark);
  });
  it('needs material, statue, term and position', () => {
    const all = { material: 1, statue: 2, gfType: '1', position: '1_1' };
    expect(statueChoiceRefusal(all)).toBeNull();
    for (const key of Object.keys(all))
      expect(statueChoiceRefusal({ ...all, [key]: undefined })).toBe(STATUE_MESSAGES.incomplete);
  });
  it('the seat query needs material and group', () => {
    expect(v.safeParse(statueSeatsRequest, { location: '1', material: '2', fxGroup: '1' }).success).toBe(
      true,
    );
    expect(v.safeParse(statueSeatsRequest, { location: '1', fxGroup: '1' }).issues?.[0]?.message).toBe(
      STATUE_MESSAGES.incomplete,
    );
    expect(
      v.safeParse(statueSeatsRequest, { location: '9', material: '2', fxGroup: '1' }).issues?.[0]?.message,
    ).toBe(STATUE_MESSAGES.unknownLocation);
  });
});
