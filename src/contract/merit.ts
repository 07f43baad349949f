import * as v from 'valibot';
import { endpoint, portalEnvelope } from './envelope';
import { formatYuan, OVER_LIMIT_MESSAGE, yuanToFen } from './money';
import { ORDER_TYPES } from './order-types';
import { prePayAnswer } from './payment';
import { phoneSchema } from './phone';
import { INT32_MAX, wholeNumber, wholeNumberParam, wireText, yuanAmount } from './wire';
import { type Wish, wish, wishListEndpoint } from './wishes';

/** A merit item as the portal sends it (spec 001 section 3). GD_PRICE is yuan: a unit price or the amounts offered. */
const ITEM_ANSWER = '功德项目的数据有误';
export const meritItem = v.object(
  {
    ID: v.number(ITEM_ANSWER),
    GD_NAME: v.string(ITEM_ANSWER),
    IMAGE: v.string(ITEM_ANSWER),
    PARTICULARS: v.string(ITEM_ANSWER),
    PRICE_MODEL: v.string(ITEM_ANSWER),
    GD_TYPE: v.string(ITEM_ANSWER),
    GD_PRICE: v.union(
      [v.number(ITEM_ANSWER), v.array(v.number(ITEM_ANSWER), ITEM_ANSWER), v.null(ITEM_ANSWER)],
      ITEM_ANSWER,
    ),
    GDM: v.array(
      v.object(
        { MERIT_ITEM: v.string(ITEM_ANSWER), CNNAME: v.string(ITEM_ANSWER), EXTINT1: v.number(ITEM_ANSWER) },
        ITEM_ANSWER,
      ),
      ITEM_ANSWER,
    ),
  },
  ITEM_ANSWER,
);
export type MeritItem = v.InferOutput<typeof meritItem>;

export type PriceModel = 'quantity' | 'amount' | 'choice';
/** '1' quantity x unit price, '2' a chosen or typed amount, anything else: a name chosen from GDM. */
export const priceModelOf = (item: Pick<MeritItem, 'PRICE_MODEL'>): PriceModel =>
  item.PRICE_MODEL === '1' ? 'quantity' : item.PRICE_MODEL === '2' ? 'amount' : 'choice';

export const MERIT_RULES = {
  minAmount: 10,
  maxAmount: 10_000,
  maxQuantity: 10_000,
  donorInputLength: 7,
  wishLength: 300,
  /** Digits kept in the amount input: above 10000 is the over-limit advice, not a clamp. */
  amountDigits: 5,
} as const;

/** The spec's messages (001 section 5) verbatim, and the site's own in the same voice. */
export const MERIT_MESSAGES = {
  unknownChannel: '请求的栏目不存在',
  chooseName: '请选择功德名!',
  chooseAmount: '请选择功德金!',
  donorEmpty: '请填写功德芳名!',
  donorInvalid: '请输入10个字以内中文或字母！',
  wishInvalid: '心愿只能填写中文或字母，300字以内',
  overLimit: OVER_LIMIT_MESSAGE,
  quantity: '数量至少为1',
  quantityTooLarge: '数量不能超过10000',
  amountTooSmall: '功德金不能少于10元',
  amountWhole: '功德金请填写整数',
  amountInvalid: '功德金不正确',
  unknownItem: '该功德项目不存在或已下架',
  unknownChoice: '请选择有效的功德名',
  totalMismatch: '订单金额与功德价格不符，请刷新页面后重试',
  orderIncomplete: '订单内容不完整，请刷新页面后重试',
  oneItem: '每次请供养一个功德项目',
  orderType: '订单类型不正确',
  channel: '下单渠道不正确',
  loginFirst: '请先登录，登录后将继续提交您的供养',
} as const;

const DONOR_PATTERN = /^[\u4e00-\u9fa5A-Za-z]{1,10}$/;
/** Chinese, Latin letters and Chinese punctuation; digits, symbols and emoji are dropped. */
const WISH_DROPPED = /[^\u4e00-\u9fa5A-Za-z，。、！？；：“”‘’（）\s]/gu;

export const keepWishText = (text: string): string =>
  text.replace(WISH_DROPPED, '').slice(0, MERIT_RULES.wishLength);
