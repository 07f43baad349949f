import * as v from 'valibot';
import { PW_TYPES, type PwType } from './address-keys';
import { endpoint, portalEnvelope } from './envelope';
import { ORDER_TYPES } from './order-types';
import { prePayAnswer } from './payment';
import { phoneSchema } from './phone';
import { CHINESE_OR_LETTERS, POSITION_PATTERN, seatMap } from './seats';
import { NO_CONTROL, wireText, yuanAmount } from './wire';

/**
 * Memorial tablets (牌位供奉, spec 002 sections 2-5, 7-9; 001 section 2): two tablet types, two
 * categories, a location cascader (pagoda floor 1-4, then group), a seat map per floor, type and
 * group with its price, and the order (type 3) with the tablet names. Money is yuan on the wire.
 */

export { PW_TYPES, type PwType };

/** Categories: '1' longevity blessing 延生禄位 (zzList), '2' rebirth merit 往生莲位 (jyList + ysList). */
export const TABLET_CATEGORIES = ['1', '2'] as const;
export type TabletCategory = (typeof TABLET_CATEGORIES)[number];
export const TABLET_CATEGORY_NAMES: Record<TabletCategory, string> = { '1': '延生禄位', '2': '往生莲位' };

/** Pagoda floors (塔层). */
export const PW_FLOORS = [1, 2, 3, 4] as const;
export type PwFloor = (typeof PW_FLOORS)[number];

export const TABLET_RULES = {
  channel: 'pc',
  payMethod: '8',
  dataSource: 4,
  /** YD_CYCLE: the days a reservation is held. */
  ydCycle: 7,
  ydFlag: 1,
  /** GF_TYPE of a tablet: '2' permanent (002 section 3's offering type: 1 annual, 2 permanent). */
  gfType: '2',
  nameMax: 20,
  maxNames: 3,
  maxDescendants: 8,
} as const;

export const TABLET_MESSAGES = {
  chooseAll: '请选择类别和位置',
  /** 请先登录 (002 section 5), and what happens after it (awaitLogin's notice). */
  loginFirst: '请先登录，登录后将继续您的预约',
  nameChars: '只能输入中文和字母',
  nameLength: `姓名最多${TABLET_RULES.nameMax}个字`,
  nameRequired: '请输入一个供奉人姓名',
  nameCount: `最多填写${TABLET_RULES.maxNames}个供奉人姓名`,
  descendant: '阳上只能输入中文和字母',
  /** 阳上 all empty on a rebirth tablet: the field says it must be filled (the memorial entry's words). */
  descendantRequired: '请输入阳上人姓名',
  descendantCount: `最多填写${TABLET_RULES.maxDescendants}个阳上人姓名`,
  birthDay: '出生日期格式不正确',
  entryKind: '姓名类型与牌位类别不符',
  unknownType: '该牌位类型不存在',
  unknownCategory: '该牌位类别不存在',
  unknownGroup: '该区域不存在',
  groupClosed: '该区域暂不开放，请选择其他区域',
  totalMismatch: '牌位金额与价格不符，请刷新页面后重试',
  text: '填写的内容有误',
  orderIncomplete: '订单内容不完整，请刷新页面后重试',
  orderType: '订单类型不正确',
  channel: '下单渠道不正确',
  payMethod: '支付方式不正确',
} as const;

/** One tablet or descendant name: empty (a blank field), or up to 20 Chinese characters or letters. */
export const tabletNameRefusal = (name: string): string | null => {
  if (name === '') return null;
  if (!CHINESE_OR_LETTERS.test(name)) return TABLET_MESSAGES.nameChars;
  return [...name].length > TABLET_RULES.nameMax ? TABLET_MESSAGES.nameLength : null;
};

