/**
 * The order kinds by their wire `type` (DESIGN section 4): the one list the contract's order
 * schemas, the server's `OrderKind`s and the views name them by. The spec numbers 1 to 6; it gives
 * the statue enshrinement no number, 7 is ours.
 */
export const ORDER_TYPES = {
  assembly: 1,
  ceremony: 2,
  tablet: 3,
  renewal: 4,
  merit: 5,
  membership: 6,
  statue: 7,
} as const;
export type OrderKindName = keyof typeof ORDER_TYPES;
export type OrderType = (typeof ORDER_TYPES)[OrderKindName];

/** What the readers of orders (我的订单, the console's orders and order page) show of a kind. */
export interface OrderKindView {
  /** Its name beside each order: 我的订单's 类型, the console's 类别. */
  name: string;
  /** Whether staff mark a paid order of it 已供奉 (a statue put in its niche) from its page. */
  staffMarksOffered: boolean;
}

const VIEWS: { readonly [K in OrderKindName]: OrderKindView } = {
  assembly: { name: '法会报名', staffMarksOffered: false },
  ceremony: { name: '独姓佛事', staffMarksOffered: false },
  tablet: { name: '牌位供奉', staffMarksOffered: false },
  renewal: { name: '供奉续费', staffMarksOffered: false },
  merit: { name: '功德供养', staffMarksOffered: false },
  membership: { name: '功德会会员', staffMarksOffered: false },
  statue: { name: '圣像供奉', staffMarksOffered: true },
};

const BY_TYPE = new Map<number, OrderKindView>(
  Object.entries(ORDER_TYPES).map(([kind, type]) => [type, VIEWS[kind as OrderKindName]]),
);

/** The view of an order's `type`; undefined for a type the list does not have. */
export const orderKindView = (type: number): OrderKindView | undefined => BY_TYPE.get(type);