export const keepDigits = (text: string): string =>
  text.replace(/\D/g, '').slice(0, MERIT_RULES.amountDigits);
/** A typed amount below the minimum is raised to it when the believer leaves the field (001 section 5). */
export const raiseToMinimum = (yuan: number): number => Math.max(MERIT_RULES.minAmount, Math.round(yuan));
export const clampQuantity = (count: number): number =>
  Math.min(MERIT_RULES.maxQuantity, Math.max(1, Math.round(count) || 1));

/** One line of `meritItemList`, in the spec's shape (001 section 3); GD_ID is an optional extra. */
const meritLine = v.object(
  {
    GD_ID: v.optional(wholeNumber(MERIT_MESSAGES.unknownItem, 1, INT32_MAX)),
    GD_TYPE: wireText(MERIT_MESSAGES.unknownItem, 20),
    GD_NAME: wireText(MERIT_MESSAGES.unknownItem, 50),
    // The chosen name's code (price model 3); empty or absent for the other models.
    GD_ITEM: v.pipe(
      v.optional(
        v.nullable(
          v.pipe(v.string(MERIT_MESSAGES.unknownChoice), v.maxLength(40, MERIT_MESSAGES.unknownChoice)),
        ),
        null,
      ),
      v.transform((code) => code || null),
    ),
    QUANTITY: wholeNumber(
      MERIT_MESSAGES.quantity,
      1,
      MERIT_RULES.maxQuantity,
      MERIT_MESSAGES.quantityTooLarge,
    ),
    GDJ: yuanAmount(MERIT_MESSAGES.amountInvalid),
    WISH: v.pipe(
      v.optional(v.string(MERIT_MESSAGES.wishInvalid), ''),
      v.maxLength(MERIT_RULES.wishLength, MERIT_MESSAGES.wishInvalid),
      v.check((text) => keepWishText(text) === text, MERIT_MESSAGES.wishInvalid),
    ),
  },
  MERIT_MESSAGES.orderIncomplete,
);

/** What the believer fills in (everything of the order but MOBILE, which is the logged-in phone). */
const draftEntries = {
  type: v.literal(ORDER_TYPES.merit, MERIT_MESSAGES.orderType),
  meritItemList: v.pipe(
    v.array(meritLine, MERIT_MESSAGES.orderIncomplete),
    v.length(1, MERIT_MESSAGES.oneItem),
  ),
  GD_FM: v.pipe(
    v.string(MERIT_MESSAGES.donorEmpty),
    v.trim(),
    v.nonEmpty(MERIT_MESSAGES.donorEmpty),
    v.regex(DONOR_PATTERN, MERIT_MESSAGES.donorInvalid),
  ),
  // A number for price model 2; null, absent or '' (as a form sends it) for the others.
  customAmount: v.optional(
    v.nullable(
      v.union(
        [
          v.pipe(v.number(MERIT_MESSAGES.amountInvalid), v.finite(MERIT_MESSAGES.amountInvalid)),
          v.pipe(
            v.literal(''),
            v.transform(() => null),
          ),
        ],
        MERIT_MESSAGES.amountInvalid,
      ),
    ),
    null,
  ),
  PRICE_MODEL: wireText(MERIT_MESSAGES.orderIncomplete, 4),
  CHANNEL: v.literal('pc', MERIT_MESSAGES.channel),
};
type DraftShape = v.InferOutput<v.ObjectSchema<typeof draftEntries, undefined>>;

const LINE = ['meritItemList', 0] as const;
/** A cross-field rule whose message lands on `path` (the field the believer fixes). */
const rule = <T extends DraftShape>(
  path: readonly (string | number)[],
  holds: (order: DraftShape) => boolean,
  message: string,
) => v.forward<T, v.CheckIssue<T>, ['type']>(v.check<T, string>(holds, message), path as never);

const lineOf = (order: DraftShape) => order.meritItemList[0];
const isAmountModel = (order: DraftShape) => order.PRICE_MODEL === '2';
const isChoiceModel = (order: DraftShape) => order.PRICE_MODEL !== '1' && order.PRICE_MODEL !== '2';

/**
 * The rules across fields, in the order the believer meets them. Over the online limit is its
 * own outcome (the advice to go to the temple), told apart by its message (`isOverLimitIssue`).
 */