/** The tablet names (FG_ZZ or FG_JY): up to 3 fields, at least one filled, each valid. */
export const tabletNamesRefusal = (names: readonly string[]): string | null => {
  if (names.length > TABLET_RULES.maxNames) return TABLET_MESSAGES.nameCount;
  for (const name of names) {
    const refusal = tabletNameRefusal(name);
    if (refusal) return refusal;
  }
  return names.some((name) => name !== '') ? null : TABLET_MESSAGES.nameRequired;
};

/** The descendants (阳上, YS) of a rebirth tablet: up to 8 fields, at least one filled, each valid. */
export const descendantsRefusal = (names: readonly string[]): string | null => {
  if (names.length > TABLET_RULES.maxDescendants) return TABLET_MESSAGES.descendantCount;
  const valid = (name: string) => CHINESE_OR_LETTERS.test(name) && [...name].length <= TABLET_RULES.nameMax;
  if (names.some((name) => name !== '' && !valid(name))) return TABLET_MESSAGES.descendant;
  return names.some((name) => name !== '') ? null : TABLET_MESSAGES.descendantRequired;
};

/** Whether category, location (floor and group) and seat are all chosen (002 section 5). */
export const tabletChoiceRefusal = (choice: {
  category?: unknown;
  floor?: unknown;
  group?: unknown;
  position?: unknown;
}): string | null =>
  choice.category && choice.floor && choice.group && choice.position ? null : TABLET_MESSAGES.chooseAll;

// ---------------------------------------------------------------------------------------------
// Wire shapes.

const ANSWER = '牌位的数据有误';

/** A tablet type of the list (shown in reverse order). */
export const tabletTypeItem = v.object(
  {
    PW_TYPE: v.picklist(PW_TYPES, ANSWER),
    NAME: v.string(ANSWER),
    IMAGE: v.string(ANSWER),
    PARTICULARS: v.string(ANSWER),
  },
  ANSWER,
);
export type TabletTypeItem = v.InferOutput<typeof tabletTypeItem>;

/** A category with its description. */
export const tabletCategoryItem = v.object(
  {
    FS_TYPE: v.picklist(TABLET_CATEGORIES, ANSWER),
    NAME: v.string(ANSWER),
    IMAGE: v.string(ANSWER),
    PARTICULARS: v.string(ANSWER),
  },
  ANSWER,
);
export type TabletCategoryItem = v.InferOutput<typeof tabletCategoryItem>;

/** A group of a floor (北/东/南/西; 一室..六室 and 南), CLOSED when the temple closed it. */
export const tabletGroupItem = v.object(
  { PW_GROUP: v.string(ANSWER), NAME: v.string(ANSWER), CLOSED: v.boolean(ANSWER) },
  ANSWER,
);
/** A floor of the cascader with its groups. */
export const tabletFloorItem = v.object(
  {
    PW_LOCATION: v.picklist(PW_FLOORS, ANSWER),
    NAME: v.string(ANSWER),
    groups: v.array(tabletGroupItem, ANSWER),
  },
  ANSWER,
);
export type TabletFloorItem = v.InferOutput<typeof tabletFloorItem>;

/**
 * The dictionary maps of a tablet type: pwGroupMap PW_GROUP → name, locationMap floor → name,
 * locationOffMap `${floor}_${PW_GROUP}` → true for a closed group, priceMap the same key → yuan.
 */
export const tabletDictMaps = v.object(
  {
    pwGroupMap: v.record(v.string(ANSWER), v.string(ANSWER), ANSWER),
    locationMap: v.record(v.string(ANSWER), v.string(ANSWER), ANSWER),
    locationOffMap: v.record(v.string(ANSWER), v.boolean(ANSWER), ANSWER),
    priceMap: v.record(v.string(ANSWER), v.number(ANSWER), ANSWER),
  },
  ANSWER,
);
export type TabletDictMaps = v.InferOutput<typeof tabletDictMaps>;
export const floorGroupKey = (floor: number, group: string) => `${floor}_${group}`;

