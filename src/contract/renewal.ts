import * as v from 'valibot';
import { endpoint } from './envelope';
import { ORDER_TYPES } from './order-types';
import { prePayAnswer } from './payment';
import { phoneSchema } from './phone';
import { isReservationTotal } from './seats';
import { NO_CONTROL, wholeNumber, yuanAmount } from './wire';

/**
 * The renewal of a yearly statue enshrinement (续费, order type 4; spec 001 sections 3-5 and 9):
 * 1 to 3 years at the group's yearly price; at 10000 yuan and above it is a reservation
 * (FX_YD_FLAG 1, no online payment, paid at the temple).
 */
export const RENEWAL_RULES = {
  /** ORDER_TYPES.renewal, as the enshrinement-renewal machine names it. */
  orderType: ORDER_TYPES.renewal,
  minYears: 1,
  maxYears: 3,
  channel: 'pc',
  /** Unpaid renewals one believer may hold at once (an online one 15 minutes, a reservation 7 days). */
  maxUnpaidHolds: 3,
} as const;

export const RENEWAL_MESSAGES = {
  years: '续费年限为1至3年',
  notFound: '该供奉不存在或不可续费',
  permanent: '常供无需续费',
  totalMismatch: '续费金额与价格不符，请刷新页面后重试',
  orderIncomplete: '订单内容不完整，请刷新页面后重试',
  orderType: '订单类型不正确',
  channel: '下单渠道不正确',
  holdCap: `您已有${RENEWAL_RULES.maxUnpaidHolds}个未完成支付的续费订单，请先完成支付或等候其释放后再续费`,
} as const;

/** The renewal's total (yuan): the yearly price times the years. */
export const renewalTotal = (yearPrice: number, years: number): number => yearPrice * years;

/** FX_YD_FLAG: '1' for a reservation (10000 yuan and above), '0' paid online. */
export const renewalFlag = (total: number): '0' | '1' => (isReservationTotal(total) ? '1' : '0');

const label = v.pipe(
  v.optional(v.string(RENEWAL_MESSAGES.orderIncomplete), ''),
  v.maxLength(100, RENEWAL_MESSAGES.orderIncomplete),
  v.regex(NO_CONTROL, RENEWAL_MESSAGES.orderIncomplete),
);

/**
 * The renewal order (001 section 3): ID names the enshrinement (getMyWorship's ID), YEARS and the
 * total the page showed (customAmount). FX_PRICE, FX_GROUP, FX_LOCATION, FX_MATERIAL, FX_CNNAME and
 * FX_YD_FLAG are what the page showed; the server prices and flags from its own tables.
 */
export const renewalOrderRequest = v.object(
  {
    type: v.literal(RENEWAL_RULES.orderType, RENEWAL_MESSAGES.orderType),
    RENEW: v.optional(v.literal(1, RENEWAL_MESSAGES.orderIncomplete), 1),
    CHANNEL: v.optional(v.literal(RENEWAL_RULES.channel, RENEWAL_MESSAGES.channel), 'pc'),
    MOBILE: phoneSchema,
    ID: wholeNumber(RENEWAL_MESSAGES.notFound, 1, 2_147_483_647),
    YEARS: wholeNumber(RENEWAL_MESSAGES.years, RENEWAL_RULES.minYears, RENEWAL_RULES.maxYears),
    GF_TYPE: v.optional(v.literal('2', RENEWAL_MESSAGES.permanent), '2'),
    customAmount: yuanAmount(RENEWAL_MESSAGES.totalMismatch),
    FX_YD_FLAG: v.optional(v.picklist(['0', '1', 0, 1], RENEWAL_MESSAGES.orderIncomplete)),
    FX_PRICE: v.optional(yuanAmount(RENEWAL_MESSAGES.totalMismatch)),
    FX_GROUP: label,
    FX_LOCATION: label,
    FX_MATERIAL: v.optional(v.union([v.string(), v.number()], RENEWAL_MESSAGES.orderIncomplete)),
    FX_CNNAME: label,
  },
  RENEWAL_MESSAGES.orderIncomplete,
);
export type RenewalOrderRequest = v.InferOutput<typeof renewalOrderRequest>;

export const renewalApi = {
  order: endpoint({
    method: 'POST',
    path: '/portal/rs/payapi/v1/pay/prePay',
    request: renewalOrderRequest,
    response: prePayAnswer,
    encoding: 'jsonObject',
  }),
};