const crossRules = <T extends DraftShape>() =>
  [
    rule<T>(
      [...LINE, 'GD_ITEM'],
      (o) => !isChoiceModel(o) || Boolean(lineOf(o)?.GD_ITEM),
      MERIT_MESSAGES.chooseName,
    ),
    rule<T>(
      ['customAmount'],
      (o) => !isAmountModel(o) || o.customAmount !== null,
      MERIT_MESSAGES.chooseAmount,
    ),
    rule<T>(
      ['customAmount'],
      (o) => !isAmountModel(o) || o.customAmount === null || Number.isInteger(o.customAmount),
      MERIT_MESSAGES.amountWhole,
    ),
    rule<T>(
      ['customAmount'],
      (o) => !isAmountModel(o) || o.customAmount === null || o.customAmount >= MERIT_RULES.minAmount,
      MERIT_MESSAGES.amountTooSmall,
    ),
    rule<T>(
      [...LINE, 'GDJ'],
      (o) => !isAmountModel(o) || o.customAmount === null || lineOf(o)?.GDJ === o.customAmount,
      MERIT_MESSAGES.totalMismatch,
    ),
    rule<T>(
      [...LINE, 'GDJ'],
      (o) => (lineOf(o)?.GDJ ?? 0) <= MERIT_RULES.maxAmount,
      MERIT_MESSAGES.overLimit,
    ),
  ] as const;

/** The merit order without MOBILE: what the browser judges before the believer has to log in. */
export const meritDraft = v.pipe(
  v.object(draftEntries, MERIT_MESSAGES.orderIncomplete),
  ...crossRules<DraftShape>(),
);
export type MeritDraft = v.InferOutput<typeof meritDraft>;

/**
 * The merit order (type 5) as the browser sends it in `jsonObject` (001 section 3), with every
 * rule of the form; the server parses it with this schema and then prices it from its own table.
 */
export const meritOrderRequest = v.pipe(
  v.object({ ...draftEntries, MOBILE: phoneSchema }, MERIT_MESSAGES.orderIncomplete),
  ...crossRules<DraftShape & { MOBILE: string }>(),
);
export type MeritOrderRequest = v.InferOutput<typeof meritOrderRequest>;

export const isOverLimitIssue = (issue: v.BaseIssue<unknown>): boolean =>
  issue.message === OVER_LIMIT_MESSAGE;

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

export const emptySelection: MeritSelection = {
  quantity: 1,
  amount: null,
  choice: null,
  donor: '',
  wish: '',
};

const chosenName = (item: MeritItem, code: string | null) => item.GDM.find((c) => c.MERIT_ITEM === code);

/** Unit price in yuan of what is chosen (null when nothing priced is chosen yet). */
const unitYuan = (item: MeritItem, selection: MeritSelection): number | null => {
  switch (priceModelOf(item)) {
    case 'quantity':
      return typeof item.GD_PRICE === 'number' ? item.GD_PRICE : null;
    case 'amount':
      return selection.amount;
    case 'choice':
      return chosenName(item, selection.choice)?.EXTINT1 ?? null;
  }
};

export const meritTotalYuan = (item: MeritItem, selection: MeritSelection): number => {
  const unit = unitYuan(item, selection) ?? 0;
  return priceModelOf(item) === 'amount' ? unit : unit * selection.quantity;
};

/** The order (without MOBILE) for what was chosen, as it goes on the wire; judged by `meritDraft`. */
export const meritDraftOf = (item: MeritItem, selection: MeritSelection): MeritDraft => {
  const model = priceModelOf(item);
  return {
    type: ORDER_TYPES.merit,
    meritItemList: [
      {
        GD_ID: item.ID,
        GD_TYPE: item.GD_TYPE,
        GD_NAME: item.GD_NAME,
        GD_ITEM: model === 'choice' ? (chosenName(item, selection.choice)?.MERIT_ITEM ?? null) : null,
        QUANTITY: model === 'amount' ? 1 : selection.quantity,
        GDJ: meritTotalYuan(item, selection),
        WISH: keepWishText(selection.wish.trim()),
      },
    ],
    GD_FM: selection.donor.trim(),
    customAmount: model === 'amount' ? selection.amount : null,
    PRICE_MODEL: item.PRICE_MODEL,
    CHANNEL: 'pc',
  };
};

