import type { EnshrinementItem } from '@contract/believer';
import { MEMBERSHIP_MESSAGES } from '@contract/membership';
import { PAYMENT_MESSAGES } from '@contract/payment';
import { RENEWAL_RULES, type RenewalOrderRequest, renewalFlag, renewalTotal } from '@contract/renewal';
import { assign, setup } from 'xstate';
import { type FlowContext, flowContext, orderingFlow } from './ordering-flow';
import type { PayingDevice } from './payment.machine';

/**
 * Renewing a yearly statue enshrinement (续费, order kind 4) from 当前供奉 of the user centre: the
 * dialog of one enshrinement, open from its 续费 button until the flow ends: the ordering flow
 * (ordering-flow.ts) with no login and no order dialog.
 *
 * | state                | the believer sees                                                       |
 * | -------------------- | ----------------------------------------------------------------------- |
 * | editing              | 供奉续费: the statue, 1年/2年/3年, the total (yearly price × years),       |
 * |                      | 确认续费; at 10000 and above the notice that it is a reservation paid at  |
 * |                      | the temple; a refusal (the server's words) or 获取二维码失败 beside it      |
 * | ordering.checkingOut | the checkout: the same, 确认续费 pending, then the QR dialog alone        |
 * | reserved             | 预订成功: no QR (FX_YD_FLAG 1), come to the temple within 7 days; 确定     |
 * | paid (final)         | the dialog closes; 当前供奉 shows the longer term                         |
 * | left (final)         | the dialog closes (取消, ×, or 确定 of a reservation)                     |
 *
 * The total and FX_YD_FLAG come from the contract's `renewalTotal` and `renewalFlag`; the server
 * prices again and refuses a total that differs. The shared checkout makes the order: paid by QR,
 * or reserved (an empty QR: 办理成功). A failure without the server's words (the network, the
 * server down) says 获取二维码失败 (001 section 8) and the button is pressable again. Every try of
 * one renewal (refused, failed, or its QR closed unpaid) sends the same idempotency key (the first
 * press's; the view offers a new one on each press), so no second order is made and an unpaid one
 * is resumed with its QR; another choice of years is another order with a new key. The user
 * centre's lists are asked again whenever an order came to be or changed: paid, reserved, or a QR
 * closed unpaid (the order waits in 我的订单 with 去支付).
 */
export type RenewalYears = 1 | 2 | 3;

export interface EnshrinementRenewalContext extends FlowContext {
  item: EnshrinementItem;
  years: RenewalYears;
}

export type EnshrinementRenewalSubmit = {
  type: 'order.submit';
  mobile: string;
  key: string;
  device: PayingDevice;
};
export type EnshrinementRenewalEvent =
  | EnshrinementRenewalSubmit
  | { type: 'years.choose'; years: number }
  | { type: 'renewal.cancel' }
  | { type: 'reserved.close' };

/** The renewal's total (yuan) for the years chosen. */
export const renewalTotalOf = (context: Pick<EnshrinementRenewalContext, 'item' | 'years'>): number =>
  renewalTotal(context.item.FX_PRICE, context.years);

/** Whether the chosen renewal is a reservation (10000 and above: FX_YD_FLAG 1, no online payment). */
export const isRenewalReservation = (context: Pick<EnshrinementRenewalContext, 'item' | 'years'>): boolean =>
  renewalFlag(renewalTotalOf(context)) === '1';

/** The order kind 4 the page sends: what it showed, for the server to price again. */
export const renewalOrderOf = (
  { item, years }: Pick<EnshrinementRenewalContext, 'item' | 'years'>,
  mobile: string,
): RenewalOrderRequest => {
  const total = renewalTotal(item.FX_PRICE, years);
  return {
    type: RENEWAL_RULES.orderType,
    RENEW: 1,
    CHANNEL: RENEWAL_RULES.channel,
    MOBILE: mobile,
    ID: item.ID,
    YEARS: years,
    GF_TYPE: '2',
    customAmount: total,
    FX_YD_FLAG: renewalFlag(total),
    FX_PRICE: item.FX_PRICE,
    FX_GROUP: item.FX_GROUP,
    FX_LOCATION: item.FX_LOCATION,
    FX_MATERIAL: item.FX_MATERIAL,
    FX_CNNAME: item.FX_CNNAME,
  };
};

const isYears = (years: number): years is RenewalYears =>
  Number.isInteger(years) && years >= RENEWAL_RULES.minYears && years <= RENEWAL_RULES.maxYears;

/** The enshrinement the generated paths are walked with: 年供 at ¥4,000 a year (3 years: ¥12,000, reserved). */
export const modelEnshrinement: EnshrinementItem = {
  ID: 7,
  GF_NR: '药师佛（樟木）',
  localtion: '大殿外-东廊',
  gfCycle: '2026-11-22至2027-11-22',
  gfType: '年供',
  orderNo: 'WF20261122130000000007',
  payAmonut: 4000,
  gfStatus: '已售未供',
  LOCATION: '大殿外-东廊',
  EXTTEXT1: '药师佛',
  EXTTEXT2: '樟木',
  GFJ_TOTAL: 4000,
  GD_NAMES: '陈居士',
  GF_CYCLE: '2026-11-22至2027-11-22',
  GF_TYPE: '2',
  FX_LOCATION: '2',
  FX_MATERIAL: 1,
  FX_GROUP: '1',
  FX_CNNAME: '药师佛',
  FX_PRICE: 4000,
  END_DATE: '2027-11-22',
  RENEWABLE: true,
};

const flow = orderingFlow<EnshrinementRenewalContext, EnshrinementRenewalSubmit, EnshrinementRenewalEvent>({
  id: 'enshrinementRenewal',
  order: (c) => renewalOrderOf(c, c.mobile ?? ''),
  /** The server's words, or without them (the checkout's 下单失败…) 获取二维码失败. */
  refusal: (_, { message }) => ({
    orderError: message === PAYMENT_MESSAGES.orderFailed ? MEMBERSHIP_MESSAGES.qrFailed : message,
  }),
  // The QR closed unpaid: the order waits in 我的订单 (去支付) until its hold runs out; 确认续费
  // opens it again.
  closedTo: 'editing',
  // The reservation is an order in 我的订单 from now on; its 确定 closes the dialog.
  reserved: { closeTo: 'left' },
  retryKeepsKey: true,
});

export const enshrinementRenewalMachine = setup({
  types: flow.types<{ item: EnshrinementItem }>(),
  ...flow.with({
    guards: {
      /** Another choice of 1 to 3 years (choosing the years already chosen is no change). */
      isOtherYears: ({ context }: { context: EnshrinementRenewalContext }, years: number) =>
        isYears(years) && years !== context.years,
    },
  }),
  actions: {
    ...flow.actions,
    /** Another term is another order: the next press brings a new key. */
    assignYears: assign(({ context }, years: number) =>
      isYears(years) ? { years, idempotencyKey: null, orderError: null } : { years: context.years },
    ),
  },
}).createMachine({
  context: ({ input }) => ({ ...flowContext(), item: input.item, years: RENEWAL_RULES.minYears }),
  // The years are not changed, nor the dialog closed, while the order is made or its QR shows.
  ...flow.config({
    editing: {
      on: {
        'years.choose': {
          guard: { type: 'isOtherYears', params: ({ event }) => event.years },
          actions: { type: 'assignYears', params: ({ event }) => event.years },
        },
        'renewal.cancel': 'left',
      },
    },
  }),
});
