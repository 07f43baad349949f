import {
  buildMeritOrder,
  emptySelection,
  judgeMeritForm,
  MERIT_MESSAGES,
  type MeritItem,
  type MeritSelection,
  meritLineLabel,
  meritOrderRequest,
  meritPriceLabel,
  raiseToMinimum,
} from '@contract/merit';
import { OVER_LIMIT_MESSAGE } from '@contract/money';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

const lamp: MeritItem = {
  ID: 1,
  GD_NAME: '佛前供灯',
  IMAGE: '',
  PARTICULARS: '',
  PRICE_MODEL: '1',
  GD_TYPE: '1',
  GD_PRICE: 100,
  GDM: [],
};
const joy: MeritItem = {
  ...lamp,
  ID: 5,
  GD_NAME: '随喜功德',
  PRICE_MODEL: '2',
  GD_TYPE: '2',
  GD_PRICE: [50, 100],
};
const flowers: MeritItem = {
  ...lamp,
  ID: 7,
  GD_NAME: '供花供果',
  PRICE_MODEL: '3',
  GD_TYPE: '3',
  GD_PRICE: null,
  GDM: [
    { MERIT_ITEM: 'GH01', CNNAME: '鲜花供养', EXTINT1: 100 },
    { MERIT_ITEM: 'GH02', CNNAME: '时果供养', EXTINT1: 100 },
  ],
};
const phone = '13812345678';
const form = (over: Partial<MeritSelection> = {}): MeritSelection => ({
  ...emptySelection,
  donor: '陈居士',
  ...over,
});
const order = (item: MeritItem, over: Partial<MeritSelection> = {}) =>
  buildMeritOrder(item, form(over), phone);
const firstMessage = (input: unknown) => v.safeParse(meritOrderRequest, input).issues?.[0]?.message;

/** The spec's payload shape (001 section 3), exactly: no GD_ID. */
const specPayload = {
  type: 5,
  meritItemList: [
    { GD_TYPE: '1', GD_NAME: '佛前供灯', GD_ITEM: '', QUANTITY: 2, GDJ: 200, WISH: '愿家人平安' },
  ],
  GD_FM: '陈居士',
  customAmount: '',
  PRICE_MODEL: '1',
  CHANNEL: 'pc',
  MOBILE: phone,
};

