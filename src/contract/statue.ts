import * as v from 'valibot';
import { STATUE_LOCATIONS, type StatueLocation } from './address-keys';
import { endpoint, portalEnvelope } from './envelope';
import { ORDER_TYPES } from './order-types';
import { prePayAnswer } from './payment';
import { phoneSchema } from './phone';
import { CHINESE_OR_LETTERS, POSITION_PATTERN, seatMap } from './seats';
import { NO_CONTROL, wholeNumber, wholeNumberParam, wireText, yuanAmount } from './wire';

/**
 * Statue enshrinement (圣像供奉, spec 001 sections 2-5, 7 and 9): three locations, their statues,
 * materials and position groups with yearly (NG_PRICE) and permanent (CG_PRICE) prices, a seat map
 * per location, material and group, and the order (type 7). Money is yuan on the wire.
 */

export { STATUE_LOCATIONS, type StatueLocation };

/** The term (期限): '1' 常供 (permanent, CG_PRICE), '2' 年供 (yearly, NG_PRICE). */
export const GF_TYPES = ['1', '2'] as const;
export type GfType = (typeof GF_TYPES)[number];
export const GF_TYPE_TEXT: Record<GfType, string> = { '1': '常供', '2': '年供' };

export const STATUE_RULES = {
  channel: 'pc',
  /** GD_NAMES: 1 to 7 Chinese characters or letters. */
  donorMax: 7,
  remarkMax: 300,
} as const;

export const STATUE_MESSAGES = {
  /** The login dialog's notice when a visitor submits the enshrinement (awaitLogin). */
  loginFirst: '请先登录，登录后将继续您的供奉',
  incomplete: '请选择材质类型,佛像类型，期限以及佛像位置',
  donorEmpty: '请输入功德芳名!',
  donor: '功德芳名7位中文或英文!',
  remark: '备注300字符!',
  unknownLocation: '该供奉地点不存在',
  unknownChoice: '所选的材质、佛像或方位不存在，请刷新页面后重试',
  groupClosed: '该方位暂不开放，请选择其他方位',
  totalMismatch: '供奉金额与价格不符，请刷新页面后重试',
  text: '填写的内容有误',
  orderIncomplete: '订单内容不完整，请刷新页面后重试',
  orderType: '订单类型不正确',
  channel: '下单渠道不正确',
  /** Staff's mark-offered command on an order that is not a paid statue. */
  notOfferable: '该订单不是已支付的圣像供奉订单',
} as const;

/** The price (yuan) of a group for a term: 常供 CG_PRICE, 年供 NG_PRICE. */
export const statuePriceOf = (group: { NG_PRICE: number; CG_PRICE: number }, gfType: GfType): number =>
  gfType === '1' ? group.CG_PRICE : group.NG_PRICE;

/** The donor name (GD_NAMES): required, 1 to 7 Chinese characters or letters. */
export const donorNamesRefusal = (name: string): string | null => {
  if (name.trim() === '') return STATUE_MESSAGES.donorEmpty;
  return [...name].length <= STATUE_RULES.donorMax && CHINESE_OR_LETTERS.test(name)
    ? null
    : STATUE_MESSAGES.donor;
};

/** The remark: at most 300 characters, no control characters. */
export const remarkRefusal = (remark: string): string | null =>
  [...remark].length <= STATUE_RULES.remarkMax && NO_CONTROL.test(remark) ? null : STATUE_MESSAGES.remark;

/** Whether material, statue, term and position are all chosen (001 section 5). */
export const statueChoiceRefusal = (choice: {
  material?: unknown;
  statue?: unknown;
  gfType?: unknown;
  position?: unknown;
}): string | null =>
  choice.material && choice.statue && choice.gfType && choice.position ? null : STATUE_MESSAGES.incomplete;

// ---------------------------------------------------------------------------------------------
// Wire shapes.

const ANSWER = '圣像供奉的数据有误';

