import * as v from 'valibot';
import { endpoint, portalEnvelope } from './envelope';
import { prePayAnswer } from './payment';
import { phoneSchema } from './phone';

/** A merit item as the portal sends it (spec 001 section 3). GD_PRICE is yuan: a unit price or the amounts offered. */
export const meritItem = v.object({
  ID: v.number(),
  GD_NAME: v.string(),
  IMAGE: v.string(),
  PARTICULARS: v.string(),
  PRICE_MODEL: v.string(),
  GD_TYPE: v.string(),
  GD_PRICE: v.union([v.number(), v.array(v.number()), v.null()]),
  GDM: v.array(v.object({ MERIT_ITEM: v.string(), CNNAME: v.string(), EXTINT1: v.number() })),
});
export type MeritItem = v.InferOutput<typeof meritItem>;

/** '1' quantity x unit price, '2' a chosen or typed amount, anything else: a name chosen from GDM. */
export const priceModelOf = (item: Pick<MeritItem, 'PRICE_MODEL'>): 'quantity' | 'amount' | 'choice' =>
  item.PRICE_MODEL === '1' ? 'quantity' : item.PRICE_MODEL === '2' ? 'amount' : 'choice';

export const MERIT_RULES = {
  minAmount: 10,
  maxAmount: 10_000,
  maxQuantity: 10_000,
  donorInputLength: 7,
  wishLength: 300,
} as const;

export const MERIT_MESSAGES = {
  chooseName: '请选择功德名!',
  chooseAmount: '请选择功德金!',
  donorEmpty: '请填写功德芳名!',
  donorInvalid: '请输入10个字以内中文或字母！',
  wishInvalid: '心愿只能填写中文或字母，300字以内',
  quantity: '数量至少为1',
  unknownItem: '该功德项目不存在或已下架',
  unknownChoice: '请选择有效的功德名',
  amountTooSmall: '功德金不能少于10元',
  totalMismatch: '订单金额与功德价格不符，请刷新页面后重试',
} as const;

const DONOR_PATTERN = /^[\u4e00-\u9fa5A-Za-z]{1,10}$/;
/** Chinese, Latin letters and Chinese punctuation; digits, symbols and emoji are dropped. */
const WISH_DROPPED = /[^\u4e00-\u9fa5A-Za-z，。、！？；：“”‘’（）\s]/gu;

export const keepWishText = (text: string): string =>
  text.replace(WISH_DROPPED, '').slice(0, MERIT_RULES.wishLength);
export const keepDigits = (text: string): string => text.replace(/\D/g, '').slice(0, 5);
export const clampAmount = (yuan: number): number =>
  Math.min(MERIT_RULES.maxAmount, Math.max(MERIT_RULES.minAmount, Math.round(yuan)));
export const clampQuantity = (count: number): number =>
  Math.min(MERIT_RULES.maxQuantity, Math.max(1, Math.round(count) || 1));

/** What the believer chose on the detail page. */
export interface MeritSelection {
  quantity: number;
  /** Model 2: the amount in yuan, chosen or typed (null: none yet). */
  amount: number | null;
  /** Model 3: the chosen MERIT_ITEM. */
  choice: string | null;
  donor: string;
  wish: string;
}

/** Unit price in yuan of what is chosen (null when nothing priced is chosen yet). */
const unitYuan = (item: MeritItem, selection: MeritSelection): number | null => {
  switch (priceModelOf(item)) {
    case 'quantity':
      return typeof item.GD_PRICE === 'number' ? item.GD_PRICE : null;
    case 'amount':
      return selection.amount;
    case 'choice':
      return item.GDM.find((c) => c.MERIT_ITEM === selection.choice)?.EXTINT1 ?? null;
  }
};

export const meritTotalYuan = (item: MeritItem, selection: MeritSelection): number => {
  const unit = unitYuan(item, selection) ?? 0;
  return priceModelOf(item) === 'amount' ? unit : unit * selection.quantity;
};