export const buildMeritOrder = (
  item: MeritItem,
  selection: MeritSelection,
  mobile: string,
): MeritOrderRequest => ({ ...meritDraftOf(item, selection), MOBILE: mobile });

/** The fields of the merit form, in the order they appear (the first with a message gets focus). */
export const MERIT_FIELDS = ['choice', 'amount', 'quantity', 'donor', 'wish', 'general'] as const;
export type MeritField = (typeof MERIT_FIELDS)[number];
export type MeritFieldErrors = Partial<Record<MeritField, string>>;

const FIELD_OF_PATH: Record<string, MeritField> = {
  'meritItemList.0.GD_ITEM': 'choice',
  customAmount: 'amount',
  'meritItemList.0.GDJ': 'amount',
  'meritItemList.0.QUANTITY': 'quantity',
  GD_FM: 'donor',
  'meritItemList.0.WISH': 'wish',
};

export type MeritJudgement =
  | { outcome: 'valid'; draft: MeritDraft }
  | { outcome: 'invalid'; errors: MeritFieldErrors }
  | { outcome: 'overLimit' };

/**
 * The form judged with the order's own schema: each field's first message; with none, over the
 * limit (the temple-visit advice) or a valid draft. A form problem comes before the limit.
 */
export const judgeMeritForm = (item: MeritItem, selection: MeritSelection): MeritJudgement => {
  const result = v.safeParse(meritDraft, meritDraftOf(item, selection));
  if (result.success) return { outcome: 'valid', draft: result.output };
  const errors: MeritFieldErrors = {};
  for (const issue of result.issues) {
    if (isOverLimitIssue(issue)) continue;
    const field = FIELD_OF_PATH[v.getDotPath(issue) ?? ''] ?? 'general';
    errors[field] ??= issue.message;
  }
  return Object.keys(errors).length > 0 ? { outcome: 'invalid', errors } : { outcome: 'overLimit' };
};

/** 供花供果 · 鲜花供养: the item and, for price model 3, the chosen name (the confirmation says which). */
export const meritLineLabel = (item: MeritItem, draft: Pick<MeritDraft, 'meritItemList'>): string => {
  const chosen = chosenName(item, draft.meritItemList[0]?.GD_ITEM ?? null);
  return chosen ? `${item.GD_NAME} · ${chosen.CNNAME}` : item.GD_NAME;
};

/** What a list card says of the price: 每份 ¥100, ¥10 起 (any amount), ¥50–¥100 (by the name chosen). */
export const meritPriceLabel = (item: MeritItem): string => {
  const yuan = (n: number) => formatYuan(yuanToFen(n));
  switch (priceModelOf(item)) {
    case 'quantity':
      return typeof item.GD_PRICE === 'number' ? `每份 ${yuan(item.GD_PRICE)}` : '';
    case 'amount':
      return `${yuan(MERIT_RULES.minAmount)} 起，随喜`;
    case 'choice': {
      const prices = item.GDM.map((c) => c.EXTINT1);
      if (prices.length === 0) return '';
      const [low, high] = [Math.min(...prices), Math.max(...prices)];
      return low === high ? yuan(low) : `${yuan(low)}–${yuan(high)}`;
    }
  }
};

export { type Wish, wish };

export const meritApi = {
  list: endpoint({
    method: 'GET',
    path: '/portal/rs/gdapi/findByGdList',
    request: v.object(
      { channel: v.optional(wholeNumberParam(MERIT_MESSAGES.unknownChannel), '1') },
      MERIT_MESSAGES.unknownChannel,
    ),
    response: portalEnvelope(v.array(meritItem)),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/portal/rs/gdapi/selectById',
    request: v.object({ id: wholeNumberParam(MERIT_MESSAGES.unknownItem) }, MERIT_MESSAGES.unknownItem),
    response: portalEnvelope(meritItem),
  }),
  wishes: wishListEndpoint,
  order: endpoint({
    method: 'POST',
    path: '/portal/rs/payapi/v1/pay/prePay',
    request: meritOrderRequest,
    response: prePayAnswer,
    encoding: 'jsonObject',
  }),
};