/** The seats of a floor, type and group, and the price (yuan) of a place there. */
export const tabletSeats = v.object({ pwOrderDataMap: seatMap, PW_PRICE: v.number(ANSWER) }, ANSWER);
export type TabletSeats = v.InferOutput<typeof tabletSeats>;

const pwTypeParam = v.picklist(PW_TYPES, TABLET_MESSAGES.unknownType);
const floorParam = v.picklist(['1', '2', '3', '4'], TABLET_MESSAGES.chooseAll);

export const tabletSeatsRequest = v.object(
  { pwLocation: floorParam, pwType: pwTypeParam, pwGroup: wireText(TABLET_MESSAGES.chooseAll, 20) },
  TABLET_MESSAGES.chooseAll,
);
export type TabletSeatsRequest = v.InferOutput<typeof tabletSeatsRequest>;

// ---------------------------------------------------------------------------------------------
// The order (type 3).

const label = (max: number) =>
  v.pipe(
    v.optional(v.string(TABLET_MESSAGES.text), ''),
    v.maxLength(max, TABLET_MESSAGES.text),
    v.regex(NO_CONTROL, TABLET_MESSAGES.text),
  );
const nameField = v.string(TABLET_MESSAGES.nameChars);
const birthDay = v.pipe(
  v.optional(v.string(TABLET_MESSAGES.birthDay), ''),
  v.regex(/^(?:\d{4}-\d{2}-\d{2})?$/, TABLET_MESSAGES.birthDay),
);
const list = <S extends v.GenericSchema>(entry: S) =>
  v.optional(
    v.pipe(v.array(entry, TABLET_MESSAGES.orderIncomplete), v.maxLength(20, TABLET_MESSAGES.text)),
    [],
  );

const orderObject = v.object(
  {
    type: v.literal(ORDER_TYPES.tablet, TABLET_MESSAGES.orderType),
    CHANNEL: v.literal(TABLET_RULES.channel, TABLET_MESSAGES.channel),
    // A missing choice reads as an empty one, so it is refused with the choices' message.
    FS_TYPE: v.optional(v.picklist(TABLET_CATEGORIES, TABLET_MESSAGES.chooseAll), '' as TabletCategory),
    PW_TYPE: v.optional(v.picklist(PW_TYPES, TABLET_MESSAGES.chooseAll), '' as PwType),
    PW_LOCATION: v.optional(v.picklist(PW_FLOORS, TABLET_MESSAGES.chooseAll), 0 as PwFloor),
    PW_GROUP: v.optional(wireText(TABLET_MESSAGES.chooseAll, 20), ''),
    POSITION: v.optional(
      v.pipe(v.string(TABLET_MESSAGES.chooseAll), v.regex(POSITION_PATTERN, TABLET_MESSAGES.chooseAll)),
      '',
    ),
    PW_PRICE: yuanAmount(TABLET_MESSAGES.totalMismatch),
    GFJ_TOTAL: yuanAmount(TABLET_MESSAGES.totalMismatch),
    GF_TYPE: v.optional(v.literal(TABLET_RULES.gfType, TABLET_MESSAGES.orderIncomplete), TABLET_RULES.gfType),
    YD_CYCLE: v.optional(
      v.literal(TABLET_RULES.ydCycle, TABLET_MESSAGES.orderIncomplete),
      TABLET_RULES.ydCycle,
    ),
    PW_YD_FLAG: v.optional(
      v.literal(TABLET_RULES.ydFlag, TABLET_MESSAGES.orderIncomplete),
      TABLET_RULES.ydFlag,
    ),
    PAY_METHOD: v.literal(TABLET_RULES.payMethod, TABLET_MESSAGES.payMethod),
    DATA_SOURCE: v.literal(TABLET_RULES.dataSource, TABLET_MESSAGES.channel),
    MOBILE: phoneSchema,
    /** Labels the page shows (category name, floor and group, row, place): not trusted. */
    FHTYPENAME: label(20),
    location: label(50),
    CZ_ROW: label(20),
    PW_DW: label(50),
    SP_POSITION: label(50),
    zzList: list(v.object({ FG_ZZ: nameField }, TABLET_MESSAGES.orderIncomplete)),
    jyList: list(v.object({ FG_JY: nameField, BIRTH_DAY: birthDay }, TABLET_MESSAGES.orderIncomplete)),
    ysList: list(v.object({ YS: v.string(TABLET_MESSAGES.descendant) }, TABLET_MESSAGES.orderIncomplete)),
  },
  TABLET_MESSAGES.orderIncomplete,
);
type OrderShape = v.InferOutput<typeof orderObject>;