describe('merit order schema: one row per message of spec 001 section 5 (and the site’s own)', () => {
  const line = (item: MeritItem, over: Record<string, unknown>) => {
    const built = order(item);
    return { ...built, meritItemList: [{ ...built.meritItemList[0], ...over }] };
  };
  it.each([
    ['donor empty', order(lamp, { donor: '' }), MERIT_MESSAGES.donorEmpty],
    ['donor blank', order(lamp, { donor: '   ' }), MERIT_MESSAGES.donorEmpty],
    ['donor with digits', order(lamp, { donor: '陈居士1' }), MERIT_MESSAGES.donorInvalid],
    [
      'donor over 10 characters',
      { ...order(lamp), GD_FM: '一二三四五六七八九十一' },
      MERIT_MESSAGES.donorInvalid,
    ],
    ['no name chosen (price model 3)', order(flowers), MERIT_MESSAGES.chooseName],
    ['no amount chosen (price model 2)', order(joy), MERIT_MESSAGES.chooseAmount],
    ['amount below 10', order(joy, { amount: 5 }), MERIT_MESSAGES.amountTooSmall],
    ['amount not whole', order(joy, { amount: 10.5 }), MERIT_MESSAGES.amountWhole],
    ['amount over 10000', order(joy, { amount: 10_001 }), OVER_LIMIT_MESSAGE],
    ['total over 10000', order(lamp, { quantity: 101 }), OVER_LIMIT_MESSAGE],
    ['quantity 0', order(lamp, { quantity: 0 }), MERIT_MESSAGES.quantity],
    ['quantity over 10000', line(lamp, { QUANTITY: 10_001, GDJ: 100 }), MERIT_MESSAGES.quantityTooLarge],
    ['wish with digits', line(lamp, { WISH: '愿家人平安123' }), MERIT_MESSAGES.wishInvalid],
    ['wish with emoji', line(lamp, { WISH: '愿家人平安🙏' }), MERIT_MESSAGES.wishInvalid],
    ['wish over 300', line(lamp, { WISH: '愿'.repeat(301) }), MERIT_MESSAGES.wishInvalid],
    [
      'amount and total disagree',
      { ...order(joy, { amount: 50 }), customAmount: 60 },
      MERIT_MESSAGES.totalMismatch,
    ],
    ['GD_ID out of range', line(lamp, { GD_ID: 2 ** 31 }), MERIT_MESSAGES.unknownItem],
    ['a NUL in GD_NAME', line(lamp, { GD_NAME: '佛前\u0000供灯' }), MERIT_MESSAGES.unknownItem],
    [
      'two lines',
      { ...order(lamp), meritItemList: [...order(lamp).meritItemList, ...order(lamp).meritItemList] },
      MERIT_MESSAGES.oneItem,
    ],
    ['wrong type', { ...order(lamp), type: 6 }, MERIT_MESSAGES.orderType],
    ['wrong channel', { ...order(lamp), CHANNEL: 'app' }, MERIT_MESSAGES.channel],
    [
      'customAmount not a number',
      { ...order(joy, { amount: 50 }), customAmount: 'abc' },
      MERIT_MESSAGES.amountInvalid,
    ],
    ['no MOBILE', { ...order(lamp), MOBILE: '' }, '请填写手机号码'],
    ['a missing field', { type: 5 }, MERIT_MESSAGES.orderIncomplete],
    ['not an object', 'x', MERIT_MESSAGES.orderIncomplete],
  ])('%s → %s', (_, input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('accepts every price model as the browser builds it', () => {
    for (const built of [
      order(lamp, { quantity: 3 }),
      order(joy, { amount: 66 }),
      order(flowers, { choice: 'GH02' }),
    ])
      expect(v.safeParse(meritOrderRequest, built).issues).toBeUndefined();
  });

  it('accepts the spec’s payload exactly as 001 section 3 gives it (no GD_ID, empty GD_ITEM and customAmount)', () => {
    const parsed = v.parse(meritOrderRequest, specPayload);
    expect(parsed.meritItemList[0]).toMatchObject({ GD_ITEM: null, QUANTITY: 2, GDJ: 200 });
    expect(parsed.meritItemList[0]?.GD_ID).toBeUndefined();
    expect(parsed.customAmount).toBeNull();
  });

  it('says every message in Chinese, never the input', () => {
    const huge = '𠀀'.repeat(10_000);
    for (const input of [
      null,
      1,
      [],
      { ...specPayload, GD_FM: huge },
      { ...specPayload, meritItemList: 'x' },
    ]) {
      for (const issue of v.safeParse(meritOrderRequest, input).issues ?? []) {
        expect(issue.message).toMatch(/[\u4e00-\u9fa5]/);
        expect(issue.message).not.toMatch(/Invalid|Expected|received/);
        expect(issue.message.length).toBeLessThan(60);
      }
    }
  });
});

describe('the merit form judged: each message on its field, then the limit', () => {
  it.each([
    ['no donor', lamp, {}, { donor: MERIT_MESSAGES.donorEmpty }],
    [
      'nothing chosen (model 3), no donor',
      flowers,
      { donor: '' },
      { choice: MERIT_MESSAGES.chooseName, donor: MERIT_MESSAGES.donorEmpty },
    ],
    ['no amount (model 2)', joy, { donor: '陈居士' }, { amount: MERIT_MESSAGES.chooseAmount }],
    ['amount 5 typed', joy, { donor: '陈居士', amount: 5 }, { amount: MERIT_MESSAGES.amountTooSmall }],
    ['all filled in', lamp, { donor: '陈居士', wish: '愿家人平安' }, null],
  ] as const)('%s', (_, item, over, errors) => {
    const judged = judgeMeritForm(item, { ...emptySelection, ...over });
    if (errors) expect(judged).toEqual({ outcome: 'invalid', errors });
    else expect(judged.outcome).toBe('valid');
  });

  it('gives the over-limit advice only when nothing else is wrong', () => {
    expect(judgeMeritForm(joy, form({ amount: 20_000 }))).toEqual({ outcome: 'overLimit' });
    expect(judgeMeritForm(lamp, form({ quantity: 101 }))).toEqual({ outcome: 'overLimit' });
    expect(judgeMeritForm(lamp, form({ quantity: 101, donor: '' }))).toEqual({
      outcome: 'invalid',
      errors: { donor: MERIT_MESSAGES.donorEmpty },
    });
    expect(judgeMeritForm(joy, form({ amount: 10_000 })).outcome).toBe('valid');
  });

  it('raises a typed amount below 10 to 10, and leaves one above 10000 as typed', () => {
    expect(raiseToMinimum(3)).toBe(10);
    expect(raiseToMinimum(12_345)).toBe(12_345);
  });
});

describe('what the pages say of an item', () => {
  it('names the chosen offering (鲜花供养 and 时果供养 cost the same)', () => {
    expect(meritLineLabel(flowers, order(flowers, { choice: 'GH01' }))).toBe('供花供果 · 鲜花供养');
    expect(meritLineLabel(flowers, order(flowers, { choice: 'GH02' }))).toBe('供花供果 · 时果供养');
    expect(meritLineLabel(lamp, order(lamp))).toBe('佛前供灯');
  });

  it('gives each price model a price for the list card', () => {
    expect(meritPriceLabel(lamp)).toBe('每份 ¥100');
    expect(meritPriceLabel(joy)).toBe('¥10 起，随喜');
    expect(meritPriceLabel(flowers)).toBe('¥100');
    expect(
      meritPriceLabel({
        ...flowers,
        GDM: [...flowers.GDM, { MERIT_ITEM: 'GH03', CNNAME: '净香', EXTINT1: 50 }],
      }),
    ).toBe('¥50–¥100');
  });
});