/** A location of the list (findByFxList). */
export const statueLocationItem = v.object(
  {
    LOCATION: v.picklist(STATUE_LOCATIONS, ANSWER),
    NAME: v.string(ANSWER),
    ENNAME: v.string(ANSWER),
    IMAGE: v.string(ANSWER),
    PARTICULARS: v.string(ANSWER),
  },
  ANSWER,
);
export type StatueLocationItem = v.InferOutput<typeof statueLocationItem>;

/** A statue (selectByLocation). */
export const statueItem = v.object(
  { ID: v.number(ANSWER), NAME: v.string(ANSWER), EN_NAME: v.string(ANSWER) },
  ANSWER,
);
export type StatueItem = v.InferOutput<typeof statueItem>;

export const statueMaterial = v.object({ ID: v.number(ANSWER), NAME: v.string(ANSWER) }, ANSWER);
export type StatueMaterial = v.InferOutput<typeof statueMaterial>;

/** A position group with its prices (yuan): NG_PRICE yearly, CG_PRICE permanent. */
export const statueGroup = v.object(
  {
    FX_GROUP: v.string(ANSWER),
    NAME: v.string(ANSWER),
    NG_PRICE: v.number(ANSWER),
    CG_PRICE: v.number(ANSWER),
  },
  ANSWER,
);
export type StatueGroup = v.InferOutput<typeof statueGroup>;

/**
 * The choices of a location (getFxPreviewData?location): materials, groups by FX_GROUP, and
 * locationOffMap: FX_GROUP → true for a group the temple has closed (its seats are all 不可选).
 */
export const statuePreview = v.object(
  {
    fxMaterialList: v.array(statueMaterial, ANSWER),
    fxGroupMap: v.record(v.string(ANSWER), statueGroup, ANSWER),
    locationOffMap: v.record(v.string(ANSWER), v.boolean(ANSWER), ANSWER),
  },
  ANSWER,
);
export type StatuePreview = v.InferOutput<typeof statuePreview>;

/** The seat map of a location, material and group (getFxPreviewData with material and fxGroup). */
export const statueSeats = v.object({ fxOrderDataMap: seatMap }, ANSWER);
export type StatueSeats = v.InferOutput<typeof statueSeats>;

/** Everything of one location by its name (getFxAll?location=大殿内): data.fx. */
export const statueAll = v.object(
  {
    fx: v.object(
      {
        ...statueLocationItem.entries,
        statues: v.array(statueItem, ANSWER),
        fxMaterialList: v.array(statueMaterial, ANSWER),
        groups: v.array(statueGroup, ANSWER),
      },
      ANSWER,
    ),
  },
  ANSWER,
);
export type StatueAll = v.InferOutput<typeof statueAll>;

const locationParam = v.picklist(STATUE_LOCATIONS, STATUE_MESSAGES.unknownLocation);

export const statueSeatsRequest = v.object(
  {
    location: locationParam,
    material: wholeNumberParam(STATUE_MESSAGES.incomplete),
    fxGroup: wireText(STATUE_MESSAGES.incomplete, 20),
  },
  STATUE_MESSAGES.incomplete,
);
export type StatueSeatsRequest = v.InferOutput<typeof statueSeatsRequest>;

// ---------------------------------------------------------------------------------------------
// The order (type 7).

const choice = wholeNumber(STATUE_MESSAGES.incomplete, 1, 2_147_483_647);
const label = v.pipe(
  v.optional(v.string(STATUE_MESSAGES.text), ''),
  v.maxLength(100, STATUE_MESSAGES.text),
  v.regex(NO_CONTROL, STATUE_MESSAGES.text),
);

/**
 * The statue order as the browser sends it in `jsonObject` (001 section 3): the ids the server
 * prices with (LOCATION, MATERIAL, STATUE, FX_GROUP, GF_TYPE, POSITION, GFJ_TOTAL) and the
 * labels the page shows (FX_CNNAME, FX_MATERIAL_NAME, FULL_NAME, GF_TYPE_TEXT, FX_LOCATION_NAME,
 * FX_ZB), which the server does not trust: it names the order from its own tables.
 */