/** The names fit the category: 延生 (1) zzList alone; 往生 (2) jyList with ysList. */
export const tabletEntriesRefusal = (
  order: Pick<OrderShape, 'FS_TYPE' | 'zzList' | 'jyList' | 'ysList'>,
): string | null => {
  if (order.FS_TYPE === '1') {
    if (order.jyList.length > 0 || order.ysList.length > 0) return TABLET_MESSAGES.entryKind;
    return tabletNamesRefusal(order.zzList.map((e) => e.FG_ZZ));
  }
  if (order.zzList.length > 0) return TABLET_MESSAGES.entryKind;
  return (
    tabletNamesRefusal(order.jyList.map((e) => e.FG_JY)) ?? descendantsRefusal(order.ysList.map((e) => e.YS))
  );
};

/**
 * The tablet order (type 3) as the browser sends it in `jsonObject` (002 section 3). The price,
 * the seat and its state are the server's to judge.
 */
export const tabletOrderRequest = v.pipe(
  orderObject,
  v.rawCheck<OrderShape>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const refusal = tabletEntriesRefusal(dataset.value);
    if (refusal) addIssue({ message: refusal });
  }),
);
export type TabletOrderRequest = v.InferOutput<typeof tabletOrderRequest>;
export type TabletOrderInput = v.InferInput<typeof tabletOrderRequest>;

// ---------------------------------------------------------------------------------------------
// The calls (002 section 7: paths not shown, named in the portal's pw-api family).

const PW = '/portal/rs/pw-api/v1/pw';

export const tabletApi = {
  /** The tablet types: data.ls. */
  types: endpoint({
    method: 'GET',
    path: `${PW}/getPwTypeList`,
    request: null,
    response: portalEnvelope(v.object({ ls: v.array(tabletTypeItem, ANSWER) }, ANSWER)),
  }),
  /** The categories with their descriptions: data.ls. */
  categories: endpoint({
    method: 'GET',
    path: `${PW}/getPwCategoryList`,
    request: null,
    response: portalEnvelope(v.object({ ls: v.array(tabletCategoryItem, ANSWER) }, ANSWER)),
  }),
  /** The location cascader of a type: floors 1-4, each with its groups. */
  locations: endpoint({
    method: 'GET',
    path: `${PW}/getPwLocationGroup`,
    request: v.object({ pwType: pwTypeParam }, TABLET_MESSAGES.unknownType),
    response: portalEnvelope(v.array(tabletFloorItem, ANSWER)),
  }),
  /** The dictionary maps of a type. */
  dictMaps: endpoint({
    method: 'GET',
    path: `${PW}/getPwDictMap`,
    request: v.object({ pwType: pwTypeParam }, TABLET_MESSAGES.unknownType),
    response: portalEnvelope(tabletDictMaps),
  }),
  /** The seats of a floor, type and group with the price. */
  seats: endpoint({
    method: 'GET',
    path: `${PW}/getPwSeatData`,
    request: tabletSeatsRequest,
    response: portalEnvelope(tabletSeats),
  }),
  order: endpoint({
    method: 'POST',
    path: '/portal/rs/payapi/v1/pay/prePay',
    request: tabletOrderRequest,
    response: prePayAnswer,
    encoding: 'jsonObject',
  }),
};
