import { TABLET_MESSAGES, tabletOrderRequest } from '@contract/tablet';
import {
  emptyDescendants,
  emptyNames,
  judgeTabletDialog,
  judgeTabletForm,
  TABLET_NOTICES,
  type TabletForm,
  tabletAreaOf,
  tabletDialogFields,
  tabletGroupsOf,
  tabletOrderOf,
  tabletSeatsRequestOf,
} from '@contract/tablet-form';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { modelOnlineGroup, modelTabletFloor } from '../support/statecharts/fixtures/tablet-booking';

const good: TabletForm = { category: '1', floor: modelTabletFloor, group: modelOnlineGroup, price: 2800 };
const place = { pwType: '2' as const };
const names = (...list: string[]) => [...list, ...emptyNames()].slice(0, 3);
const ys = (...list: string[]) => [...list, ...emptyDescendants()].slice(0, 8);

describe('the selection page (002 sections 2 and 5)', () => {
  it('builds the draft of the type-3 order from the choices, the place and the price', () => {
    const judged = judgeTabletForm(place, good, '3_12');
    expect(judged).toEqual({
      outcome: 'valid',
      draft: {
        type: 3,
        CHANNEL: 'pc',
        FS_TYPE: '1',
        PW_TYPE: '2',
        PW_LOCATION: 1,
        PW_GROUP: 'N',
        POSITION: '3_12',
        PW_PRICE: 2800,
        GFJ_TOTAL: 2800,
        GF_TYPE: '2',
        YD_CYCLE: 7,
        PW_YD_FLAG: 1,
        PAY_METHOD: '8',
        DATA_SOURCE: 4,
        FHTYPENAME: '延生禄位',
        location: '一层/北',
        CZ_ROW: '3',
        PW_DW: '',
        SP_POSITION: '第3排第12号',
      },
    });
  });

  it.each<[string, Partial<TabletForm>, string | null]>([
    ['no category', { category: '' }, null],
    ['no floor', { floor: null, group: null }, null],
    ['no group', { group: null }, null],
    ['no price yet (the map has not come)', { price: null }, null],
    ['no place on the map', {}, 'none'],
  ])('%s: 请选择类别和位置', (_, over, seat) => {
    const judged = judgeTabletForm(place, { ...good, ...over }, seat === 'none' ? null : '1_1');
    expect(judged).toEqual({ outcome: 'invalid', error: TABLET_MESSAGES.chooseAll });
  });

  it('keys a seat map by floor, type and group, and reads the seats call back from it', () => {
    const area = tabletAreaOf('1', 3, '六室');
    expect(tabletSeatsRequestOf(area)).toEqual({ pwLocation: '3', pwType: '1', pwGroup: '六室' });
    expect(tabletGroupsOf([modelTabletFloor], 1).map((g) => g.NAME)).toEqual(['北', '东']);
    expect(tabletGroupsOf([modelTabletFloor], null)).toEqual([]);
  });
});

describe('the order dialog: one row per message, beside its field', () => {
  it.each<[string, '1' | '2', string[], string[], Record<string, string>]>([
    ['a longevity tablet with one name', '1', names('', '陈大明'), ys(), {}],
    ['no name at all', '1', names(), ys(), { name0: TABLET_MESSAGES.nameRequired }],
    ['blank spaces only', '1', names('  '), ys(), { name0: TABLET_MESSAGES.nameRequired }],
    ['a digit in the second name', '1', names('陈大明', '陈2'), ys(), { name1: TABLET_MESSAGES.nameChars }],
    ['21 characters', '1', names('陈'.repeat(21)), ys(), { name0: TABLET_MESSAGES.nameLength }],
    ['20 characters', '1', names('陈'.repeat(20)), ys(), {}],
    ['a rebirth tablet with name and descendant', '2', names('陈老居士'), ys('陈大明'), {}],
    [
      'a rebirth tablet without descendant: the first says it is required',
      '2',
      names('陈老居士'),
      ys(),
      { ys0: TABLET_MESSAGES.descendantRequired },
    ],
    [
      'descendants of blank spaces only: required too',
      '2',
      names('陈老居士'),
      ys('  ', ' '),
      { ys0: TABLET_MESSAGES.descendantRequired },
    ],
    [
      'a bad third descendant',
      '2',
      names('陈老居士'),
      ys('陈大明', '', 'x1'),
      { ys2: TABLET_MESSAGES.descendant },
    ],
    ['descendants do not count on a longevity tablet', '1', names('陈大明'), ys('x1'), {}],
  ])('%s', (_, category, list, descendants, expected) => {
    expect(judgeTabletDialog({ category, names: list, descendants })).toEqual(expected);
  });

  it('orders the fields as the dialog shows them (for focusing the first message)', () => {
    expect(tabletDialogFields('1')).toEqual(['name0', 'name1', 'name2']);
    expect(tabletDialogFields('2')).toHaveLength(11);
  });

  it('builds an order the server accepts: blanks dropped, the names in the category’s lists', () => {
    const judged = judgeTabletForm(place, good, '3_12');
    if (judged.outcome !== 'valid') throw new Error('the model form is valid');
    const longevity = tabletOrderOf(judged.draft, '13800001234', names('陈大明', '', ' Chen '), ys('x'));
    expect(longevity).toMatchObject({
      zzList: [{ FG_ZZ: '陈大明' }, { FG_ZZ: 'Chen' }],
      jyList: [],
      ysList: [],
    });
    expect(v.safeParse(tabletOrderRequest, longevity).success).toBe(true);
    const rebirth = tabletOrderOf(
      { ...judged.draft, FS_TYPE: '2' },
      '13800001234',
      names('陈老'),
      ys('', '陈大明'),
    );
    expect(rebirth).toMatchObject({
      zzList: [],
      jyList: [{ FG_JY: '陈老', BIRTH_DAY: '' }],
      ysList: [{ YS: '陈大明' }],
    });
    expect(v.safeParse(tabletOrderRequest, rebirth).success).toBe(true);
  });
});

describe('the notices of a place of 10000 yuan and above (002 section 2)', () => {
  it.each([
    [
      '温馨提示: online only reserves the place, kept 7 days',
      TABLET_NOTICES.hint,
      /10000元.*仅可预定.*保留7天/,
    ],
    [
      '预定须知: 保留7天, paid at the temple, released after',
      TABLET_NOTICES.reservation,
      /^保留7天.*前往寺院.*释放/,
    ],
  ])('%s', (_, notice, pattern) => {
    expect(notice).toMatch(pattern);
  });
});