export const statueOrderRequest = v.object(
  {
    type: v.literal(ORDER_TYPES.statue, STATUE_MESSAGES.orderType),
    CHANNEL: v.optional(v.literal(STATUE_RULES.channel, STATUE_MESSAGES.channel), STATUE_RULES.channel),
    // A missing choice reads as an empty one, so it is refused with the choice's own message.
    LOCATION: v.optional(v.picklist(STATUE_LOCATIONS, STATUE_MESSAGES.incomplete), '' as StatueLocation),
    MATERIAL: v.optional(choice, 0),
    STATUE: v.optional(choice, 0),
    FX_GROUP: v.optional(wireText(STATUE_MESSAGES.incomplete, 20), ''),
    GF_TYPE: v.optional(v.picklist(GF_TYPES, STATUE_MESSAGES.incomplete), '' as GfType),
    POSITION: v.optional(
      v.pipe(v.string(STATUE_MESSAGES.incomplete), v.regex(POSITION_PATTERN, STATUE_MESSAGES.incomplete)),
      '',
    ),
    GFJ_TOTAL: yuanAmount(STATUE_MESSAGES.totalMismatch),
    GD_NAMES: v.pipe(
      v.optional(v.string(STATUE_MESSAGES.donorEmpty), ''),
      v.check((name) => donorNamesRefusal(name) !== STATUE_MESSAGES.donorEmpty, STATUE_MESSAGES.donorEmpty),
      v.check((name) => donorNamesRefusal(name) === null, STATUE_MESSAGES.donor),
    ),
    REMARK: v.pipe(
      v.optional(v.string(STATUE_MESSAGES.remark), ''),
      v.check((remark) => remarkRefusal(remark) === null, STATUE_MESSAGES.remark),
    ),
    MOBILE: phoneSchema,
    FX_CNNAME: label,
    FX_MATERIAL_NAME: label,
    FULL_NAME: label,
    GF_TYPE_TEXT: label,
    FX_LOCATION_NAME: label,
    FX_ZB: label,
  },
  STATUE_MESSAGES.orderIncomplete,
);
export type StatueOrderRequest = v.InferOutput<typeof statueOrderRequest>;
export type StatueOrderInput = v.InferInput<typeof statueOrderRequest>;

// ---------------------------------------------------------------------------------------------
// The calls (001 section 7).

export const statueApi = {
  /** The three locations: data.ls. */
  list: endpoint({
    method: 'GET',
    path: '/portal/rs/fxapi/findByFxList',
    request: null,
    response: portalEnvelope(v.object({ ls: v.array(statueLocationItem, ANSWER) }, ANSWER)),
  }),
  /** The statues of a location. */
  statues: endpoint({
    method: 'GET',
    path: '/portal/rs/fxapi/selectByLocation',
    request: v.object({ location: locationParam }, STATUE_MESSAGES.unknownLocation),
    response: portalEnvelope(v.array(statueItem, ANSWER)),
  }),
  /** Materials, groups and closed groups of a location. */
  preview: endpoint({
    method: 'GET',
    path: '/portal/rs/fx-api/v1/fx/getFxPreviewData',
    request: v.object({ location: locationParam }, STATUE_MESSAGES.unknownLocation),
    response: portalEnvelope(statuePreview),
  }),
  /** The same path with material and fxGroup: the seat map. */
  seats: endpoint({
    method: 'GET',
    path: '/portal/rs/fx-api/v1/fx/getFxPreviewData',
    request: statueSeatsRequest,
    response: portalEnvelope(statueSeats),
  }),
  /** A location by its name (大殿内), with statues, materials and groups: data.fx. */
  all: endpoint({
    method: 'GET',
    path: '/portal/rs/fxapi/getFxAll',
    request: v.object(
      { location: wireText(STATUE_MESSAGES.unknownLocation, 20) },
      STATUE_MESSAGES.unknownLocation,
    ),
    response: portalEnvelope(statueAll),
  }),
  order: endpoint({
    method: 'POST',
    path: '/portal/rs/payapi/v1/pay/prePay',
    request: statueOrderRequest,
    response: prePayAnswer,
    encoding: 'jsonObject',
  }),
};
