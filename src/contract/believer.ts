import * as v from 'valibot';
import { AUTH_MESSAGES, realNameSchema } from './auth';
import { endpoint, mainEnvelope } from './envelope';
import { orderMoneySchema } from './order-money';
import { isPhotoUrl } from './photo';
import { NO_CONTROL, wholeNumberParam } from './wire';

/**
 * The believer's own data (个人中心, spec 001 sections 2-5, 7-9; 002 section 7): the profile and
 * its update rules (the full Chinese ID check), the order list with its filter and paging, the
 * activity history and the current enshrinements. Every call answers the logged-in believer's
 * own data: no call takes whose data it is.
 */

export const BELIEVER_MESSAGES = {
  idCard: '身份证输入有误！',
  birthFuture: '出生日期不能晚于今天',
  birthDate: '出生日期格式不正确',
  gender: '请选择性别',
  email: '邮箱格式不正确',
  postCode: '邮政编码格式不正确',
  telNumber: '固定电话格式不正确',
  address: '地址最多100个字，且不能包含特殊字符',
  region: '所在地区格式不正确',
  photo: '照片地址不正确',
  updated: '更新成功',
  reLogin: '请重新登录',
  query: '查询条件不正确',
  profileIncomplete: '提交的资料不完整',
} as const;

/** Gender: '1' male, '2' female (001 section 9); '' not yet given. */
export const GENDERS = ['1', '2'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_TEXT: Record<Gender, string> = { '1': '男', '2': '女' };

// ---------------------------------------------------------------------------------------------
// The Chinese resident ID number (GB 11643): 18 characters (6 region, 8 birth date, 3 sequence,
// 1 check digit, 0-9 or X), or the older 15 digits (6 region, 6 birth date YYMMDD of 19YY, 3 sequence).

/** The province-level codes (the region's first two digits): 34 units, Taiwan 71, Hong Kong 81, Macau 82. */
// biome-ignore format: a table of two-digit codes reads better in rows.
export const PROVINCE_CODES: readonly string[] = [
  '11', '12', '13', '14', '15', '21', '22', '23', '31', '32', '33', '34', '35', '36', '37',
  '41', '42', '43', '44', '45', '46', '50', '51', '52', '53', '54', '61', '62', '63', '64',
  '65', '71', '81', '82',
];

const CHECK_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** Whether `ymd` (YYYY-MM-DD) is a real calendar date. */
export const isRealDate = (ymd: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(ymd)) return false;
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** The check character of the first 17 digits of an 18-character ID number. */
export const idCheckChar = (first17: string): string => {
  const sum = [...first17].reduce((total, digit, i) => total + Number(digit) * (CHECK_WEIGHTS[i] ?? 0), 0);
  return CHECK_CHARS[sum % 11] ?? '';
};

/** The birth date (YYYY-MM-DD) an ID number carries, or null when it is not a valid ID number. */
export const idBirthDate = (id: string): string | null => {
  const text = id.toUpperCase();
  let ymd: string;
  if (/^\d{17}[\dX]$/.test(text)) {
    if (idCheckChar(text.slice(0, 17)) !== text[17]) return null;
    ymd = `${text.slice(6, 10)}-${text.slice(10, 12)}-${text.slice(12, 14)}`;
  } else if (/^\d{15}$/.test(text)) {
    ymd = `19${text.slice(6, 8)}-${text.slice(8, 10)}-${text.slice(10, 12)}`;
  } else return null;
  if (!PROVINCE_CODES.includes(text.slice(0, 2))) return null;
  return isRealDate(ymd) && ymd >= '1900-01-01' ? ymd : null;
};

/**
 * The sex an ID number states ('1' male, '2' female): its sequence digit (the 17th of 18, the
 * 15th of 15) odd for men; null when the number is not a valid one.
 */
export const idSex = (id: string): '1' | '2' | null => {
  if (!idBirthDate(id)) return null;
  const sequence = Number(id.length === 18 ? id[16] : id[14]);
  return sequence % 2 === 1 ? '1' : '2';
};

/** The full ID check (001 section 5): empty is valid; `today` (YYYY-MM-DD) bounds the birth date. */
export const isChineseIdNumber = (id: string, today = '9999-12-31'): boolean => {
  if (id === '') return true;
  const birth = idBirthDate(id);
  return birth !== null && birth <= today;
};

/** The birth date's refusal: empty is allowed, a real date, not after today. */
export const birthDateRefusal = (birthDate: string, today: string): string | null => {
  if (birthDate === '') return null;
  if (!isRealDate(birthDate)) return BELIEVER_MESSAGES.birthDate;
  return birthDate > today ? BELIEVER_MESSAGES.birthFuture : null;
};

// ---------------------------------------------------------------------------------------------
// The profile.

const ANSWER = '个人资料的数据有误';

/** The profile as getByPhone answers it (001 section 3). xzCode is the believer's number (信众编号). */
export const believerProfile = v.object(
  {
    xzCode: v.string(ANSWER),
    realName: v.string(ANSWER),
    phone: v.string(ANSWER),
    addres: v.string(ANSWER),
    cardId: v.string(ANSWER),
    telNumber: v.string(ANSWER),
    postCode: v.string(ANSWER),
    photo: v.string(ANSWER),
    ssqName: v.string(ANSWER),
    ssqCode: v.string(ANSWER),
    birthDate: v.string(ANSWER),
    gender: v.picklist(['', ...GENDERS], ANSWER),
    email: v.string(ANSWER),
  },
  ANSWER,
);
export type BelieverProfile = v.InferOutput<typeof believerProfile>;

const optionalText = (message: string, max: number, pattern?: RegExp) =>
  v.pipe(
    v.optional(v.string(message), ''),
    v.trim(),
    v.maxLength(max, message),
    v.regex(NO_CONTROL, message),
    v.check((text) => text === '' || !pattern || pattern.test(text), message),
  );

const profileEntries = {
  realName: realNameSchema,
  addres: optionalText(BELIEVER_MESSAGES.address, 100, /^[^<>]*$/),
  cardId: v.pipe(
    v.optional(v.string(BELIEVER_MESSAGES.idCard), ''),
    v.trim(),
    v.maxLength(18, BELIEVER_MESSAGES.idCard),
    v.check((id) => isChineseIdNumber(id), BELIEVER_MESSAGES.idCard),
    v.transform((id) => id.toUpperCase()),
  ),
  telNumber: optionalText(BELIEVER_MESSAGES.telNumber, 20, /^[\d-]{7,20}$/),
  postCode: optionalText(BELIEVER_MESSAGES.postCode, 6, /^\d{6}$/),
  /** The URL the photo upload answered (the upload itself is another call), or ''. */
  photo: v.pipe(
    v.optional(v.string(BELIEVER_MESSAGES.photo), ''),
    v.check((url) => url === '' || isPhotoUrl(url), BELIEVER_MESSAGES.photo),
  ),
  ssqName: optionalText(BELIEVER_MESSAGES.region, 100),
  ssqCode: optionalText(BELIEVER_MESSAGES.region, 50, /^\d{2,12}(,\d{2,12}){0,2}$/),
  birthDate: v.pipe(
    v.optional(v.string(BELIEVER_MESSAGES.birthDate), ''),
    v.check((d) => d === '' || isRealDate(d), BELIEVER_MESSAGES.birthDate),
  ),
  gender: v.picklist(GENDERS, BELIEVER_MESSAGES.gender),
  email: optionalText(BELIEVER_MESSAGES.email, 100, /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/),
};

/**
 * The profile update (PUT /api/yxs-app/believer). The phone is the login identity and xzCode is
 * issued by the temple: neither is changed here. `today` bounds the birth date and the ID's.
 */
export const profileUpdateSchema = (today: string) =>
  v.pipe(
    v.object(profileEntries, BELIEVER_MESSAGES.profileIncomplete),
    v.forward(
      v.check((p) => isChineseIdNumber(p.cardId, today), BELIEVER_MESSAGES.idCard),
      ['cardId'],
    ),
    v.forward(
      v.check((p) => birthDateRefusal(p.birthDate, today) === null, BELIEVER_MESSAGES.birthFuture),
      ['birthDate'],
    ),
  );
/** The update without the day's bound (the endpoint's shape); the server judges with `profileUpdateSchema(today)`. */
export const profileUpdateRequest = v.object(profileEntries, BELIEVER_MESSAGES.profileIncomplete);
export type ProfileUpdate = v.InferOutput<typeof profileUpdateRequest>;

// ---------------------------------------------------------------------------------------------
// My orders.

/** The filter (001 section 7): -1 all, 0 reserved (awaiting payment), 1 paid. */
export const ORDER_FILTERS = ['-1', '0', '1'] as const;
export const ORDER_PAGE_SIZES = ['5', '10', '20', '50', '100'] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** The label of a wire orderState (001 section 4); any other value reads '--'. */
export const orderStateLabel = (state: number): string =>
  ({ 0: '已预订', 1: '已支付', 3: '退款中', 4: '已退款', 5: '已关闭' })[state] ?? '--';

/**
 * What an order's description names without its kind's word (类型 says it): 牌位供奉·大牌位 → 大牌位,
 * 独姓佛事定金·延生普佛·2026-12-10 上午 → 延生普佛·2026-12-10 上午.
 */
export const orderedOf = (description: string): string =>
  description.split('·').slice(1).join('·') || description;

const pageParam = v.optional(wholeNumberParam(BELIEVER_MESSAGES.query), '0');
const sizeParam = (sizes: readonly string[]) =>
  v.pipe(v.optional(v.picklist(sizes, BELIEVER_MESSAGES.query), '10'), v.transform(Number));

export const myOrdersRequest = v.object(
  {
    status: v.pipe(v.optional(v.picklist(ORDER_FILTERS, BELIEVER_MESSAGES.query), '-1'), v.transform(Number)),
    page: pageParam,
    size: sizeParam(ORDER_PAGE_SIZES),
  },
  BELIEVER_MESSAGES.query,
);
export type MyOrdersRequest = v.InferOutput<typeof myOrdersRequest>;

/** A page request of the history and enshrinement lists (default size 10). */
export const pageRequest = v.object(
  { page: pageParam, size: sizeParam(ORDER_PAGE_SIZES) },
  BELIEVER_MESSAGES.query,
);
export type PageRequest = v.InferOutput<typeof pageRequest>;

const page = <T extends v.GenericSchema>(item: T) =>
  v.object({ content: v.array(item, ANSWER), totalElements: v.number(ANSWER) }, ANSWER);

/**
 * An order of the list (001 section 3). `orderState` is the effective state: an unpaid order whose
 * hold ran out reads 5 even before the sweeper closes it. `codeImgUrl` is the QR of an unpaid
 * online order whose hold lasts ('' otherwise): 我的订单 pays it again (去支付) until `expireTime`,
 * the dialog saying `description` and `payAmount` of the trade `orderNo`.
 */
export const myOrderItem = v.object(
  {
    createTime: v.string(ANSWER),
    orderNo: v.string(ANSWER),
    typeName: v.string(ANSWER),
    payAmount: v.number(ANSWER),
    orderState: v.number(ANSWER),
    description: v.string(ANSWER),
    codeImgUrl: v.string(ANSWER),
    expireTime: v.string(ANSWER),
    /**
     * Beyond the spec: an unpaid online order whose hold lasts, to continue on the device in hand
     * (issue 37). Its QR is '' once a phone channel (JSAPI, H5) took it over: 去支付 on a
     * computer then asks for a new one.
     */
    payOnline: v.optional(v.boolean(ANSWER), false),
    /** A paid single-family ceremony's day to come to the temple by (YYYY-MM-DD); '' otherwise. */
    comeBy: v.optional(v.string(ANSWER), ''),
    /**
     * Beyond the spec: the order's price, what was paid and what is still owed (fen), so a
     * deposit-paid ceremony reads 已付定金 ¥1,000 · 待补 ¥2,800 (src/contract/order-money.ts).
     */
    money: v.optional(orderMoneySchema),
  },
  ANSWER,
);
export type MyOrderItem = v.InferOutput<typeof myOrderItem>;

/** An activity the believer took part in (001 section 3); status 已圆满 (grey badge) or another (red). */
export const activityItem = v.object(
  {
    activeName: v.string(ANSWER),
    startDate: v.string(ANSWER),
    endDate: v.string(ANSWER),
    createUserName: v.string(ANSWER),
    createTime: v.string(ANSWER),
    activeAmount: v.number(ANSWER),
    status: v.string(ANSWER),
  },
  ANSWER,
);
export type ActivityItem = v.InferOutput<typeof activityItem>;
export const ACTIVITY_DONE = '已圆满';

/** What a statue of the list shows (001 section 4): 已售已供 green, 已售未供 blue. */
export const ENSHRINEMENT_STATUS = { offered: '已售已供', notOffered: '已售未供' } as const;

/**
 * A current enshrinement (001 section 3): a paid statue order. ID is the statue order a renewal
 * names; LOCATION 'location-group'; EXTTEXT1 the statue, EXTTEXT2 the material; GF_CYCLE
 * 'YYYY-MM-DD至YYYY-MM-DD' for 年供 (the term so far, renewals included) and 常供 for permanent;
 * END_DATE '' for 常供. RENEWABLE: only 年供 renews. FX_PRICE is the yearly price (yuan).
 */
export const enshrinementItem = v.object(
  {
    ID: v.number(ANSWER),
    GF_NR: v.string(ANSWER),
    localtion: v.string(ANSWER),
    gfCycle: v.string(ANSWER),
    gfType: v.string(ANSWER),
    orderNo: v.string(ANSWER),
    payAmonut: v.number(ANSWER),
    gfStatus: v.string(ANSWER),
    LOCATION: v.string(ANSWER),
    EXTTEXT1: v.string(ANSWER),
    EXTTEXT2: v.string(ANSWER),
    GFJ_TOTAL: v.number(ANSWER),
    GD_NAMES: v.string(ANSWER),
    GF_CYCLE: v.string(ANSWER),
    GF_TYPE: v.string(ANSWER),
    FX_LOCATION: v.string(ANSWER),
    FX_MATERIAL: v.number(ANSWER),
    FX_GROUP: v.string(ANSWER),
    FX_CNNAME: v.string(ANSWER),
    FX_PRICE: v.number(ANSWER),
    END_DATE: v.string(ANSWER),
    RENEWABLE: v.boolean(ANSWER),
  },
  ANSWER,
);
export type EnshrinementItem = v.InferOutput<typeof enshrinementItem>;

// ---------------------------------------------------------------------------------------------
// The calls (002 section 7 gives these paths). Every one needs the token (401 请重新登录 otherwise).

export const believerApi = {
  /** The logged-in believer's profile; `phone` is accepted for compatibility and never selects whose. */
  profile: endpoint({
    method: 'GET',
    path: '/api/yxs-app/believer/getByPhone',
    request: v.object({ phone: v.optional(v.string(AUTH_MESSAGES.unauthorized)) }),
    response: mainEnvelope(believerProfile),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/yxs-app/believer',
    request: profileUpdateRequest,
    response: mainEnvelope(believerProfile),
  }),
  orders: endpoint({
    method: 'GET',
    path: '/api/yxs-app/pay/getMyOrderList',
    request: myOrdersRequest,
    response: mainEnvelope(page(myOrderItem)),
  }),
  activities: endpoint({
    method: 'GET',
    path: '/api/yxs-app/pay/getMyActivityHis',
    request: v.object(
      { ...pageRequest.entries, status: optionalText(BELIEVER_MESSAGES.query, 10) },
      BELIEVER_MESSAGES.query,
    ),
    response: mainEnvelope(page(activityItem)),
  }),
  enshrinements: endpoint({
    method: 'GET',
    path: '/api/yxs-app/pay/getMyWorship',
    request: pageRequest,
    response: mainEnvelope(page(enshrinementItem)),
  }),
};