/** The first thing to fix before the order can be confirmed, in the spec's words; null when ready. */
export const meritProblem = (item: MeritItem, selection: MeritSelection): string | null => {
  const model = priceModelOf(item);
  if (model === 'choice' && !item.GDM.some((c) => c.MERIT_ITEM === selection.choice))
    return MERIT_MESSAGES.chooseName;
  if (model === 'amount' && !selection.amount) return MERIT_MESSAGES.chooseAmount;
  if (model !== 'amount' && selection.quantity < 1) return MERIT_MESSAGES.quantity;
  if (!selection.donor.trim()) return MERIT_MESSAGES.donorEmpty;
  if (!DONOR_PATTERN.test(selection.donor.trim())) return MERIT_MESSAGES.donorInvalid;
  return null;
};

const line = v.object({
  GD_ID: v.pipe(v.number('缺少功德项目'), v.integer('功德项目不正确')),
  GD_TYPE: v.string(),
  GD_NAME: v.string(),
  GD_ITEM: v.nullable(v.string()),
  QUANTITY: v.pipe(
    v.number(MERIT_MESSAGES.quantity),
    v.integer(MERIT_MESSAGES.quantity),
    v.minValue(1, MERIT_MESSAGES.quantity),
  ),
  GDJ: v.pipe(v.number('缺少功德金'), v.minValue(0, '功德金不正确')),
  WISH: v.pipe(
    v.optional(v.string(), ''),
    v.maxLength(MERIT_RULES.wishLength, MERIT_MESSAGES.wishInvalid),
    v.check((text) => keepWishText(text) === text, MERIT_MESSAGES.wishInvalid),
  ),
});

/** The merit order (type 5) as the browser sends it in `jsonObject`; the server recomputes every amount. */
export const meritOrderRequest = v.object({
  type: v.literal(5),
  meritItemList: v.pipe(v.array(line), v.length(1, '每次请供养一个功德项目')),
  GD_FM: v.pipe(
    v.string(MERIT_MESSAGES.donorEmpty),
    v.trim(),
    v.nonEmpty(MERIT_MESSAGES.donorEmpty),
    v.regex(DONOR_PATTERN, MERIT_MESSAGES.donorInvalid),
  ),
  customAmount: v.nullable(v.number()),
  PRICE_MODEL: v.string(),
  CHANNEL: v.literal('pc'),
  MOBILE: phoneSchema,
});
export type MeritOrderRequest = v.InferOutput<typeof meritOrderRequest>;

export const buildMeritOrder = (
  item: MeritItem,
  selection: MeritSelection,
  mobile: string,
): MeritOrderRequest => {
  const model = priceModelOf(item);
  return {
    type: 5,
    meritItemList: [
      {
        GD_ID: item.ID,
        GD_TYPE: item.GD_TYPE,
        GD_NAME: item.GD_NAME,
        GD_ITEM: model === 'choice' ? selection.choice : null,
        QUANTITY: model === 'amount' ? 1 : selection.quantity,
        GDJ: meritTotalYuan(item, selection),
        WISH: keepWishText(selection.wish.trim()),
      },
    ],
    GD_FM: selection.donor.trim(),
    customAmount: model === 'amount' ? selection.amount : null,
    PRICE_MODEL: item.PRICE_MODEL,
    CHANNEL: 'pc',
    MOBILE: mobile,
  };
};

export const wish = v.object({ WISH: v.string(), NAME: v.string() });
export type Wish = v.InferOutput<typeof wish>;

export const meritApi = {
  list: endpoint({
    method: 'GET',
    path: '/portal/rs/gdapi/findByGdList',
    request: v.object({ channel: v.optional(v.string(), '1') }),
    response: portalEnvelope(v.array(meritItem)),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/portal/rs/gdapi/selectById',
    request: v.object({ id: v.pipe(v.string('缺少功德项目'), v.regex(/^\d+$/, MERIT_MESSAGES.unknownItem)) }),
    response: portalEnvelope(meritItem),
  }),
  wishes: endpoint({
    method: 'GET',
    path: '/portal/rs/wish-api/v1/wish/getWishList',
    request: null,
    response: portalEnvelope(v.array(wish)),
  }),
  order: endpoint({
    method: 'POST',
    path: '/portal/rs/payapi/v1/pay/prePay',
    request: meritOrderRequest,
    response: prePayAnswer,
    encoding: 'jsonObject',
  }),
};
