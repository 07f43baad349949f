import { PHONE_MESSAGES } from '@contract/phone';
import {
  descendantsRefusal,
  TABLET_MESSAGES,
  tabletChoiceRefusal,
  tabletNameRefusal,
  tabletNamesRefusal,
  tabletOrderRequest,
} from '@contract/tablet';
import { sampleTabletOrder } from '@tests/support/order-requests';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

const order = (over: Record<string, unknown> = {}) =>
  sampleTabletOrder({ zzList: [{ FG_ZZ: '陈大明' }], ...over });
const rebirth = (over: Record<string, unknown> = {}) =>
  order({
    FS_TYPE: '2',
    zzList: [],
    jyList: [{ FG_JY: '陈老居士', BIRTH_DAY: '1940-02-03' }],
    ysList: [{ YS: '陈大明' }],
    ...over,
  });
const message = (input: unknown) => v.safeParse(tabletOrderRequest, input).issues?.[0]?.message ?? null;
const names = (...list: string[]) => list.map((FG_ZZ) => ({ FG_ZZ }));

describe('tablet order (002 sections 3 and 5)', () => {
  it('accepts a longevity and a rebirth order', () => {
    expect(message(order())).toBeNull();
    expect(message(order({ zzList: names('陈大明', '', 'Chen') }))).toBeNull();
    expect(message(rebirth())).toBeNull();
    expect(message(rebirth({ ysList: Array.from({ length: 8 }, () => ({ YS: '陈' })) }))).toBeNull();
  });
  it.each<[string, Record<string, unknown>, string]>([
    ['no category', { FS_TYPE: undefined }, TABLET_MESSAGES.chooseAll],
    ['no floor', { PW_LOCATION: undefined }, TABLET_MESSAGES.chooseAll],
    ['floor 5', { PW_LOCATION: 5 }, TABLET_MESSAGES.chooseAll],
    ['no group', { PW_GROUP: '' }, TABLET_MESSAGES.chooseAll],
    ['no seat', { POSITION: undefined }, TABLET_MESSAGES.chooseAll],
    ['no tablet type', { PW_TYPE: '3' }, TABLET_MESSAGES.chooseAll],
    ['a name with digits', { zzList: names('陈1') }, TABLET_MESSAGES.nameChars],
    ['a name with a space', { zzList: names('陈 明') }, TABLET_MESSAGES.nameChars],
    ['a name of 21', { zzList: names('a'.repeat(21)) }, TABLET_MESSAGES.nameLength],
    ['no name', { zzList: names('', '', '') }, TABLET_MESSAGES.nameRequired],
    ['no names at all', { zzList: [] }, TABLET_MESSAGES.nameRequired],
    ['four names', { zzList: names('甲', '乙', '丙', '丁') }, TABLET_MESSAGES.nameCount],
    ['rebirth names on a longevity tablet', { jyList: [{ FG_JY: '陈老' }] }, TABLET_MESSAGES.entryKind],
    ['a negative price', { PW_PRICE: -1 }, TABLET_MESSAGES.totalMismatch],
    ['another pay method', { PAY_METHOD: '3' }, TABLET_MESSAGES.payMethod],
    ['another data source', { DATA_SOURCE: 6 }, TABLET_MESSAGES.channel],
    ['another type', { type: 2 }, TABLET_MESSAGES.orderType],
    ['no mobile', { MOBILE: undefined }, PHONE_MESSAGES.empty],
  ])('%s', (_, over, expected) => {
    expect(message(order(over))).toBe(expected);
  });
  it.each<[string, Record<string, unknown>, string]>([
    ['no descendant', { ysList: [] }, TABLET_MESSAGES.descendantRequired],
    ['blank descendants', { ysList: [{ YS: '' }, { YS: '' }] }, TABLET_MESSAGES.descendantRequired],
    ['a descendant with digits', { ysList: [{ YS: '陈大明' }, { YS: '陈2' }] }, TABLET_MESSAGES.descendant],
    [
      'nine descendants',
      { ysList: Array.from({ length: 9 }, () => ({ YS: '陈' })) },
      TABLET_MESSAGES.descendantCount,
    ],
    ['no tablet name', { jyList: [{ FG_JY: '' }] }, TABLET_MESSAGES.nameRequired],
    ['a bad birth day', { jyList: [{ FG_JY: '陈老', BIRTH_DAY: '1940/2/3' }] }, TABLET_MESSAGES.birthDay],
    ['longevity names on a rebirth tablet', { zzList: names('陈') }, TABLET_MESSAGES.entryKind],
  ])('rebirth: %s', (_, over, expected) => {
    expect(message(rebirth(over))).toBe(expected);
  });
});

describe('the tablet rules the form shares', () => {
  it.each<[string, string | null]>([
    ['', null],
    ['陈大明', null],
    ['ChenDaming', null],
    ['陈1', TABLET_MESSAGES.nameChars],
    ['a'.repeat(20), null],
    ['a'.repeat(21), TABLET_MESSAGES.nameLength],
  ])('name %j', (name, expected) => {
    expect(tabletNameRefusal(name)).toBe(expected);
  });
  it('names: one at least, three at most', () => {
    expect(tabletNamesRefusal(['', '陈', ''])).toBeNull();
    expect(tabletNamesRefusal(['', '', ''])).toBe(TABLET_MESSAGES.nameRequired);
    expect(tabletNamesRefusal(['a', 'b', 'c', 'd'])).toBe(TABLET_MESSAGES.nameCount);
  });
  it('descendants: one valid at least, eight at most', () => {
    expect(descendantsRefusal(['陈', ''])).toBeNull();
    expect(descendantsRefusal([''])).toBe(TABLET_MESSAGES.descendantRequired);
    expect(descendantsRefusal(['陈', '1'])).toBe(TABLET_MESSAGES.descendant);
    expect(descendantsRefusal(Array.from({ length: 9 }, () => '陈'))).toBe(TABLET_MESSAGES.descendantCount);
  });
  it('needs category, floor, group and seat', () => {
    const all = { category: '1', floor: 2, group: '1', position: '1_1' };
    expect(tabletChoiceRefusal(all)).toBeNull();
    for (const key of Object.keys(all))
      expect(tabletChoiceRefusal({ ...all, [key]: undefined })).toBe(TABLET_MESSAGES.chooseAll);
  });
});
